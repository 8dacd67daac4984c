import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { favorites, products } from '../../db/schema';
import { createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const toggle = (auth: Record<string, string>, productId: unknown) => app.json('/favorite-add-or-remove', request('POST', auth, { product_id: productId }));
const list = async (auth: Record<string, string>) => (await app.json('/favorite-products', request('GET', auth))).body.data;

// Both routes need the Bearer token: contract/auth-required.test.ts.
describe('favourites (the wishlist)', () => {
  it('toggles a product in and out, and lists cards with is_favorite', async () => {
    const shopper = await newShopper(app.db);
    const shop = await createShop(app.db);
    const first = await createProduct(app.db, { shopId: shop.id, name: 'Teapot', price: 2500, discountPrice: 2000 });
    const second = await createProduct(app.db, { shopId: shop.id, name: 'Cup' });

    const added = await toggle(shopper.auth, first.id);
    expect(added.body).toEqual({ message: 'Product added to wishlist', data: { product: { id: first.id, is_favorite: true }, total: 1 } });
    await toggle(shopper.auth, second.id);
    const data = await list(shopper.auth);
    expect(data.total).toBe(2);
    expect(data.products.map((card: { name: string }) => card.name).sort()).toEqual(['Cup', 'Teapot']);
    expect(data.products.find((card: { id: number }) => card.id === first.id)).toMatchObject({ price: 25, discount_price: 20, is_favorite: true, shop: { id: shop.id } });

    const removed = await toggle(shopper.auth, first.id);
    expect(removed.body).toEqual({ message: 'Product removed from wishlist', data: { product: { id: first.id, is_favorite: false }, total: 1 } });
    expect((await list(shopper.auth)).products.map((card: { id: number }) => card.id)).toEqual([second.id]);
  });

  it("keeps each shopper's list to themselves and leaves out products that cannot be bought", async () => {
    const owner = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const product = await createProduct(app.db);
    await toggle(owner.auth, product.id);
    expect((await list(stranger.auth)).products).toEqual([]);
    await app.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    expect((await list(owner.auth)).total).toBe(0);
    // A switched-off product cannot be added, but can still be taken out.
    const other = await newShopper(app.db);
    expect((await toggle(other.auth, product.id)).status).toBe(422);
    expect((await toggle(owner.auth, product.id)).body.data.product.is_favorite).toBe(false);
  });

  it('answers hostile input with a 4xx and writes nothing', async () => {
    const shopper = await newShopper(app.db);
    for (const id of ['abc', -1, 0, 1e12, null, '1\u0000', 99_999_999]) {
      const { status } = await toggle(shopper.auth, id);
      expect(status, String(id)).toBe(422);
    }
    expect(await app.db.select().from(favorites).where(eq(favorites.userId, shopper.id))).toEqual([]);
  });
});
