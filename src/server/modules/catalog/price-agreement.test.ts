import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { flashSaleProducts, flashSales, products } from '../../db/schema';
import { createCategory, createFlashSale, createShop } from '@tests/fixtures';
import { createTestApp, listProducts, type TestApp } from '@tests/support/api';
import { fromMinor, toMinor } from '@/lib/money';
import { priceProduct, type FlashOffer, type ProductPrice } from '@/lib/price';

/**
 * The database keeps the price rule twice: in the generated columns effective_price and
 * discount_percentage, and in the SQL of sale-prices.ts that lets running flash-sale
 * offers sort and filter listings. Both must agree with lib/price.ts, for every kind of
 * product: no discount, a discount, a "discount" at or above the price, prices of a few
 * cents (rounding), and offers that win, lose to the discount, tie with it, are sold
 * out, or belong to sales that are over, not started or switched off.
 */
const PRODUCTS = 600;
const DAY = 86_400_000;

let api: TestApp;
let categoryId: number;

async function fillCatalogue(db: Db) {
  const shop = await createShop(db);
  categoryId = (await createCategory(db)).id;
  await db.execute(sql`
    INSERT INTO products (shop_id, category_id, name, slug, sku, thumbnail, price, discount_price)
    SELECT ${shop.id}, ${categoryId}, 'Priced ' || i, 'priced-' || i, 'PRICED-' || i, '/uploads/products/bulk-800.webp', p,
           CASE i % 7
             WHEN 0 THEN 0
             WHEN 1 THEN p * (50 + i % 45) / 100
             WHEN 2 THEN p
             WHEN 3 THEN p + 1 + i % 300
             WHEN 4 THEN greatest(p - 1, 0)
             WHEN 5 THEN 1
             ELSE p * 2 / 3
           END
    FROM generate_series(1, ${PRODUCTS}) AS i, LATERAL (SELECT CASE WHEN i % 11 = 0 THEN 1 + i % 9 ELSE 100 + (i * 7919) % 40000 END AS p) AS price`);
  const now = Date.now();
  const running = await createFlashSale(db, { name: 'Running', startDate: new Date(now - DAY), endDate: new Date(now + 3 * DAY) });
  const alsoRunning = await createFlashSale(db, { name: 'Also running', startDate: new Date(now - 2 * DAY), endDate: new Date(now + DAY) });
  const ended = await createFlashSale(db, { name: 'Ended', startDate: new Date(now - 9 * DAY), endDate: new Date(now - DAY) });
  const upcoming = await createFlashSale(db, { name: 'Upcoming', startDate: new Date(now + DAY), endDate: new Date(now + 3 * DAY) });
  const off = await createFlashSale(db, { name: 'Switched off', isActive: false });
  // Offers priced around what the product costs without them: below, equal, above.
  const offer = (saleId: number, every: number, factor: string, sold: string) =>
    db.execute(sql`
      INSERT INTO flash_sale_products (flash_sale_id, product_id, price, quantity, sold)
      SELECT ${saleId}, id, greatest(1, (effective_price * ${sql.raw(factor)})::int), 10, ${sql.raw(sold)}
      FROM products WHERE category_id = ${categoryId} AND id % ${every} = 0`);
  // Most win; one in four is sold out; some cost more than the discount or tie with it.
  await offer(running.id, 4, 'CASE id % 3 WHEN 0 THEN 0.6 WHEN 1 THEN 1.0 ELSE 1.2 END', 'CASE WHEN id % 16 = 0 THEN 10 ELSE id % 10 END');
  await offer(alsoRunning.id, 6, '0.7', '0');
  for (const sale of [ended, upcoming, off]) await offer(sale.id, 5, '0.1', '0');
  await db.execute(sql`ANALYZE`);
}

beforeAll(async () => {
  api = await createTestApp(fillCatalogue);
}, 60_000);
afterAll(() => api.close());

interface Expected extends ProductPrice {
  id: number;
  /** Every offer on the product, running or not. */
  offers: FlashOffer[];
}

/** Every product of the catalogue priced by lib/price.ts, from the raw rows and all offers. */
async function priceByModule(now = new Date()): Promise<Expected[]> {
  const rows = await api.db.select({ id: products.id, price: products.price, discountPrice: products.discountPrice }).from(products).where(eq(products.categoryId, categoryId));
  const offerRows = await api.db
    .select({
      productId: flashSaleProducts.productId,
      price: flashSaleProducts.price,
      quantity: flashSaleProducts.quantity,
      sold: flashSaleProducts.sold,
      startDate: flashSales.startDate,
      endDate: flashSales.endDate,
      isActive: flashSales.isActive,
    })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId));
  const offers = new Map<number, FlashOffer[]>();
  for (const { productId, ...offer } of offerRows) offers.set(productId, [...(offers.get(productId) ?? []), offer]);
  return rows.map((row) => ({ ...priceProduct(row, { offers: offers.get(row.id), now }), id: row.id, offers: offers.get(row.id) ?? [] }));
}

