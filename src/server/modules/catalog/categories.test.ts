import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
  });
});
afterAll(() => api.close());

describe('GET /categories', () => {
  it('lists active categories in menu order with their sub-categories', async () => {
    const { status, body } = await api.json('/categories');
    expect(status).toBe(200);
    expect(body.data.categories.map((c: any) => [c.name, c.sub_categories.map((s: any) => s.name)])).toEqual([
      ['Electronics', ['Audio', 'Phones']],
      ['Fashion', ['Shirts']],
    ]);
  });
});

describe('GET /sub-categories', () => {
  it('lists the sub-categories of a category', async () => {
    const { status, body } = await api.json(`/sub-categories?category_id=${shop.categories.electronics.id}`);
    expect(status).toBe(200);
    expect(body.data.sub_categories).toEqual([
      { id: shop.subCategories.audio.id, name: 'Audio', slug: 'audio', slugs: { en: 'audio' }, thumbnail: shop.subCategories.audio.thumbnail },
      { id: shop.subCategories.phones.id, name: 'Phones', slug: 'phones', slugs: { en: 'phones' }, thumbnail: shop.subCategories.phones.thumbnail },
    ]);
  });

  it('is a 404 for an unknown or inactive category and a 422 without a numeric id', async () => {
    for (const id of [999_999, shop.categories.hiddenCategory.id]) {
      const { status, body } = await api.json(`/sub-categories?category_id=${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe('Category not found.');
    }
    for (const query of ['', 'category_id=', 'category_id=abc']) {
      const { status, body } = await api.json(`/sub-categories?${query}`);
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['category_id']);
    }
  });
});

describe('GET /category-products', () => {
  it('pages the public products of a category, newest first, with the category', async () => {
    const { headphones, speaker, phone, arabic, persian } = shop.products;
    const { status, body } = await api.json(`/category-products?category_id=${shop.categories.electronics.id}&per_page=2`);
    expect(status).toBe(200);
    expect(body.data.total).toBe(5);
    expect(body.data.products.map((p: any) => p.id)).toEqual([speaker.id, arabic.id]);
    expect(body.data.category).toEqual({
      id: shop.categories.electronics.id,
      name: 'Electronics',
      slug: 'electronics',
      slugs: { en: 'electronics' },
      thumbnail: shop.categories.electronics.thumbnail,
    });
    expect(body.data.sub_category).toBeNull();
    const rest = [];
    for (const page of [2, 3]) rest.push(...(await api.json(`/category-products?category_id=${shop.categories.electronics.id}&per_page=2&page=${page}`)).body.data.products);
    expect(rest.map((p: any) => p.id)).toEqual([persian.id, headphones.id, phone.id]);
    const past = await api.json(`/category-products?category_id=${shop.categories.electronics.id}&per_page=2&page=4`);
    expect(past.body.data).toMatchObject({ total: 5, products: [] });
  });

  it('narrows to a sub-category of that category', async () => {
    const { body } = await api.json(`/category-products?category_id=${shop.categories.electronics.id}&sub_category_id=${shop.subCategories.phones.id}`);
    expect(body.data.products.map((p: any) => p.id)).toEqual([shop.products.phone.id]);
    expect(body.data.sub_category).toMatchObject({ id: shop.subCategories.phones.id, name: 'Phones' });
  });

  it('leaves out products of the shop under review', async () => {
    const { body } = await api.json(`/category-products?category_id=${shop.categories.electronics.id}&per_page=100`);
    expect(body.data.products.map((p: any) => p.id)).not.toContain(shop.hiddenProducts.hidden.id);
  });

  it('is a 404 for an unknown category or a sub-category of another one', async () => {
    expect((await api.json('/category-products?category_id=999999')).status).toBe(404);
    expect((await api.json(`/category-products?category_id=${shop.categories.hiddenCategory.id}`)).status).toBe(404);
    const { status, body } = await api.json(`/category-products?category_id=${shop.categories.fashion.id}&sub_category_id=${shop.subCategories.audio.id}`);
    expect(status).toBe(404);
    expect(body.message).toBe('Category not found.');
  });

  it('is a 422 for bad parameters', async () => {
    const { status, body } = await api.json('/category-products?category_id=x&sub_category_id=-1&per_page=0&page=-1');
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['category_id', 'page', 'per_page', 'sub_category_id']);
  });
});
