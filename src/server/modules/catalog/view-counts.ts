import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { products } from '../../db/schema';
import { summarizeError } from '../../http/log-safe';
import { flushRecentViews } from '../activity/service';
import { hit } from '../rate-limit/service';
import { keptWrites } from '../../db/kept-writes';

/** How often a process writes the views it has seen. */
export const VIEW_FLUSH_MS = 2000;
/** Views a process keeps before writing them at once (a crawler's burst). */
const MAX_PENDING = 5000;

interface PendingView {
  productId: number;
  visitor: string;
  at: Date;
}

/**
 * Each visitor's first view of the day counts (the rate-limit table remembers who was
 * counted), then each product's views grow by its count, in one transaction; rows in a
 * fixed order (db/kept-writes.ts). Resolves to the views counted.
 */
const views = keptWrites<PendingView, number>({
  max: MAX_PENDING,
  keep: 'first',
  write: (db, batch) =>
    db.transaction(async (tx) => {
      const counted = new Map<number, number>();
      for (const view of batch) {
        if ((await hit(tx, 'product:view', `${view.productId}:${view.visitor}`, view.at)).allowed) counted.set(view.productId, (counted.get(view.productId) ?? 0) + 1);
      }
      for (const [productId, count] of [...counted].sort(([a], [b]) => a - b)) {
        await tx
          .update(products)
          .set({ views: sql`${products.views} + ${count}` })
          .where(eq(products.id, productId));
      }
      return [...counted.values()].reduce((total, count) => total + count, 0);
    }),
});

/**
 * A product page was viewed (`visitor`: the signed-in user, else the address; rate-limit's
 * visitorKey). It counts once per visitor a day (LIMITS['product:view']) towards the
 * product's views, which rank "popular" and related products. Nothing is written on the
 * request's path: views are kept here and written in batches (flushProductViews), so a
 * page view takes no row lock, and processes sharing one PostgreSQL do not queue behind
 * each other's updates of a popular product's row. A process asked to stop writes them
 * first (server/shutdown.ts); one killed outright loses at most VIEW_FLUSH_MS of views, a
 * popularity figure and no money.
 */
export function recordProductView(db: Db, productId: number, visitor: string, now = new Date()): void {
  views.note(db, `${productId}:${visitor}`, { productId, visitor, at: now });
}

/** Writes the views kept so far; a failed write keeps them for the next flush. Resolves to the views counted. */
export async function flushProductViews(db: Db): Promise<number> {
  return (await views.flush(db)) ?? 0;
}

/**
 * Writes the kept views every VIEW_FLUSH_MS, the product views and the shoppers' recently
 * viewed (activity/service.ts) alike; the returned function stops and writes the rest.
 */
export function startViewCounting(db: Db, log: Logger): () => Promise<void> {
  const warn = (what: string) => (error: unknown) => log.warn({ error: summarizeError(error) }, `${what} not written this time`);
  const flush = () => Promise.all([flushProductViews(db).catch(warn('product views')), flushRecentViews(db).catch(warn('recently viewed products'))]);
  const timer = setInterval(() => void flush(), VIEW_FLUSH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flush();
  };
}
