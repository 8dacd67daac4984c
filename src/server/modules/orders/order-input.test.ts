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

describe('placement reads ids as the cart does', () => {
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
});
