import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../../db/schema';
import { seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
    await db.insert(banners).values([
      { title: 'Second banner', thumbnail: '/uploads/banners/2-800.webp', sortOrder: 2 },
      { title: 'First banner', thumbnail: '/uploads/banners/1-800.webp', url: '/flash-sale/1', sortOrder: 1 },
      { title: 'Hidden banner', thumbnail: '/uploads/banners/3-800.webp', isActive: false },
      { title: 'An ad', type: 'ad', thumbnail: '/uploads/ads/1-800.webp' },
      { title: 'Shop banner', shopId: shop.shops.soundHub.id, thumbnail: '/uploads/banners/s-800.webp' },
    ]);
  });
});
afterAll(() => api.close());

describe('GET /banners', () => {
  it('lists the active site-wide banners in order', async () => {
    const { status, body } = await api.json('/banners');
    expect(status).toBe(200);
    expect(body.data.banners).toEqual([
      { id: expect.any(Number), title: 'First banner', thumbnail: '/uploads/banners/1-800.webp', url: '/flash-sale/1' },
      { id: expect.any(Number), title: 'Second banner', thumbnail: '/uploads/banners/2-800.webp', url: null },
    ]);
  });
});

describe('GET /home', () => {
  it('has every block of the home page', async () => {
    const { status, body } = await api.json('/home');
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(
      ['ads', 'banners', 'best_deals', 'categories', 'incoming_flash_sale', 'just_for_you', 'popular_products', 'running_flash_sale', 'shops'].sort(),
    );
    const data = body.data;
    expect(data.banners.map((b: any) => b.title)).toEqual(['First banner', 'Second banner']);
    expect(data.ads.map((b: any) => b.title)).toEqual(['An ad']);
    expect(data.categories.map((c: any) => c.name)).toEqual(['Electronics', 'Fashion']);
    expect(data.categories[0].sub_categories.map((s: any) => s.name)).toEqual(['Audio', 'Phones']);
    expect(data.shops.map((s: any) => s.name)).toEqual(['Sound Hub', 'Mode Étoile']);
  });

  it('lists popular products, just for you, and best deals with only public products', async () => {
    const { data } = (await api.json('/home')).body;
    const byViews = [...shop.publicProducts].sort((a, b) => b.views - a.views).map((p) => p.id);
    expect(data.popular_products.map((p: any) => p.id)).toEqual(byViews);
    expect(data.just_for_you.total).toBe(shop.publicProducts.length);
    expect(data.just_for_you.products[0].id).toBe(shop.products.phone.id);
    // Only products with something off, the biggest percentage first: the speaker's is
    // its running flash sale's offer (lib/price.ts), as its card shows.
    expect(data.best_deals.map((p: any) => [p.id, p.discount_percentage])).toEqual([
      [shop.products.headphones.id, 25],
      [shop.products.speaker.id, 22],
      [shop.products.phone.id, 10],
    ]);
  });

  it('has the running flash sale with its products and the next upcoming one', async () => {
    const { data } = (await api.json('/home')).body;
    expect(data.running_flash_sale).toMatchObject({ id: shop.flashSales.runningSale.id, status: 'running' });
    expect(data.running_flash_sale.products.map((p: any) => p.id)).toEqual([shop.products.speaker.id, shop.products.shirt.id]);
    expect(data.incoming_flash_sale).toMatchObject({ id: shop.flashSales.upcomingSale.id, status: 'upcoming', products: null });
  });
});

describe('GET /home on an empty shop', () => {
  it('answers with empty lists and no sales', async () => {
    const empty = await createTestApp();
    try {
      const { status, body } = await empty.json('/home');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        banners: [],
        ads: [],
        categories: [],
        shops: [],
        popular_products: [],
        best_deals: [],
        just_for_you: { total: 0, products: [] },
        running_flash_sale: null,
        incoming_flash_sale: null,
      });
    } finally {
      await empty.close();
    }
  });
});
