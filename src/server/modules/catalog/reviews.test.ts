import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview, createUser, seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

/** What the original client reads of GET /reviews besides our own fields (docs/product.md §7.6). */
let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
    // A second product of the same shop with a review: the shop's list holds both products' reviews.
    const reviewer = await createUser(db, { name: 'Cy Reviewer' });
    await createReview(db, { productId: shop.products.phone.id, userId: reviewer.id, rating: 3, review: 'Fine.', createdAt: new Date(shop.now.getTime() - 3_600_000) });
  });
});
afterAll(() => api.close());

describe('GET /reviews, as the original client reads it', () => {
  it('gives the average, the count and each star’s share in percent', async () => {
    const { body } = await api.json(`/reviews?product_id=${shop.products.headphones.id}&page=1&per_page=6`);
    expect(body.data.average_rating_percentage).toEqual({ rating: 4.5, total_review: 2, percentages: { '1': 0, '2': 0, '3': 0, '4': 50, '5': 50 } });
    expect(body.data.reviews.map((review: any) => [review.customer_name, review.description])).toEqual([
      ['Bo Reviewer', 'Good.'],
      ['Ada Reviewer', 'Superb.'],
    ]);
    expect(body.data.reviews[1].customer_profile).toBeNull();
  });

  it('all zero for a product without reviews', async () => {
    const { body } = await api.json(`/reviews?product_id=${shop.products.arabic.id}`);
    expect(body.data.average_rating_percentage).toEqual({ rating: 0, total_review: 0, percentages: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
  });

  it('lists a shop’s published reviews of all its products with shop_id, newest first', async () => {
    const { status, body } = await api.json(`/reviews?shop_id=${shop.shops.soundHub.id}&page=1&per_page=10`);
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.reviews.map((review: any) => review.description)).toEqual(['Fine.', 'Good.', 'Superb.']);
    expect(body.data.average_rating_percentage).toEqual({ rating: 4, total_review: 3, percentages: { '1': 0, '2': 0, '3': 33.33, '4': 33.33, '5': 33.33 } });
    const paged = await api.json(`/reviews?shop_id=${shop.shops.soundHub.id}&page=2&per_page=2`);
    expect(paged.body.data).toMatchObject({ total: 3, reviews: [{ description: 'Superb.' }] });
  });

  it('a shop under review or unknown is a 404; neither product nor shop is a 422 naming product_id', async () => {
    expect((await api.json(`/reviews?shop_id=${shop.shops.hiddenShop.id}`)).status).toBe(404);
    expect((await api.json('/reviews?shop_id=999999')).status).toBe(404);
    for (const query of ['', 'product_id=&shop_id=', 'page=1&per_page=6']) {
      const { status, body } = await api.json(`/reviews?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors, query).toEqual({ product_id: ['The product id field is required when shop id is not present.'] });
    }
    const { body } = await api.json('/reviews?shop_id=abc');
    expect(Object.keys(body.errors)).toEqual(['shop_id']);
  });
});
