import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../../db/schema';
import { createShop, seedShowcase, type Showcase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
    await db.insert(banners).values([
      { shopId: shop.shops.soundHub.id, title: 'Second', thumbnail: '/uploads/banners/b-800.webp', sortOrder: 2 },
      { shopId: shop.shops.soundHub.id, title: 'First', thumbnail: '/uploads/banners/a-800.webp', url: '/shops/sound-hub', sortOrder: 1 },
      { shopId: shop.shops.soundHub.id, title: 'Off', thumbnail: '/uploads/banners/c-800.webp', isActive: false },
      { title: 'Site-wide', thumbnail: '/uploads/banners/d-800.webp' },
    ]);
  });
});
afterAll(() => api.close());

const SHOP_FIELDS = ['id', 'name', 'slug', 'logo', 'banner', 'total_products', 'total_categories', 'rating', 'total_reviews', 'shop_status'].sort();

describe('GET /shops', () => {
  it('lists active shops, best rated first, with their public product and category counts', async () => {
    const { status, body } = await api.json('/shops');
    expect(status).toBe(200);
    expect(body.data.total).toBe(2);
    expect(body.data.shops).toEqual([
      {
        id: shop.shops.soundHub.id,
        name: 'Sound Hub',
        slug: 'sound-hub',
        logo: shop.shops.soundHub.logo,
        banner: shop.shops.soundHub.banner,
        // Headphones, speaker, phone and the Arabic listing; the retired product does not count.
        total_products: 4,
        total_categories: 1,
        rating: 4.5,
        total_reviews: '1.5K',
        shop_status: 'active',
      },
      expect.objectContaining({ id: shop.shops.etoile.id, name: 'Mode Étoile', total_products: 2, total_categories: 2, rating: 4.1, total_reviews: '20' }),
    ]);
    for (const card of body.data.shops) expect(Object.keys(card).sort()).toEqual(SHOP_FIELDS);
  });

  it('searches shop names ignoring case and accents', async () => {
    for (const search of ['etoile', 'ÉTOILE', 'mode et']) {
      const { body } = await api.json(`/shops?search=${encodeURIComponent(search)}`);
      expect(
        body.data.shops.map((s: any) => s.name),
        search,
      ).toEqual(['Mode Étoile']);
    }
    const { body } = await api.json('/shops?search=hidden');
    expect(body.data).toEqual({ total: 0, shops: [] });
  });

  it('pages, with an empty page past the end', async () => {
    const first = await api.json('/shops?per_page=1');
    const second = await api.json('/shops?per_page=1&page=2');
    const third = await api.json('/shops?per_page=1&page=3');
    expect([first.body.data.shops[0].id, second.body.data.shops[0].id]).toEqual([shop.shops.soundHub.id, shop.shops.etoile.id]);
    expect(third.body.data).toEqual({ total: 2, shops: [] });
  });

  it('is a 422 for bad parameters', async () => {
    const { status, body } = await api.json(`/shops?per_page=0&page=x&search=${'s'.repeat(10_240)}`);
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'per_page', 'search']);
  });
});

describe('GET /shops/{shop}', () => {
  it('gives the details of a shop by id or by slug, with its active banners in order', async () => {
    const byId = await api.json(`/shops/${shop.shops.soundHub.id}`);
    const bySlug = await api.json('/shops/sound-hub');
    expect(byId.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(byId.body.data.shop).toMatchObject({
      id: shop.shops.soundHub.id,
      name: 'Sound Hub',
      shop_status: 'active',
      short_description: shop.shops.soundHub.shortDescription,
      description: shop.shops.soundHub.description,
      estimated_delivery_time: '2-4 days',
      delivery_charge: 4.99,
      total_products: 4,
    });
    expect(byId.body.data.shop.banners.map((b: any) => [b.title, b.url])).toEqual([
      ['First', '/shops/sound-hub'],
      ['Second', null],
    ]);
  });

  it('sanitises the shop description', async () => {
    const rogue = await createShop(api.db, { name: 'Rogue', slug: 'rogue', description: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' });
    const { body } = await api.json(`/shops/${rogue.id}`);
    expect(body.data.shop.description).toBe('<p>Hi</p><a>x</a>');
  });

  it('is a 404 for a shop under review, as for an unknown shop', async () => {
    for (const key of [String(shop.shops.hiddenShop.id), 'hidden-wares', '999999', 'no-such-shop']) {
      const { status, body } = await api.json(`/shops/${key}`);
      expect(status, key).toBe(404);
      expect(body.message).toBe('Shop not found.');
    }
  });

  it('is a 422 for a malformed id or slug', async () => {
    for (const key of ['0', 'bad_slug', '-x', 'a'.repeat(500), '99999999999']) {
      const { status, body } = await api.json(`/shops/${key}`);
      expect(status, key).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['shop']);
    }
  });
});
