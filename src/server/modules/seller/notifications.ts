/**
 * What a shop is told on its dashboard (`shop_notifications`): one row per event, named by
 * its `eventKey` ("order:12:new"), so an event reported twice is one notification. Title
 * and message are English source texts with `{{placeholders}}`, translated when shown
 * (ADR 003), so each seller reads them in the language of the page.
 * Loaded by plain Node for the operator commands (ADR 004): `.ts` imports only.
 */
import type { Db } from '../../db';
import { eq } from 'drizzle-orm';
import { products, reviews, shopNotifications, users } from '../../db/schema/index.ts';
import type { SellerNotificationType } from '../../../contracts/seller.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ShopNotice {
  shopId: number;
  type: SellerNotificationType;
  eventKey: string;
  title: string;
  message: string;
  params?: Record<string, string>;
  url?: string | null;
}

/** Records a notification once per event; true when it is new. */
export async function notifyShop(db: Db | Tx, notice: ShopNotice, now: Date = new Date()): Promise<boolean> {
  const written = await db
    .insert(shopNotifications)
    .values({ ...notice, params: notice.params ?? {}, url: notice.url ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: shopNotifications.id });
  return written.length > 0;
}

/**
 * The shop's "new review" notification for a review just written (docs/decisions/017-sellers.md):
 * the shopper's name, the product and the rating, leading to the product's edit page.
 * Called where a shopper's review is written, in its transaction; once per review.
 */
export async function notifyNewReview(db: Db | Tx, reviewId: number, now: Date = new Date()): Promise<boolean> {
  const [review] = await db
    .select({ shopId: reviews.shopId, productId: reviews.productId, rating: reviews.rating, name: users.name, product: products.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  if (!review) return false;
  return notifyShop(
    db,
    {
      shopId: review.shopId,
      type: 'new_review',
      eventKey: `review:${reviewId}`,
      title: 'New review',
      message: '{{name}} rated {{product}} {{rating}}/5',
      params: { name: review.name, product: review.product, rating: String(review.rating) },
      url: `/shop/products/${review.productId}/edit`,
    },
    now,
  );
}
