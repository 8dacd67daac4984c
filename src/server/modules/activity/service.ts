import { and, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { products, recentlyViewed, users } from '../../db/schema';
import { selectCards, toCards } from '../catalog/product-cards';
import { isPublicProduct } from '../catalog/visibility';
import type { ProductCardDto } from '@/contracts/catalog';

/**
 * What a signed-in shopper did lately (docs/product.md §7.6): the products they opened
 * (GET /recently-views, the dashboard) and when they were last here (POST /update-last-seen).
 */

/** How many recently viewed products are kept per shopper; older views are forgotten. */
export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * Notes that `userId` opened `productId`: a product seen before moves to the front, and
 * only the latest RECENTLY_VIEWED_LIMIT stay. Called by GET /product-details for a
 * signed-in viewer, after the product was found public.
 */
export async function recordView(db: Db, userId: number, productId: number): Promise<void> {
  const [row] = await db
    .insert(recentlyViewed)
    .values({ userId, productId, viewedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [recentlyViewed.userId, recentlyViewed.productId], set: { viewedAt: sql`clock_timestamp()` } })
    // xmax is 0 on a row this statement inserted, not on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  // A product seen again only moved to the front: the list did not grow, nothing to trim.
  if (!row?.inserted) return;
  const latest = db
    .select({ productId: recentlyViewed.productId })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.userId, userId))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(RECENTLY_VIEWED_LIMIT);
  await db.delete(recentlyViewed).where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.productId, latest)));
}

/**
 * The shopper's recently viewed products as cards, the latest first. A product that is no
 * longer public (hidden, or its shop under review) is left out until it is public again.
 */
export async function listRecentlyViewed(db: Db, userId: number, limit = RECENTLY_VIEWED_LIMIT): Promise<ProductCardDto[]> {
  const rows = await selectCards(db)
    .innerJoin(recentlyViewed, and(eq(recentlyViewed.productId, products.id), eq(recentlyViewed.userId, userId)))
    .where(isPublicProduct)
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(limit);
  return toCards(db, rows, { userId });
}

/** A user seen again within this many seconds is not written again: the client posts on every page. */
const LAST_SEEN_GRANULARITY_SECONDS = 60;

/** Sets users.last_seen_at to now, at most once a minute per user. */
export async function touchLastSeen(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(users.id, userId), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_GRANULARITY_SECONDS})`))));
}
