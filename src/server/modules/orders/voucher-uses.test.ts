import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orders, vouchers } from '../../db/schema';
import { createProduct, createShop, createVoucher } from '@tests/fixtures';
import { createTestApp, newShopperWithAddress, request, type ShopperWithAddress, type TestApp } from '@tests/support/api';

/** A voucher's uses in all (`total_limit`, docs/decisions/017-sellers.md): counted at placement, under the voucher's row. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const buyNowWithVoucher = async (who: ShopperWithAddress, productId: number, shopId: number, code: string) => {
  await app.json('/cart/store', request('POST', who.auth, { product_id: productId, is_buy_now: true }));
  return app.json('/place-order', request('POST', who.auth, { address_id: who.addressId, payment_method: 'cash', shop_ids: [shopId], is_buy_now: true, coupon_code: code }));
};

describe('a voucher with a total use limit', () => {
  it('discounts at most that many orders when shoppers check out at once, and counts each use', async () => {
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const item = await createProduct(app.db, { shopId: shop.id, price: 5000, quantity: 100 });
    const voucher = await createVoucher(app.db, { shopId: shop.id, minOrderAmount: 0, totalLimit: 3 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopperWithAddress(app.db)));
    const answers = await Promise.all(shoppers.map((who) => buyNowWithVoucher(who, item.id, shop.id, voucher.code)));
    expect(answers.every((answer) => [201, 422].includes(answer.status))).toBe(true);
    const placed = await app.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((who) => who.id),
        ),
      );
    expect(placed.filter((order) => order.couponDiscount > 0)).toHaveLength(3);
    const [row] = await app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.totalUsed).toBe(3);
    const refused = answers.filter((answer) => answer.status === 422);
    for (const answer of refused) expect(answer.body.errors.coupon_code).toBeDefined();
  });

  it('without a limit counts its uses all the same', async () => {
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const item = await createProduct(app.db, { shopId: shop.id, price: 5000, quantity: 100 });
    const voucher = await createVoucher(app.db, { shopId: shop.id, minOrderAmount: 0 });
    const who = await newShopperWithAddress(app.db);
    expect((await buyNowWithVoucher(who, item.id, shop.id, voucher.code)).status).toBe(201);
    const [row] = await app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.totalUsed).toBe(1);
  });
});

describe("a shop's minimum order", () => {
  it('refuses an order below it with a 422 naming the shop, writes nothing, and takes one that reaches it', async () => {
    const shop = await createShop(app.db, { name: 'Bulk Beans', deliveryCharge: 0, minOrderAmount: 3000 });
    const item = await createProduct(app.db, { shopId: shop.id, price: 1000, quantity: 100 });
    const who = await newShopperWithAddress(app.db);
    const place = () => app.json('/place-order', request('POST', who.auth, { address_id: who.addressId, payment_method: 'cash', shop_ids: [shop.id] }));
    await app.json('/cart/store', request('POST', who.auth, { product_id: item.id, quantity: 2 }));
    const refused = await place();
    expect(refused.status).toBe(422);
    expect(refused.body.errors.shop_ids).toEqual(['Bulk Beans takes orders from $30.00.']);
    expect(await app.db.select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(0);
    await app.json('/cart/increment', request('POST', who.auth, { product_id: item.id }));
    expect((await place()).status).toBe(201);
  });
});
