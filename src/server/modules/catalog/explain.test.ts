import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { createBrand, createCategory, createFlashSale, createShop, createSubCategory } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { facetQuery } from './facets';
import type { ProductFilters } from './product-query';
import { isSaleSort, SALE_SORTS } from './sale-prices';
import { productCountQuery, productPageQuery } from './products';
import { SORT_TYPES, type SortType } from '@/contracts/catalog';

/**
 * The listing queries must read indexes, never the whole products table, so they stay
 * fast at 100,000 products (`npm run bench`). The planner only prefers an index over a scan when
 * the table is big enough to matter, so this builds one: 20,000 products in 10
 * categories, one shop in ten under review. No planner setting is forced. At this size
 * ANALYZE reads every row (its sample is 30,000), so the plans do not vary between runs;
 * EXPLAIN_PRODUCTS=100000 checks a bigger table.
 */
const PRODUCTS = Number(process.env.EXPLAIN_PRODUCTS ?? 20_000);
const CATEGORIES = 10;
// Names like the seed's, "<adjective> <noun> <model>": an adjective or noun matches a few
// percent of the catalogue, a model name (what shoppers search for) half a percent.
const ADJECTIVES = [
  'Wireless',
  'Cotton',
  'Classic',
  'Compact',
  'Premium',
  'Vintage',
  'Organic',
  'Portable',
  'Smart',
  'Leather',
  'Ceramic',
  'Bamboo',
  'Waterproof',
  'Ergonomic',
  'Handmade',
  'Digital',
  'Stainless',
  'Foldable',
  'Insulated',
  'Modern',
  'Rustic',
  'Silk',
  'Woolen',
  'Glass',
  'Solar',
];
const NOUNS = [
  'Headphones',
  'Shirt',
  'Shoes',
  'Coffee Maker',
  'Desk Lamp',
  'Yoga Mat',
  'Wallet',
  'Watch',
  'Backpack',
  'Mug',
  'Kettle',
  'Blender',
  'Jacket',
  'Scarf',
  'Sneakers',
  'Boots',
  'Speaker',
  'Keyboard',
  'Mouse',
  'Monitor',
  'Tablet',
  'Camera',
  'Tripod',
  'Drone',
  'Pillow',
  'Blanket',
  'Candle',
  'Vase',
  'Frame',
  'Rug',
  'Sofa',
  'Chair',
  'Table',
  'Shelf',
  'Puzzle',
  'Novel',
  'Cookbook',
  'Tent',
  'Bicycle',
  'Helmet',
];
const SYLLABLES = ['Ae', 'Bo', 'Ca', 'Di', 'El', 'Fu', 'Go', 'Ha', 'Iv', 'Jo', 'Ka', 'Lu', 'Mo', 'Ne'];
const MODELS = SYLLABLES.flatMap((first) => SYLLABLES.map((second) => `${first}${second.toLowerCase()}ra`)).slice(0, 196);

let api: TestApp;
let categoryId: number;
let subCategoryId: number;
let shopId: number;

