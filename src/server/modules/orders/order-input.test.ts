import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { createAddress, createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function shopper() {
  const person = await newShopper(app.db);
  const address = await createAddress(app.db, { userId: person.id });
  return { ...person, addressId: address.id };
}

describe('placement and order-to-cart read ids and cart lines as the cart does', () => {
  it('refuses ids that are not whole numbers (contracts/numbers.ts): a 422 on the field, nothing placed', async () => {
    const shop = await createShop(app.db);
    const item = await createProduct(app.db, { shopId: shop.id, quantity: 20 });
    const hostile = ['0x10', true, '1e1', ' 2 ', 2.5];
    for (const field of ['shop_ids', 'address_id'] as const) {
      // One shopper per field, so the number of attempts stays that of an ordinary checkout.
      const who = await shopper();
      await app.json('/cart/store', request('POST', who.auth, { product_id: item.id }));
      for (const value of hostile) {
        const body = { shop_ids: [shop.id], address_id: who.addressId, payment_method: 'cash', [field]: field === 'shop_ids' ? [value] : value };
        const answer = await app.json('/place-order', request('POST', who.auth, body));
        expect(answer.status, `${field}=${JSON.stringify(value)}`).toBe(422);
        expect(Object.keys(answer.body.errors), `${field}=${JSON.stringify(value)}`).toEqual([field]);
      }
      expect(await app.db.select().from(orders).where(eq(orders.userId, who.id))).toEqual([]);
    }
  });

  it("puts an order back in the cart under the cart's line rule: a product the line cannot take is named, not clamped", async () => {
    const who = await shopper();
    const shop = await createShop(app.db);
    const scarce = await createProduct(app.db, { shopId: shop.id, name: 'Scarce Vase', quantity: 5 });
    const plenty = await createProduct(app.db, { shopId: shop.id, name: 'Plain Cup', quantity: 50 });
    await app.json('/cart/store', request('POST', who.auth, { product_id: scarce.id, quantity: 2 }));
    await app.json('/cart/store', request('POST', who.auth, { product_id: plenty.id, quantity: 2 }));
    const placed = await app.json('/place-order', request('POST', who.auth, { shop_ids: [shop.id], address_id: who.addressId, payment_method: 'cash' }));
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orders[0].id as number;

    // 3 vases left and 2 back in the cart: 2 more would make 4, which /cart/store refuses, and so does this.
    expect((await app.json('/cart/store', request('POST', who.auth, { product_id: scarce.id, quantity: 2 }))).status).toBe(200);
    expect((await app.json('/cart/store', request('POST', who.auth, { product_id: scarce.id, quantity: 2 }))).status).toBe(422);
    const again = await app.json('/orders/to-cart', request('POST', who.auth, { order_id: orderId }));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ added: 1, skipped: ['Scarce Vase'] });
    const lines = (await app.json('/carts', request('GET', who.auth))).body.data.cart_items[0].products as { id: number; quantity: number }[];
    expect(lines.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: scarce.id, quantity: 2 },
      { id: plenty.id, quantity: 2 },
    ]);
  });
});