async function allPages(query: string) {
  const cards = [];
  for (let page = 1; ; page++) {
    const data = await listProducts(api, `category_id=${categoryId}&per_page=100&page=${page}&${query}`);
    cards.push(...data.products);
    if (cards.length >= data.total) return { total: data.total, cards };
  }
}

describe('the database’s price columns agree with lib/price.ts', () => {
  it('effective_price and discount_percentage are the module’s unit price and percentage without a sale', async () => {
    const rows = await api.db
      .select({
        id: products.id,
        price: products.price,
        discountPrice: products.discountPrice,
        effectivePrice: products.effectivePrice,
        discountPercentage: products.discountPercentage,
      })
      .from(products)
      .where(eq(products.categoryId, categoryId));
    expect(rows).toHaveLength(PRODUCTS);
    const disagreeing = rows.filter((row) => {
      const priced = priceProduct(row);
      return priced.unit !== row.effectivePrice || priced.discountPercentage !== row.discountPercentage;
    });
    expect(disagreeing).toEqual([]);
  });

  it('the fixture covers every case of the rule', async () => {
    const now = new Date();
    const expected = await priceByModule(now);
    const count = (test: (e: Expected) => boolean) => expected.filter(test).length;
    const running = (offer: FlashOffer) => offer.isActive && offer.startDate <= now && offer.endDate > now;
    expect(count((e) => e.source === 'price')).toBeGreaterThan(10);
    expect(count((e) => e.source === 'discount')).toBeGreaterThan(10);
    expect(count((e) => e.source === 'flash_sale')).toBeGreaterThan(10);
    expect(count((e) => e.regular < 10)).toBeGreaterThan(10);
    // Running offers that lose to the discount (or tie with it), sold-out ones, and offers of sales not running.
    expect(count((e) => e.source !== 'flash_sale' && e.offers.some((o) => running(o) && o.sold < o.quantity))).toBeGreaterThan(10);
    expect(count((e) => e.offers.some((o) => running(o) && o.sold >= o.quantity && o.price < e.unit))).toBeGreaterThan(5);
    expect(count((e) => e.offers.some((o) => !running(o) && o.price < e.unit))).toBeGreaterThan(10);
  });
});

describe('listings sort and filter by the price the module gives, running flash sales included', () => {
  const byPrice = (a: Expected, b: Expected) => a.unit - b.unit || a.id - b.id;

  it('low_to_high and high_to_low list every product in the module’s order, with the module’s prices', async () => {
    const expected = await priceByModule();
    const ascending = [...expected].sort(byPrice);
    const low = await allPages('sort_type=low_to_high');
    expect(low.cards.map((card) => card.id)).toEqual(ascending.map((e) => e.id));
    const byId = new Map(expected.map((e) => [e.id, e]));
    for (const card of low.cards) {
      const e = byId.get(card.id)!;
      expect({ id: card.id, price: card.price, discount_price: card.discount_price, discount_percentage: card.discount_percentage }).toEqual({
        id: e.id,
        price: fromMinor(e.regular),
        discount_price: fromMinor(e.discountPrice),
        discount_percentage: e.discountPercentage,
      });
    }
    const high = await allPages('sort_type=high_to_low');
    expect(high.cards.map((card) => card.id)).toEqual([...expected].sort((a, b) => b.unit - a.unit || b.id - a.id).map((e) => e.id));
  });

  it('best_deal lists by the module’s percentage off, biggest first', async () => {
    const expected = await priceByModule();
    const { cards } = await allPages('sort_type=best_deal');
    expect(cards.map((card) => card.id)).toEqual([...expected].sort((a, b) => b.discountPercentage - a.discountPercentage || b.id - a.id).map((e) => e.id));
  });

  it.each([
    ['min_price=50', 5000, undefined],
    ['max_price=50', undefined, 5000],
    ['min_price=20&max_price=120.5', 2000, 12_050],
    ['min_price=0.05&max_price=0.09', 5, 9],
    ['min_price=399', 39_900, undefined],
  ])('%s keeps the products whose module price is in range', async (query, min, max) => {
    const expected = (await priceByModule()).filter((e) => (min === undefined || e.unit >= min) && (max === undefined || e.unit <= max)).sort(byPrice);
    expect(expected.length).toBeGreaterThan(0);
    const { total, cards } = await allPages(`${query}&sort_type=low_to_high`);
    expect(total).toBe(expected.length);
    expect(cards.map((card) => card.id)).toEqual(expected.map((e) => e.id));
  });

  it('the price range offered (filters.min_price, max_price) is the range of module prices', async () => {
    const expected = await priceByModule();
    const { filters } = await listProducts(api, `category_id=${categoryId}&per_page=1`);
    expect([toMinor(filters.min_price), toMinor(filters.max_price)]).toEqual([Math.min(...expected.map((e) => e.unit)), Math.max(...expected.map((e) => e.unit))]);
  });
});
