import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { createCategory, createFlashSale, createProduct, createShop, type Product } from '@tests/fixtures';
import { createTestApp, listProducts, type TestApp } from '@tests/support/api';

/**
 * The price rule (docs/product.md §4.3): a product at 2.19 whose running flash sale offers it at 1.49 showed
 * 1.49 but was listed among the 2.19s by low_to_high; and a product whose sale
 * allocation was sold out answered discount_price 0 together with a flash_sale object,
 * so its page advertised the sale above the regular price. Amounts in minor units.
 */
const DAY = 86_400_000;

let api: TestApp;
let categoryId: number;
let p: Record<'a179' | 'b199' | 'c219' | 'onSale' | 'soldOut' | 'offerAboveDiscount' | 'upcomingOnly', Product>;
let sales: Record<'running' | 'upcoming' | 'ended', { id: number }>;

async function fill(db: Db) {
  const now = Date.now();
  const shopId = (await createShop(db)).id;
  categoryId = (await createCategory(db, { name: 'Snacks' })).id;
  const make = (name: string, price: number, discountPrice = 0) => createProduct(db, { shopId, categoryId, name, price, discountPrice });
  p = {
    a179: await make('Crisps', 179),
    b199: await make('Pretzels', 199),
    c219: await make('Popcorn', 219),
    // 2.19, offered at 1.49 by a running sale with allocation left: shows 1.49.
    onSale: await make('Nachos', 219),
    // 1.59; its running offer at 0.99 is sold out: shows 1.59, no sale.
    soldOut: await make('Rice Cakes', 159),
    // 2.49 discounted to 1.69; its running offer at 1.89 is dearer than the discount: shows 1.69, no sale.
    offerAboveDiscount: await make('Trail Mix', 249, 169),
    // 2.09; offered at 0.89 by sales that have not started or are over: shows 2.09.
    upcomingOnly: await make('Peanuts', 209),
  };
  sales = {
    running: await createFlashSale(db, { name: 'Snack Attack', startDate: new Date(now - DAY), endDate: new Date(now + 2 * DAY) }, [
      { productId: p.onSale.id, price: 149, quantity: 10, sold: 3 },
      { productId: p.soldOut.id, price: 99, quantity: 5, sold: 5 },
      { productId: p.offerAboveDiscount.id, price: 189, quantity: 10, sold: 0 },
    ]),
    upcoming: await createFlashSale(db, { name: 'Next Week', startDate: new Date(now + 5 * DAY), endDate: new Date(now + 6 * DAY) }, [{ productId: p.upcomingOnly.id, price: 89 }]),
    ended: await createFlashSale(db, { name: 'Last Week', startDate: new Date(now - 9 * DAY), endDate: new Date(now - 2 * DAY) }, [{ productId: p.upcomingOnly.id, price: 89 }]),
  };
}

beforeAll(async () => {
  api = await createTestApp(fill);
});
afterAll(() => api.close());

const list = (query: string) => listProducts(api, `category_id=${categoryId}&${query}`);
const names = (cards: { name: string }[]) => cards.map((card) => card.name);
const CHEAPEST_FIRST = ['Nachos', 'Rice Cakes', 'Trail Mix', 'Crisps', 'Pretzels', 'Peanuts', 'Popcorn'];

describe('GET /products orders by the price the card shows (§4.3, §7.3)', () => {
  it('low_to_high puts a 2.19 product offered at 1.49 first, not among the 2.19s', async () => {
    const { products } = await list('sort_type=low_to_high&per_page=20');
    expect(names(products)).toEqual(CHEAPEST_FIRST);
    expect(products[0]).toMatchObject({ name: 'Nachos', price: 2.19, discount_price: 1.49, discount_percentage: 32 });
  });

  it('high_to_low is the same order reversed', async () => {
    expect(names((await list('sort_type=high_to_low')).products)).toEqual([...CHEAPEST_FIRST].reverse());
  });

  it('pages through the merged order without gaps or repeats', async () => {
    const seen = [];
    for (let page = 1; page <= 4; page++) seen.push(...names((await list(`sort_type=low_to_high&per_page=2&page=${page}`)).products));
    expect(seen).toEqual(CHEAPEST_FIRST);
  });

  it('best_deal ranks by the percentage the card shows, the flash sale’s included', async () => {
    const { products } = await list('sort_type=best_deal');
    expect(products.map((card) => [card.name, card.discount_percentage])).toEqual([
      ['Trail Mix', 32],
      ['Nachos', 32],
      // Nothing off: newest id first, as every sort breaks ties.
      ['Peanuts', 0],
      ['Rice Cakes', 0],
      ['Popcorn', 0],
      ['Pretzels', 0],
      ['Crisps', 0],
    ]);
  });

  it('price filters and the offered price range use the same price', async () => {
    expect(names((await list('max_price=1.5&sort_type=low_to_high')).products)).toEqual(['Nachos']);
    expect(names((await list('min_price=1.5&max_price=1.7&sort_type=low_to_high')).products)).toEqual(['Rice Cakes', 'Trail Mix']);
    // Nachos' list price is 2.19, but it costs 1.49 now.
    expect(names((await list('min_price=2.1')).products)).toEqual(['Popcorn']);
    const { filters } = await list('per_page=1');
    expect([filters.min_price, filters.max_price]).toEqual([1.49, 2.19]);
  });
});

describe('a flash sale is shown only while its offer sets the price (§4.3)', () => {
  const details = async (product: Product) => {
    const { status, body } = await api.json(`/product-details?product_id=${product.id}`);
    expect(status).toBe(200);
    return body.data.product;
  };

  it('a running offer with allocation left: discount_price is the offer and flash_sale describes it', async () => {
    expect(await details(p.onSale)).toMatchObject({
      price: 2.19,
      discount_price: 1.49,
      discount_percentage: 32,
      flash_sale: { id: sales.running.id, name: 'Snack Attack', price: 1.49, quantity: 10, sold: 3 },
    });
  });

  it('a sold-out allocation: the product’s own price, and no flash_sale', async () => {
    expect(await details(p.soldOut)).toMatchObject({ price: 1.59, discount_price: 0, discount_percentage: 0, flash_sale: null });
  });

  it('an offer dearer than the discount: the discount, and no flash_sale', async () => {
    expect(await details(p.offerAboveDiscount)).toMatchObject({ price: 2.49, discount_price: 1.69, discount_percentage: 32, flash_sale: null });
  });

  it('sales not running: the product’s own price, and no flash_sale', async () => {
    expect(await details(p.upcomingOnly)).toMatchObject({ price: 2.09, discount_price: 0, flash_sale: null });
  });
});
