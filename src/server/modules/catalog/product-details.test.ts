import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { flushProductViews } from './view-counts';
import { createProduct, seedBase, seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await seedBase(db);
    shop = await seedShowcase(db);
  });
});
afterAll(() => api.close());

const details = async (productId: number | string) => api.json(`/product-details?product_id=${productId}`);
// Views are written in batches (view-counts.ts): each reading writes the kept ones first.
const views = async (id: number) => {
  await flushProductViews(api.db);
  return (await api.db.select({ views: products.views }).from(products).where(eq(products.id, id)))[0]!.views;
};

describe('GET /product-details', () => {
  it('gives the card plus the details, related and popular products', async () => {
    const { status, body } = await details(shop.products.headphones.id);
    expect(status).toBe(200);
    const { product, related_products, popular_products } = body.data;
    expect(product).toMatchObject({
      id: shop.products.headphones.id,
      name: 'Wireless Headphones Pro',
      price: 199.99,
      discount_price: 149.99,
      discount_percentage: 25,
      total_reviews: '1.2K',
      brand: 'Sonic',
      short_description: 'Wireless Headphones Pro, ready to ship.',
      thumbnails: [
        { id: expect.any(Number), thumbnail: '/uploads/products/a-800.webp' },
        { id: expect.any(Number), thumbnail: '/uploads/products/b-800.webp' },
      ],
      // Its only sale ended ten days ago.
      flash_sale: null,
      meta_title: null,
      category: { id: shop.categories.electronics.id, name: 'Electronics', slug: 'electronics' },
      sub_category: { id: shop.subCategories.audio.id, name: 'Audio', slug: 'audio' },
    });
    for (const key of ['short_description', 'description', 'thumbnails', 'flash_sale', 'meta_title', 'meta_description', 'meta_keywords']) {
      expect(product).toHaveProperty(key);
    }
    expect(related_products.length).toBeLessThanOrEqual(6);
    expect(popular_products.length).toBeLessThanOrEqual(6);
  });

  it('sanitises the description HTML', async () => {
    const { body } = await details(shop.products.headphones.id);
    expect(body.data.product.description).toBe('<p>Great <strong>sound</strong>.</p><img src="x" />');
  });

  it('related products come from the same sub-category first, then the category, most viewed first, never the product itself', async () => {
    const { headphones, speaker, arabic, persian, phone } = shop.products;
    const { body } = await details(headphones.id);
    // Audio, by views: speaker 900, persian 20, arabic 10; then the rest of Electronics: phone.
    expect(body.data.related_products.map((p: any) => p.id)).toEqual([speaker.id, persian.id, arabic.id, phone.id]);
  });

  it('popular products are the most viewed public ones, without this one and without hidden products', async () => {
    const { body } = await details(shop.products.speaker.id);
    const popular = [...shop.publicProducts].filter((p) => p.id !== shop.products.speaker.id).sort((a, b) => b.views - a.views);
    expect(body.data.popular_products.map((p: any) => p.id)).toEqual(popular.map((p) => p.id));
  });

  it('shows the running flash sale the product is in, with its sale price applied', async () => {
    const { body } = await details(shop.products.speaker.id);
    expect(body.data.product).toMatchObject({ price: 89.99, discount_price: 69.99 });
    expect(body.data.product.flash_sale).toEqual({
      id: shop.flashSales.runningSale.id,
      name: 'Mega Sale',
      thumbnail: null,
      start_date: shop.flashSales.runningSale.startDate.toISOString(),
      end_date: shop.flashSales.runningSale.endDate.toISOString(),
      price: 69.99,
      quantity: 10,
      sold: 4,
    });
  });

  it('counts a view once per visitor a day (more in rate-limit.test.ts)', async () => {
    const before = await views(shop.products.phone.id);
    await details(shop.products.phone.id);
    await details(shop.products.phone.id);
    expect(await views(shop.products.phone.id)).toBe(before + 1);
  });

  it('is a 404 for an unknown product, an inactive one and one of a shop under review, counting no view', async () => {
    const { retired, hidden } = shop.hiddenProducts;
    const before = await views(hidden.id);
    for (const id of [999_999, retired.id, hidden.id]) {
      const { status, body } = await details(id);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Product not found.' });
    }
    expect(await views(hidden.id)).toBe(before);
  });

  it('says so in the shopper’s language', async () => {
    const { status, body } = await api.json('/product-details?product_id=999999', { headers: { 'Accept-Language': 'ar' } });
    expect(status).toBe(404);
    expect(body.message).toBe('تعذر العثور على المنتج.');
  });

  it('is a 422 without a numeric product id', async () => {
    for (const query of ['', 'product_id=', 'product_id=abc', 'product_id=0', 'product_id=1.5']) {
      const { status, body } = await api.json(`/product-details?${query}`);
      expect(status, query).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['product_id']);
    }
  });

  it('a product without a sub-category still has related products from its category', async () => {
    const loose = await createProduct(api.db, { shopId: shop.shops.soundHub.id, categoryId: shop.categories.fashion.id, name: 'Loose Scarf' });
    const { body } = await details(loose.id);
    expect(body.data.product.sub_category).toBeNull();
    expect(body.data.related_products.map((p: any) => p.id)).toEqual([shop.products.shirt.id]);
  });
});

describe('GET /reviews', () => {
  it('pages the published reviews of a product, newest first, with the reviewer and a summary', async () => {
    const { status, body } = await api.json(`/reviews?product_id=${shop.products.headphones.id}&per_page=1`);
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.reviews).toEqual([
      {
        id: expect.any(Number),
        rating: 4,
        review: 'Good.',
        created_at: expect.any(String),
        user: { name: 'Bo Reviewer', profile_photo: '/uploads/avatars/bo.webp' },
        description: 'Good.',
        customer_name: 'Bo Reviewer',
        customer_profile: '/uploads/avatars/bo.webp',
      },
    ]);
    expect(body.data.summary).toEqual({ average: 4.5, total: 2, stars: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 } });
    const second = await api.json(`/reviews?product_id=${shop.products.headphones.id}&per_page=1&page=2`);
    expect(second.body.data.reviews.map((r: any) => r.review)).toEqual(['Superb.']);
    const past = await api.json(`/reviews?product_id=${shop.products.headphones.id}&page=3&per_page=1`);
    expect(past.body.data).toMatchObject({ total: 2, reviews: [] });
  });

  it('a product without reviews has an empty list', async () => {
    const { body } = await api.json(`/reviews?product_id=${shop.products.arabic.id}`);
    expect(body.data).toMatchObject({ total: 0, reviews: [], summary: { average: 0, total: 0 } });
  });

  it('is a 404 for a product that is not public and a 422 for bad parameters', async () => {
    expect((await api.json(`/reviews?product_id=${shop.hiddenProducts.hidden.id}`)).status).toBe(404);
    const { status, body } = await api.json('/reviews?product_id=x&page=0');
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'product_id']);
  });
});
