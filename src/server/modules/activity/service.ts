import { and, desc, eq, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { products, recentlyViewed, users } from '../../db/schema';
import { selectCards, toCards } from '../catalog/product-cards';
import { isPublicProduct } from '../catalog/visibility';
import { keptWrites } from '../../db/kept-writes';
import type { ProductCardDto } from '@/contracts/catalog';

/**
 * What a signed-in shopper did lately (docs/product.md §7.6): the products they opened
 * (GET /recently-views, the dashboard) and when they were last here (POST /update-last-seen).
 */

/** How many recently viewed products are kept per shopper; older views are forgotten. */
export const RECENTLY_VIEWED_LIMIT = 20;

/** Views noted before a flush writes them (a crawler-sized burst is written at once). */
const MAX_NOTED = 5000;

interface NotedView {
  userId: number;
  productId: number;
  /** Microseconds since the epoch, strictly increasing in this process: the order of views. */
  at: number;
}

let lastStamp = 0;

/** Now in microseconds since the epoch, later than any stamp this process gave before. */
function viewStamp(): number {
  lastStamp = Math.max(Math.round((performance.timeOrigin + performance.now()) * 1000), lastStamp + 1);
  return lastStamp;
}

/**
 * Notes that `userId` opened `productId` (GET /product-details, for a signed-in viewer,
 * after the product was found public). Nothing is written on the request's path: the views
 * are written in batches with the product views (catalog/view-counts.ts, every
 * VIEW_FLUSH_MS), and before this process lists a shopper's recently viewed products. A
 * process killed between two writes forgets at most that long of views, never money.
 */
export function recordView(db: Db, userId: number, productId: number): void {
  recentViews.note(db, `${userId}:${productId}`, { userId, productId, at: viewStamp() });
}

/**
 * The noted views in one transaction: a product seen before moves to the front (a later
 * view wins, whichever process noted it), and only each shopper's latest
 * RECENTLY_VIEWED_LIMIT stay.
 */
const recentViews = keptWrites<NotedView, void>({
  max: MAX_NOTED,
  keep: 'latest',
  write: (db, batch) =>
    db.transaction(async (tx) => {
      await tx
        .insert(recentlyViewed)
        .values(batch.map(({ userId, productId, at }) => ({ userId, productId, viewedAt: sql`'epoch'::timestamptz + ${at}::bigint * interval '1 microsecond'` })))
        .onConflictDoUpdate({ target: [recentlyViewed.userId, recentlyViewed.productId], set: { viewedAt: sql`greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)` } });
      for (const userId of new Set(batch.map((view) => view.userId))) {
        const latest = tx
          .select({ productId: recentlyViewed.productId })
          .from(recentlyViewed)
          .where(eq(recentlyViewed.userId, userId))
          .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
          .limit(RECENTLY_VIEWED_LIMIT);
        await tx.delete(recentlyViewed).where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.productId, latest)));
      }
    }),
});

/** Writes the noted views; a failed write keeps them for the next flush. */
export async function flushRecentViews(db: Db): Promise<void> {
  await recentViews.flush(db);
}

/**
 * The shopper's recently viewed products as cards, the latest first. A product that is no
 * longer public (hidden, or its shop under review) is left out until it is public again.
 */
export async function listRecentlyViewed(db: Db, userId: number, locale: string, limit = RECENTLY_VIEWED_LIMIT): Promise<ProductCardDto[]> {
  // The views this process noted are written first: a shopper sees the product just opened.
  await flushRecentViews(db);
  const rows = await selectCards(db, locale)
    .innerJoin(recentlyViewed, and(eq(recentlyViewed.productId, products.id), eq(recentlyViewed.userId, userId)))
    .where(isPublicProduct)
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.productId))
    .limit(limit);
  return toCards(db, rows, { userId, locale });
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
