import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { carts, orders } from '../../db/schema';
import { createProduct, createShop, createVoucher } from '@tests/fixtures';
import { daysFrom } from '../../db/seed/util';
import { createTestApp, newShopperWithAddress, request, type ShopperWithAddress, type TestApp } from '@tests/support/api';
import { changeOrderStatus } from './lifecycle';

/**
 * The order values apps show as they come (ADR 014): statuses and payment as labels,
 * dates as "05 May, 2025", the delivery estimate as text; GET /orders filtering by either
 * form of a status; and a voucher code typed at checkout and placement.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Shopper = ShopperWithAddress;
const shopper = () => newShopperWithAddress(app.db);

const add = (who: Shopper, body: Record<string, unknown>) => app.json('/cart/store', request('POST', who.auth, body));
const place = (who: Shopper, body: Record<string, unknown>) => app.json('/place-order', request('POST', who.auth, { address_id: who.addressId, payment_method: 'cash', ...body }));

describe('order values in the forms apps show', () => {
  it('answers statuses, payment and dates as labels, keeps ISO beside, and filters by either form', async () => {
    const who = await shopper();
    const shop = await createShop(app.db, { estimatedDeliveryTime: '3-5 days' });
    const item = await createProduct(app.db, { shopId: shop.id, price: 2500, quantity: 10 });
    await add(who, { product_id: item.id, quantity: 1 });
    const placed = await place(who, { shop_ids: [shop.id] });
    expect(placed.status).toBe(201);
    const id = placed.body.data.orders[0].id as number;
    const placedAt = new Date('2025-05-05T09:30:00Z');
    await app.db.update(orders).set({ placedAt }).where(eq(orders.id, id));

    const details = (await app.json(`/order-details?order_id=${id}`, request('GET', who.auth))).body.data.order;
    expect(details).toMatchObject({
      order_status: 'Pending',
      payment_status: 'Pending',
      payment_method: 'Cash Payment',
      placed_at: '05 May, 2025',
      placed_at_iso: placedAt.toISOString(),
      estimated_delivery_date: '3-5 days',
      estimated_delivery_date_iso: null,
      status_history: [{ status: 'Pending' }],
      can_cancel: true,
    });

    for (const filter of ['Pending', 'pending', 'all', 'All', '']) {
      const list = await app.json(`/orders?page=1&order_status=${encodeURIComponent(filter)}`, request('GET', who.auth));
      expect(list.status, filter).toBe(200);
      expect(
        list.body.data.orders.map((order: { id: number }) => order.id),
        filter,
      ).toEqual([id]);
    }
    expect((await app.json('/orders?order_status=shipped', request('GET', who.auth))).body.errors).toHaveProperty('order_status');

    // On its way: both spellings find it, counts stay keyed in snake case.
    for (const status of ['confirm', 'processing', 'pickup', 'on_the_way'] as const) await changeOrderStatus(app.db, placed.body.data.orders[0].order_code, status);
    for (const filter of ['On The Way', 'on_the_way', 'on the way']) {
      const list = (await app.json(`/orders?order_status=${encodeURIComponent(filter)}`, request('GET', who.auth))).body.data;
      expect(
        list.orders.map((order: { id: number; order_status: string }) => [order.id, order.order_status]),
        filter,
      ).toEqual([[id, 'On The Way']]);
      expect(list.status_wise_orders).toMatchObject({ all: 1, pending: 0, on_the_way: 1 });
    }
    expect((await app.json('/orders?order_status=Pending', request('GET', who.auth))).body.data.orders).toEqual([]);
    await changeOrderStatus(app.db, placed.body.data.orders[0].order_code, 'delivered');
    const delivered = (await app.json(`/order-details?order_id=${id}`, request('GET', who.auth))).body.data.order;
    expect(delivered).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', can_cancel: false });
    expect(delivered.status_history.map((entry: { status: string }) => entry.status)).toEqual(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']);
  });
});

describe('a voucher code typed at checkout (coupon_code)', () => {
  async function twoShopCart() {
    const who = await shopper();
    const alpha = await createShop(app.db, { deliveryCharge: 0 });
    const beta = await createShop(app.db, { deliveryCharge: 0 });
    const lamp = await createProduct(app.db, { shopId: alpha.id, price: 4000, quantity: 10 });
    const mug = await createProduct(app.db, { shopId: beta.id, price: 1000, quantity: 10 });
    const voucher = await createVoucher(app.db, { shopId: alpha.id, discountType: 'Amount', discountPercent: null, discountAmount: 500, minOrderAmount: 0 });
    await add(who, { product_id: lamp.id, quantity: 1 });
    await add(who, { product_id: mug.id, quantity: 2 });
    return { who, alpha, beta, voucher };
  }

  it('POST /cart/checkout applies it to the selected shop it belongs to and answers the figures with it', async () => {
    const { who, alpha, beta, voucher } = await twoShopCart();
    const { status, body } = await app.json('/cart/checkout', request('POST', who.auth, { shop_ids: [alpha.id, beta.id], coupon_code: voucher.code.toLowerCase() }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.checkout).toMatchObject({ total_amount: 60, coupon_discount: 5, payable_amount: 55 });
    expect(body.data.apply_coupon).toEqual([{ shop_id: alpha.id, coupon_code: voucher.code, discount: 5, message: null }]);
    // Applied as POST /apply-voucher applies it: it stays with the shop's cart.
    const [cart] = await app.db.select({ codes: carts.couponCodes }).from(carts).where(eq(carts.userId, who.id));
    expect(cart!.codes).toEqual({ [String(alpha.id)]: voucher.code });
  });

  it('refuses on coupon_code a code of a shop not selected, an unknown code and an expired one', async () => {
    const { who, alpha, beta, voucher } = await twoShopCart();
    const expired = await createVoucher(app.db, { shopId: beta.id, startedAt: daysFrom(new Date(), -10), expiredAt: daysFrom(new Date(), -1) });
    for (const [code, message] of [
      [voucher.code, 'This voucher is not valid.'],
      ['NO-SUCH-CODE', 'This voucher is not valid.'],
      [expired.code, 'This voucher has expired.'],
    ] as const) {
      const checkout = await app.json('/cart/checkout', request('POST', who.auth, { shop_ids: [beta.id], coupon_code: code }));
      expect(checkout.status, code).toBe(422);
      expect(checkout.body.errors, code).toEqual({ coupon_code: [message] });
      const placed = await place(who, { shop_ids: [beta.id], coupon_code: code });
      expect(placed.status, code).toBe(422);
      expect(placed.body.errors, code).toEqual({ coupon_code: [message] });
    }
    expect((await app.json('/orders', request('GET', who.auth))).body.data.total).toBe(0);
    // A blank code is no code.
    expect((await app.json('/cart/checkout', request('POST', who.auth, { shop_ids: [alpha.id], coupon_code: '' }))).status).toBe(200);
  });

  it("POST /place-order with coupon_code over two shops takes it off its own shop's order only", async () => {
    const { who, alpha, beta, voucher } = await twoShopCart();
    const { status, body } = await place(who, { shop_ids: [alpha.id, beta.id], coupon_code: voucher.code, payable_amount: 55 });
    expect(status, JSON.stringify(body)).toBe(201);
    const rows = await app.db.select().from(orders).where(eq(orders.userId, who.id));
    expect(rows.map((row) => [row.shopId, row.couponDiscount, row.payableAmount]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [
        [alpha.id, 500, 3500],
        [beta.id, 0, 2000],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });
});
