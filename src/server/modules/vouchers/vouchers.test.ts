import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { carts, collectedVouchers } from '../../db/schema';
import { createProduct, createShop, createVoucher } from '@tests/fixtures';
import { daysFrom } from '../../db/seed/util';
import { dayMonthYear } from '@/lib/dates';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const now = new Date();

async function shopWithVouchers() {
  const shop = await createShop(app.db, { deliveryCharge: 0 });
  const percent = await createVoucher(app.db, {
    shopId: shop.id,
    discountType: 'Percentage',
    discountPercent: '10',
    maxDiscountAmount: 300,
    minOrderAmount: 2000,
    limitForUser: 1,
  });
  const amount = await createVoucher(app.db, {
    shopId: shop.id,
    discountType: 'Amount',
    discountPercent: null,
    discountAmount: 500,
    minOrderAmount: 0,
    expiredAt: daysFrom(now, 2),
  });
  const expired = await createVoucher(app.db, { shopId: shop.id, startedAt: daysFrom(now, -30), expiredAt: daysFrom(now, -1) });
  const coming = await createVoucher(app.db, { shopId: shop.id, startedAt: daysFrom(now, 3), expiredAt: daysFrom(now, 10) });
  return { shop, percent, amount, expired, coming };
}

// Every voucher route needs the Bearer token: contract/auth-required.test.ts.
describe('voucher calls (docs/product.md §2 Cart drawer, §4.4 Voucher, §5)', () => {
  it("lists a shop's collectable vouchers with the voucher fields, and collects once", async () => {
    const shopper = await newShopper(app.db);
    const { shop, percent, amount, expired, coming } = await shopWithVouchers();
    const list = await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', shopper.auth));
    expect(list.status).toBe(200);
    const coupons = list.body.data.coupons as { id: number }[];
    // A voucher not started yet waits for its start (lib/voucher.ts voucherIsCollectable).
    expect(coupons.map((coupon) => coupon.id)).toEqual([amount.id, percent.id]);
    expect(coupons.map((coupon) => coupon.id)).not.toContain(expired.id);
    expect(coupons.map((coupon) => coupon.id)).not.toContain(coming.id);
    expect(list.body.data.coupons[1]).toEqual({
      id: percent.id,
      code: percent.code,
      discount_type: 'Percentage',
      discount: 10,
      min_order_amount: 20,
      max_discount_amount: 3,
      limit_for_user: 1,
      shop_id: shop.id,
      started: percent.startedAt.toISOString(),
      validity: dayMonthYear(percent.expiredAt),
      validity_iso: percent.expiredAt.toISOString(),
      is_collected: false,
    });
    expect(list.body.data.coupons[0]).toMatchObject({ discount_type: 'Amount', discount: 5 });

    const first = await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: percent.id }));
    expect(first.body.message).toBe('Voucher collected successfully');
    const second = await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: percent.id }));
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Voucher already collected');
    const after = await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', shopper.auth));
    expect(after.body.data.coupons.find((coupon: { id: number }) => coupon.id === percent.id).is_collected).toBe(true);
    const collected = await app.json('/get-collected-vouchers', request('GET', shopper.auth));
    expect(collected.body.data.coupons.map((coupon: { id: number }) => coupon.id)).toEqual([percent.id]);

    expect((await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: expired.id }))).status).toBe(422);
    const early = await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: coming.id }));
    expect(early.body.errors.coupon_id).toEqual(['This voucher is not valid yet.']);
    expect((await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: 9_999_999 }))).status).toBe(404);
    expect((await app.json('/get-vouchers?shop_id=9999999', request('GET', shopper.auth))).status).toBe(404);
    expect((await app.json('/get-vouchers', request('GET', shopper.auth))).status).toBe(422);
  });

  it('50 concurrent collects of one voucher by one shopper leave exactly one row', async () => {
    const shopper = await newShopper(app.db);
    const { percent } = await shopWithVouchers();
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.call('/vouchers-collect', request('POST', shopper.auth, { coupon_id: percent.id }))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await app.db
      .select()
      .from(collectedVouchers)
      .where(and(eq(collectedVouchers.userId, shopper.id), eq(collectedVouchers.voucherId, percent.id)));
    expect(rows).toHaveLength(1);
  });

  it("applies a voucher to its shop's items, and the checkout figures take it off", async () => {
    const shopper = await newShopper(app.db);
    const { shop, percent, amount, expired, coming } = await shopWithVouchers();
    const other = await createShop(app.db, { deliveryCharge: 0 });
    const product = await createProduct(app.db, { shopId: shop.id, price: 1500, quantity: 10 });
    const otherProduct = await createProduct(app.db, { shopId: other.id, price: 1000, quantity: 10 });
    const apply = (code: string, shopId = shop.id) => app.json('/apply-voucher', request('POST', shopper.auth, { coupon_code: code, shop_id: shopId }));

    expect((await apply(percent.code)).body.errors.coupon_code).toEqual(['Add something from this shop to your cart first.']);
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id }));
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: otherProduct.id }));
    expect((await apply(percent.code)).body.errors.coupon_code).toEqual(['Spend at least $20.00 in this shop to use this voucher.']);
    expect((await apply(expired.code)).body.errors.coupon_code).toEqual(['This voucher has expired.']);
    expect((await apply(coming.code)).body.errors.coupon_code).toEqual(['This voucher is not valid yet.']);
    expect((await apply(percent.code, other.id)).body.errors.coupon_code).toEqual(['This voucher is not valid.']);
    expect((await apply('NO-SUCH-CODE')).body.errors.coupon_code).toEqual(['This voucher is not valid.']);

    await app.json('/cart/increment', request('POST', shopper.auth, { product_id: product.id })); // 30.00 now
    const applied = await apply(percent.code.toLowerCase());
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ coupon_code: percent.code, shop_id: shop.id, discount: 3 });
    const figures = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [shop.id, other.id] }));
    expect(figures.body.data.checkout).toMatchObject({ total_amount: 40, coupon_discount: 3, payable_amount: 37 });
    expect(figures.body.data.apply_coupon).toEqual([{ shop_id: shop.id, coupon_code: percent.code, discount: 3, message: null }]);
    // Applying collected it.
    expect((await app.json('/get-collected-vouchers?shop_id=' + shop.id, request('GET', shopper.auth))).body.data.coupons).toHaveLength(1);

    // Below the minimum again: the figures say why it takes nothing off now.
    await app.json('/cart/decrement', request('POST', shopper.auth, { product_id: product.id }));
    const below = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [shop.id] }));
    expect(below.body.data.checkout.coupon_discount).toBe(0);
    expect(below.body.data.apply_coupon[0].message).toBe('Spend at least $20.00 in this shop to use this voucher.');

    // Another voucher replaces it; removing leaves none.
    expect((await apply(amount.code)).body.data.discount).toBe(5);
    expect((await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [shop.id] }))).body.data.checkout.coupon_discount).toBe(5);
    await app.json('/remove-voucher', request('POST', shopper.auth, { shop_id: shop.id }));
    const [cartRow] = await app.db.select({ codes: carts.couponCodes }).from(carts).where(eq(carts.userId, shopper.id));
    expect(cartRow!.codes).toEqual({});
  });

  it('refuses a voucher the shopper has used up', async () => {
    const shopper = await newShopper(app.db);
    const { shop, amount } = await shopWithVouchers();
    const product = await createProduct(app.db, { shopId: shop.id, price: 1500 });
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id }));
    await app.db.insert(collectedVouchers).values({ userId: shopper.id, voucherId: amount.id, timesUsed: 1 });
    const answer = await app.json('/apply-voucher', request('POST', shopper.auth, { coupon_code: amount.code, shop_id: shop.id }));
    expect(answer.body.errors.coupon_code).toEqual(['You have already used this voucher.']);
    expect((await app.json('/get-collected-vouchers', request('GET', shopper.auth))).body.data.coupons).toEqual([]);
  });

  it('neither offers nor applies a voucher whose uses in all are taken', async () => {
    const shopper = await newShopper(app.db);
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const spent = await createVoucher(app.db, { shopId: shop.id, totalLimit: 2, totalUsed: 2 });
    const left = await createVoucher(app.db, { shopId: shop.id, totalLimit: 2, totalUsed: 1 });
    const product = await createProduct(app.db, { shopId: shop.id, price: 1500 });
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id }));
    const list = await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', shopper.auth));
    expect(list.body.data.coupons.map((coupon: { id: number }) => coupon.id)).toEqual([left.id]);
    const collect = await app.json('/vouchers-collect', request('POST', shopper.auth, { coupon_id: spent.id }));
    expect(collect.body.errors.coupon_id).toEqual(['This voucher has been used up.']);
    const answer = await app.json('/apply-voucher', request('POST', shopper.auth, { coupon_code: spent.code, shop_id: shop.id }));
    expect(answer.body.errors.coupon_code).toEqual(['This voucher has been used up.']);
  });

  it('answers hostile input with a 4xx and writes nothing', async () => {
    const shopper = await newShopper(app.db);
    for (const body of [{}, { coupon_id: 'x' }, { coupon_id: -3 }, { coupon_id: 1, more: true }, { coupon_id: '1\u0000' }]) {
      const { status } = await app.json('/vouchers-collect', request('POST', shopper.auth, body));
      expect(status, JSON.stringify(body)).toBe(422);
    }
    for (const body of [
      { coupon_code: '', shop_id: 1 },
      { coupon_code: 'x'.repeat(41), shop_id: 1 },
      { coupon_code: 'A', shop_id: 'one' },
      { coupon_code: ['A'], shop_id: 1 },
    ]) {
      const { status } = await app.json('/apply-voucher', request('POST', shopper.auth, body));
      expect(status, JSON.stringify(body)).toBe(422);
    }
    expect((await app.json('/get-vouchers?shop_id=abc', request('GET', shopper.auth))).status).toBe(422);
    expect(await app.db.select().from(collectedVouchers).where(eq(collectedVouchers.userId, shopper.id))).toEqual([]);
  });
});
