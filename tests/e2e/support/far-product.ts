/**
 * Gives a seeded database a product with a far id (`npx tsx tests/e2e/support/far-product.ts 80001`
 * with DATA_DIR set), so the sitemap must split into an index as it does for a catalogue
 * of that size, without seeding one.
 */
import { eq } from 'drizzle-orm';
import { env } from '@/server/env';
import { openDatabase, pgliteDir } from '@/server/db/client';
import { products, shops } from '@/server/db/schema';
import { buildProduct } from '@/server/db/seed/factories';

const id = Number(process.argv[2]);
const handle = await openDatabase({ dataDir: pgliteDir(env().DATA_DIR) });
try {
  const [template] = await handle.db
    .select({ shopId: products.shopId, categoryId: products.categoryId })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(shops.isActive, true))
    .limit(1);
  await handle.db.insert(products).values({ ...buildProduct({ shopId: template!.shopId, categoryId: template!.categoryId, name: 'Far Away Product' }), id });
  console.log(`product ${id} added`);
} finally {
  await handle.close();
}
