import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCategory, createShop } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { sitemapEntriesQuery } from './service';

/**
 * A sitemap of a large catalogue is read page by page; each page must be a range read
 * of the products' primary key (no scan, no sort of the whole table), so the last page
 * costs what the first does. 20,000 products make the planner's choice meaningful.
 */
let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    const shops: number[] = [];
    for (let k = 0; k < 10; k++) shops.push((await createShop(db, { isActive: k !== 0 })).id);
    const category = await createCategory(db);
    await db.execute(sql`
      INSERT INTO products (shop_id, category_id, name, slug, sku, thumbnail, price, is_active)
      SELECT (${sql.raw(`ARRAY[${shops.join(',')}]`)})[1 + i % 10], ${category.id}, 'Bulk ' || i, 'bulk-' || i, 'BULK-' || i, '/uploads/products/bulk-800.webp', 1000, i % 50 <> 0
      FROM generate_series(1, 20000) AS i`);
    await db.execute(sql`ANALYZE`);
  });
}, 120_000);
afterAll(() => api.close());

async function explain(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const client = (api.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
  const { rows } = await client.query(`EXPLAIN ${text}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

it('reads a deep page of products through the primary key', async () => {
  for (const range of [
    { after: 0, limit: 1000 },
    { after: 15_000, until: 40_000, limit: 1000 },
  ]) {
    const plan = await explain(sitemapEntriesQuery(api.db, 'products', range));
    expect(plan).toMatch(/Index Scan using products_pkey on products/);
    expect(plan).not.toMatch(/Seq Scan on products|Sort Key/);
  }
});
