import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { blogs, brands, categories, flashSales, legalPages, products, reviews, settings, shops, subCategories, users, vouchers } from '../schema/index.ts';
import { addProducts, loadCatalogContext, refreshRatings, seededProductRange } from './products.ts';

export { seedBase } from './base.ts';
export { seedCatalog, DEFAULT_PRODUCTS } from './catalog.ts';
export * from './factories.ts';
export { ensureImages } from './render.ts';
export { seedImageSpecs } from './image-set.ts';
export { DEMO_CUSTOMER, DEMO_SELLER, PENDING_SELLER_EMAIL } from './data/people.ts';

/**
 * Grows an existing seeded catalogue to `target` products, continuing the numbering of
 * the seeded ones so product n is the same as in a fresh seed. Returns how many it added.
 */
export async function topUpProducts(db: Db, target: number, options: { now?: Date; onProgress?: (done: number) => void } = {}): Promise<number> {
  const { count: existing, nextIndex } = await seededProductRange(db);
  if (existing >= target) return 0;
  const ctx = await loadCatalogContext(db);
  const adding = target - existing;
  await addProducts(db, ctx, nextIndex, nextIndex + adding, options.now ?? new Date(), options.onProgress);
  await refreshRatings(db);
  return adding;
}

const COUNTED = { settings, users, shops, categories, subCategories, brands, products, reviews, flashSales, vouchers, blogs, legalPages };

export async function countRows(db: Db): Promise<Record<keyof typeof COUNTED, number>> {
  // Sequential, so it also works on a transaction's single connection.
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts as Record<keyof typeof COUNTED, number>;
}
