import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { collectedVouchers, orders, orderStatusHistory, payments, vouchers } from '../../db/schema';
import { createAddress, createProduct, createShop, createVoucher } from '@tests/fixtures';
import { createTestApp, newShopper, request, stockOf as storedStock, type TestApp } from '@tests/support/api';
import { changeOrderStatus, OrderStatusError } from './lifecycle';

/**
 * The operator's status changes (lib/order-lifecycle.ts; npm run order-status): the
 * allowed moves with their history, the refusals, and a cancel that gives back what the
 * order held, as the shopper's own cancel does. The shopper's pages read the outcome.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function placedOrder({ quantity = 2, twoShops = false } = {}) {
  const who = await newShopper(app.db);
  const address = await createAddress(app.db, { userId: who.id });
  const shop = await createShop(app.db, { deliveryCharge: 0, orderPrefix: 'LC' });
  const other = await createShop(app.db, { deliveryCharge: 0 });
  const item = await createProduct(app.db, { shopId: shop.id, price: 2500, quantity: 10 });
  const voucher = await createVoucher(app.db, { shopId: shop.id, minOrderAmount: 0, limitForUser: 1 });
  await app.json('/cart/store', request('POST', who.auth, { product_id: item.id, quantity }));
  if (twoShops) {
    const extra = await createProduct(app.db, { shopId: other.id, price: 1000, quantity: 10 });
    await app.json('/cart/store', request('POST', who.auth, { product_id: extra.id }));
  }
  await app.json('/apply-voucher', request('POST', who.auth, { coupon_code: voucher.code, shop_id: shop.id }));
  const placed = await app.json(
    '/place-order',
    request('POST', who.auth, { shop_ids: twoShops ? [shop.id, other.id] : [shop.id], address_id: address.id, payment_method: 'cash' }),
  );
  expect(placed.status).toBe(201);
  const [order] = placed.body.data.orders as { id: number; order_code: string }[];
  return { who, item, voucher, orderId: order!.id, code: order!.order_code, paymentId: placed.body.data.payment_id as number };
}

const details = async (who: { auth: Record<string, string> }, orderId: number) => (await app.json(`/order-details?order_id=${orderId}`, request('GET', who.auth))).body.data.order;
const DAY = 86_400_000;
const stockOf = (id: number) => storedStock(app.db, id);

describe('changeOrderStatus (the operator command)', () => {
  it('moves an order along the lifecycle to delivered, writing each step to the history', async () => {
    const { who, orderId, code } = await placedOrder();
    const steps = ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered'] as const;
    const start = Date.now();
    let from = 'pending';
    for (const [n, status] of steps.entries()) {
      const change = await changeOrderStatus(app.db, code, status, { now: new Date(start + (n + 1) * DAY) });
      expect(change).toMatchObject({ orderId, orderCode: code, from, to: status });
      from = status;
    }
    const order = await details(who, orderId);
    expect(order.order_status).toBe('Delivered');
    expect(order.status_history.map((entry: { status: string }) => entry.status)).toEqual(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']);
    expect(order.status_history.at(-1).created_at).toBe(new Date(start + 5 * DAY).toISOString());
    expect(order).toMatchObject({ can_cancel: false, can_review: true, can_pay: false });
    // Cash on delivery is paid once delivered.
    expect(order.payment_status).toBe('Paid');
    const [payment] = await app.db.select().from(payments).where(eq(payments.userId, who.id));
    expect(payment).toMatchObject({ status: 'paid' });
  });

  it('finds the order by its code with or without "#", in any case, and keeps a note', async () => {
    const { orderId, code } = await placedOrder();
    await changeOrderStatus(app.db, code.slice(1).toLowerCase(), 'confirm', { note: '  Called the customer  ' });
    const history = await app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((entry) => [entry.status, entry.note])).toEqual([
      ['pending', null],
      ['confirm', 'Called the customer'],
    ]);
  });

  it('refuses impossible moves with a clear message and changes nothing', async () => {
    const { orderId, code } = await placedOrder();
    const refusals: [string, string, string][] = [
      [code, 'delivered', `${code}: An order that is pending cannot become delivered; its next status is confirm or cancelled.`],
      [code, 'shipped', 'Unknown status "shipped".'],
      ['#NOPE000001', 'confirm', 'No order with the code #NOPE000001.'],
    ];
    for (const [which, status, message] of refusals) {
      const attempt = changeOrderStatus(app.db, which, status);
      await expect(attempt, status).rejects.toBeInstanceOf(OrderStatusError);
      await expect(changeOrderStatus(app.db, which, status)).rejects.toThrow(message);
    }
    await changeOrderStatus(app.db, code, 'confirm');
    await changeOrderStatus(app.db, code, 'processing');
    await changeOrderStatus(app.db, code, 'pickup');
    await expect(changeOrderStatus(app.db, code, 'cancelled')).rejects.toThrow(
      `${code}: An order that is pickup can no longer be cancelled (only pending or confirm or processing).`,
    );
    await expect(changeOrderStatus(app.db, code, 'pending')).rejects.toThrow('its next status is on_the_way');
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.orderStatus).toBe('pickup');
    expect(await app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).toHaveLength(4);
  });

  it('cancels from confirm as the shopper would: stock and voucher use back, the payment no longer counts it', async () => {
    const { who, item, voucher, orderId, code, paymentId } = await placedOrder({ quantity: 3, twoShops: true });
    expect(await stockOf(item.id)).toEqual({ quantity: 7, sold: 3 });
    const [before] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    await changeOrderStatus(app.db, code, 'confirm');
    const change = await changeOrderStatus(app.db, code, 'cancelled', { note: 'Out of stock at the warehouse' });
    // Cash on delivery, not paid yet: no money goes back through a provider.
    expect(change).toMatchObject({ from: 'confirm', to: 'cancelled', paymentStatus: 'pending', refundId: null });
    expect(await stockOf(item.id)).toEqual({ quantity: 10, sold: 0 });
    const [used] = await app.db
      .select()
      .from(collectedVouchers)
      .where(and(eq(collectedVouchers.userId, who.id), eq(collectedVouchers.voucherId, voucher.id)));
    expect(used!.timesUsed).toBe(0);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const [after] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(after!.amount).toBe(before!.amount - order!.payableAmount);
    const shown = await details(who, orderId);
    expect(shown.order_status).toBe('Cancelled');
    expect(shown.status_history.map((entry: { status: string }) => entry.status)).toEqual(['Pending', 'Confirm', 'Cancelled']);
    // Final: nothing moves it again, and the shopper cannot cancel it twice.
    await expect(changeOrderStatus(app.db, code, 'confirm')).rejects.toThrow('its status can no longer change');
    expect((await app.json('/orders/cancel', request('POST', who.auth, { order_id: orderId }))).status).toBe(409);
    expect(await stockOf(item.id)).toEqual({ quantity: 10, sold: 0 });
  });

  it('lets the same change of one order race: one writes it, the others are answered unchanged', async () => {
    const { orderId, code } = await placedOrder();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => changeOrderStatus(app.db, code, 'confirm')));
    expect(outcomes.filter((outcome) => outcome.changed)).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome.to === 'confirm')).toBe(true);
    const history = await app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((entry) => [entry.status, entry.actor])).toEqual([
      ['pending', 'shopper'],
      ['confirm', 'operator'],
    ]);
    // Asked again later, even after the next step: answered, nothing written.
    await changeOrderStatus(app.db, code, 'processing');
    expect(await changeOrderStatus(app.db, code, 'confirm')).toMatchObject({ changed: false, from: 'processing' });
    expect(await app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).toHaveLength(3);
  });

  it('lets the operator cancel a processing order, giving the voucher its use in all back', async () => {
    const { item, voucher, orderId, code } = await placedOrder({ quantity: 2 });
    const used = async () => (await app.db.select({ n: vouchers.totalUsed }).from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.n;
    expect(await used()).toBe(1);
    await changeOrderStatus(app.db, code, 'confirm');
    await changeOrderStatus(app.db, code, 'processing');
    const change = await changeOrderStatus(app.db, code, 'cancelled');
    expect(change).toMatchObject({ changed: true, from: 'processing', to: 'cancelled', actor: 'operator' });
    expect(await used()).toBe(0);
    expect(await stockOf(item.id)).toEqual({ quantity: 10, sold: 0 });
    // Repeated: nothing given back twice.
    expect(await changeOrderStatus(app.db, code, 'cancelled')).toMatchObject({ changed: false });
    expect(await used()).toBe(0);
    expect(await stockOf(item.id)).toEqual({ quantity: 10, sold: 0 });
    const [last] = await app.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'cancelled')));
    expect(last).toMatchObject({ actor: 'operator', note: 'Cancelled by the shop' });
  });
});
