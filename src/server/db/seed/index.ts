import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { blogs, brands, categories, flashSales, legalPages, products, reviews, settings, shops, subCategories, users, vouchers } from '../schema';
import { addProducts, loadCatalogContext, refreshRatings, seededProductRange } from './products';

export { seedBase, readMessages, MESSAGES_DIR } from './base';
export { seedCatalog, DEFAULT_PRODUCTS, type CatalogOptions } from './catalog';
export * from './factories';
export { ensureImages, uploadsDir, uploadUrl, imageWidths, type ImageKind } from './images';
export { seedImageSpecs } from './image-set';
export { DEMO_CUSTOMER, DEMO_SELLER, PENDING_SELLER_EMAIL } from './data/people';

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
  const entries = await Promise.all(
    Object.entries(COUNTED).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof COUNTED, number>;
}