async function fillCatalogue(db: Db) {
  const shops = [];
  for (let k = 0; k < 10; k++) shops.push((await createShop(db, { isActive: k !== 0 })).id);
  const categories: number[] = [];
  const subs: number[] = [];
  for (let k = 0; k < CATEGORIES; k++) {
    const category = await createCategory(db);
    categories.push(category.id);
    subs.push((await createSubCategory(db, { categoryId: category.id })).id);
  }
  const brands = [];
  for (let k = 0; k < 20; k++) brands.push((await createBrand(db)).id);
  const array = (ids: number[]) => sql.raw(`ARRAY[${ids.join(',')}]`);
  const words = (list: string[]) => sql.raw(`ARRAY[${list.map((word) => `'${word}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO products (shop_id, category_id, sub_category_id, brand_id, name, slug, sku, thumbnail, price, discount_price,
                          quantity, total_sold, views, rating, total_reviews, created_at, updated_at, is_active)
    SELECT (${array(shops)})[1 + i % 10], (${array(categories)})[1 + i % ${CATEGORIES}], (${array(subs)})[1 + i % ${CATEGORIES}],
           (${array(brands)})[1 + i % 20],
           (${words(ADJECTIVES)})[1 + (i / 7) % ${ADJECTIVES.length}] || ' ' || (${words(NOUNS)})[1 + (i / 3) % ${NOUNS.length}] || ' ' || (${words(MODELS)})[1 + (i * 13) % ${MODELS.length}],
           'bulk-' || i, 'BULK-' || i, '/uploads/products/bulk-800.webp',
           1000 + (i * 7919) % 50000,
           CASE WHEN i % 3 = 0 THEN (1000 + (i * 7919) % 50000) * 8 / 10 ELSE 0 END,
           i % 200, (i::bigint * 104729) % 5000, (i::bigint * 15485863) % 100000, ((i % 50) / 10.0)::numeric(2, 1), i % 300,
           now() - make_interval(mins => i), now() - make_interval(mins => i), i % 50 <> 0
    FROM generate_series(1, ${PRODUCTS}) AS i`);
  // A running flash sale on one product in a hundred (a quarter of its offers sold out)
  // and an ended one: the price and best-deal sorts merge the running offers in.
  const now = Date.now();
  const running = await createFlashSale(db, { startDate: new Date(now - 86_400_000), endDate: new Date(now + 86_400_000) });
  const ended = await createFlashSale(db, { startDate: new Date(now - 9 * 86_400_000), endDate: new Date(now - 86_400_000) });
  for (const [saleId, every] of [
    [running.id, 100],
    [ended.id, 70],
  ] as const) {
    await db.execute(sql`
      INSERT INTO flash_sale_products (flash_sale_id, product_id, price, quantity, sold)
      SELECT ${saleId}, id, price / 2, 10, CASE WHEN id % 400 = 0 THEN 10 ELSE 0 END FROM products WHERE id % ${every} = 0`);
  }
  await db.execute(sql`ANALYZE`);
  categoryId = categories[3]!;
  subCategoryId = subs[3]!;
  shopId = shops[4]!;
}

beforeAll(async () => {
  api = await createTestApp(fillCatalogue);
}, 120_000);
afterAll(() => api.close());

/** EXPLAIN of a Drizzle statement with its parameters, through the driver (PGlite or node-postgres). */
async function explain(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query instanceof SQL ? new PgDialect().sqlToQuery(query) : query.toSQL();
  const client = (api.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
  const { rows } = await client.query(`EXPLAIN ${text}`, params);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  // SHOW_PLANS=1 prints every plan, for reading them rather than trusting the assertions.
  if (process.env.SHOW_PLANS) console.log(`${expect.getState().currentTestName}\n${text}\n${plan}\n`);
  return plan;
}

const page = { page: 1, per_page: 10 };
const readsProductsByIndex = (plan: string) => {
  expect(plan).not.toMatch(/Seq Scan on products/);
  expect(plan).toMatch(/Index (Only )?Scan( Backward)? using products_\w+ on products|Bitmap Index Scan on products_\w+/);
};

/**
 * The price and best-deal sorts order by what cards show, running flash-sale offers
 * included (sale-prices.ts): two lists merged, the products without a running offer
 * read from the index in order and cut at the page, and the few with one sorted. So in
 * the plan every read of products other than a primary-key lookup (the sale's products,
 * the page's cards) stops at a Limit below any Sort: only cut pages are sorted.
 */
function sortsOnlyPagesAndSaleProducts(plan: string) {
  const lines = plan.split('\n');
  const indent = (k: number) => lines[k]!.search(/\S/);
  const isNode = (k: number) => k === 0 || /^\s*->\s/.test(lines[k]!);
  const is = (k: number, node: string) => new RegExp(`^\\s*(->\\s+)?${node}\\s`).test(lines[k]!);
  /** The nodes above line k, nearest first. */
  const ancestors = (k: number) => {
    const found: number[] = [];
    for (let level = indent(k), j = k - 1; j >= 0; j--) {
      if (isNode(j) && indent(j) < level) {
        found.push(j);
        level = indent(j);
      }
    }
    return found;
  };
  let scans = 0;
  lines.forEach((line, k) => {
    if (!/Scan.* on products\b/.test(line) || /using products_pkey/.test(line)) return;
    scans++;
    const above = ancestors(k);
    const limit = above.findIndex((j) => is(j, 'Limit'));
    const sort = above.findIndex((j) => is(j, '(Incremental )?Sort'));
    expect(limit !== -1 && (sort === -1 || limit < sort), `${line.trim()} is not cut at the page before it is sorted\n${plan}`).toBe(true);
  });
  expect(scans, plan).toBeGreaterThan(0);
}

const SORT_INDEX: Record<SortType, string> = {
  top_selling: 'products_sold',
  popular_product: 'products_views',
  newest: 'products_created',
  just_for_you: 'products_rating',
  high_to_low: 'products_effective_price',
  low_to_high: 'products_effective_price',
  best_deal: 'products_discount',
};

describe(`EXPLAIN of the /products queries on ${PRODUCTS} products`, () => {
  it.each(SORT_TYPES)('sort_type=%s reads its index in order and stops after the page', async (sort) => {
    const plan = await explain(productPageQuery(api.db, {}, sort, page));
    readsProductsByIndex(plan);
    expect(plan, plan).toMatch(new RegExp(`Index Scan( Backward)? using ${SORT_INDEX[sort]}`));
    if (isSaleSort(sort)) sortsOnlyPagesAndSaleProducts(plan);
    else expect(plan, plan).not.toMatch(/Sort Key/);
  });

  it.each(Object.keys(SALE_SORTS))('sort_type=%s on a deep page still reads its index in order', async (sort) => {
    const plan = await explain(productPageQuery(api.db, {}, sort as SortType, { page: 50, per_page: 20 }));
    readsProductsByIndex(plan);
    sortsOnlyPagesAndSaleProducts(plan);
  });

  it('the default listing (newest) reads products_created', async () => {
    const plan = await explain(productPageQuery(api.db, {}, undefined, page));
    expect(plan, plan).toContain('products_created');
    readsProductsByIndex(plan);
  });

  const searches: [string, ProductFilters, SortType | undefined][] = [
    ['a word no product has, best match first', { search: 'zzyzx' }, undefined],
    ['a model name, best match first', { search: MODELS[17]! }, undefined],
    ['a noun and a model name, best match first', { search: `headphones ${MODELS[40]!}` }, undefined],
    ['two words in any order, most popular first', { search: `${MODELS[99]!} glass` }, 'popular_product'],
    ['a short word', { search: 'zq' }, undefined],
    ['a model name, newest first', { search: MODELS[5]! }, 'newest'],
    ['a model name, cheapest first', { search: MODELS[150]! }, 'low_to_high'],
  ];

  it.each(searches)('search: %s', async (_label, filters, sort) => {
    const plan = await explain(productPageQuery(api.db, filters, sort, page));
    readsProductsByIndex(plan);
    const count = await explain(productCountQuery(api.db, filters));
    readsProductsByIndex(count);
    // Counting the matches is answered by the trigram index, and so are the facets.
    expect(count, count).toContain('products_name_search');
    expect(await explain(facetQuery(filters)), 'facets').toContain('products_name_search');
  });

  it('a selective search is looked up in the trigram index whatever the sort', async () => {
    for (const sort of [undefined, ...SORT_TYPES]) {
      const plan = await explain(productPageQuery(api.db, { search: `${MODELS[3]!} ${MODELS[3]!.slice(0, 2)}` }, sort, page));
      readsProductsByIndex(plan);
    }
    const plan = await explain(productPageQuery(api.db, { search: 'zzyzx' }, 'top_selling', page));
    expect(plan, plan).toContain('products_name_search');
  });

  const scoped: [string, () => ProductFilters][] = [
    ['category', () => ({ categoryId })],
    ['category and sub-category', () => ({ categoryId, subCategoryId })],
    ['shop', () => ({ shopId })],
  ];

  it.each(scoped)('filter by %s, in every sort, with its count and facets', async (_label, filters) => {
    for (const sort of [undefined, ...SORT_TYPES]) {
      readsProductsByIndex(await explain(productPageQuery(api.db, filters(), sort, page)));
    }
    readsProductsByIndex(await explain(productCountQuery(api.db, filters())));
    readsProductsByIndex(await explain(facetQuery(filters())));
  });

  it('price filters on the price shown read the price index', async () => {
    for (const filters of [{ minPrice: 2000, maxPrice: 2300 }, { maxPrice: 1100 }, { minPrice: 50_800 }]) {
      const count = await explain(productCountQuery(api.db, filters));
      readsProductsByIndex(count);
      expect(count, count).toContain('products_effective_price');
      readsProductsByIndex(await explain(productPageQuery(api.db, filters, 'low_to_high', page)));
    }
  });

  it('price, rating and brand refinements inside a category still read indexes', async () => {
    const filters: ProductFilters = { categoryId, minPrice: 2000, maxPrice: 9000, rating: 3, brandIds: [1, 2] };
    readsProductsByIndex(await explain(productPageQuery(api.db, filters, 'low_to_high', page)));
    readsProductsByIndex(await explain(productCountQuery(api.db, filters)));
  });
});
