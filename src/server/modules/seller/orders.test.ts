import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, orderStatusHistory, outbox, payments, refunds, shopLedger, shopNotifications, users, vouchers } from '../../db/schema';
import { createAddress, createProduct, createShop, createUser, createVoucher, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, request, stockOf, type TestApp } from '@tests/support/api';
import type { PaymentProvider, RefundRequest } from '../payments/provider';
import { isolate } from '@/lib/bidi';

/**
 * The seller's orders (docs/decisions/017-sellers.md "Orders"; modules/seller/order-routes.ts):
 * the list with its tabs and search kept inside the shop, one order, and the status changes
 * through the one lifecycle: each written once under the order's lock (a repeated or
 * concurrent change answered, not applied twice), delivered cash paid and credited to the
 * shop's ledger once, a cancel giving back what the order held and refunding an order paid
 * online, the shopper told by e-mail, the shop told of new and cancelled orders. Another
 * shop's order is a 404 and nothing changes.
 */

const refundsSent: RefundRequest[] = [];
/** A payment provider that takes every refund: the refund path without a network. */
const stubProvider: PaymentProvider = {
  name: 'stripe',
  createCheckout: () => Promise.reject(new Error('not used here')),
  expireCheckout: () => Promise.resolve(),
  refund: (request) => {
    refundsSent.push(request);
    return Promise.resolve({ reference: `re_${refundsSent.length}`, status: 'succeeded', failed: false });
  },
};

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(seedBase, {}, { paymentProviders: new Map([['stripe', stubProvider]]) });
});
afterAll(() => app.close());

async function newSeller(locale = 'en') {
  const owner = await createUser(app.db);
  const shop = await createShop(app.db, { userId: owner.id, deliveryCharge: 300, orderPrefix: 'SO', locale });
  return { owner, shop, auth: await bearerFor(app.db, owner.id) };
}

type Seller = Awaited<ReturnType<typeof newSeller>>;

/** A fresh shopper's cash order of `quantity` of a new product of `seller`'s shop, with one of its vouchers. */
async function placedOrder(seller: Seller, { quantity = 2, language = 'en' } = {}) {
  const who = await newShopper(app.db);
  const address = await createAddress(app.db, { userId: who.id });
  const item = await createProduct(app.db, { shopId: seller.shop.id, price: 2500, quantity: 10 });
  const voucher = await createVoucher(app.db, { shopId: seller.shop.id, minOrderAmount: 0, limitForUser: 1 });
  await app.json('/cart/store', request('POST', who.auth, { product_id: item.id, quantity }));
  await app.json('/apply-voucher', request('POST', who.auth, { coupon_code: voucher.code, shop_id: seller.shop.id }));
  const placed = await app.json(
    '/place-order',
    request('POST', { ...who.auth, 'Accept-Language': language }, { shop_ids: [seller.shop.id], address_id: address.id, payment_method: 'cash' }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const [order] = placed.body.data.orders as { id: number; order_code: string }[];
  const [user] = await app.db.select().from(users).where(eq(users.id, who.id));
  // The order confirmation goes in the background: counted before the changes' e-mails.
  await vi.waitFor(async () => expect(await mailsTo(user!.email!)).toHaveLength(1));
  return { who, email: user!.email!, name: user!.name, item, voucher, orderId: order!.id, code: order!.order_code };
}

const update = (seller: Seller, body: Record<string, unknown>) => app.json('/seller/orders/status-update', request('POST', seller.auth, body));
const mailsTo = async (email: string) => app.db.select().from(outbox).where(eq(outbox.recipient, email));
const historyOf = (orderId: number) => app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id);
const orderRow = async (orderId: number) => (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('the seller order routes: who may call them', () => {
  it('answers a guest 401 and a shopper without a shop 403', async () => {
    const shopper = await newShopper(app.db);
    const calls: [string, RequestInit | undefined][] = [
      ['/seller/orders', undefined],
      ['/seller/orders/details?order_id=1', undefined],
      ['/seller/orders/1', undefined],
      ['/seller/orders/status-update', request('POST', {}, { order_id: 1, order_status: 'confirm' })],
    ];
    for (const [path, init] of calls) {
      expect((await app.json(path, init)).status, path).toBe(401);
      const asShopper = init ? request('POST', shopper.auth, { order_id: 1, order_status: 'confirm' }) : request('GET', shopper.auth);
      expect((await app.json(path, asShopper)).status, path).toBe(403);
    }
  });

  it("answers another shop's order 404 on every route and changes nothing", async () => {
    const [mine, theirs] = [await newSeller(), await newSeller()];
    const { orderId, email } = await placedOrder(theirs);
    expect((await app.json(`/seller/orders/details?order_id=${orderId}`, request('GET', mine.auth))).status).toBe(404);
    expect((await app.json(`/seller/orders/${orderId}`, request('GET', mine.auth))).status).toBe(404);
    for (const status of ['confirm', 'cancelled']) expect((await update(mine, { order_id: orderId, order_status: status })).status).toBe(404);
    const listed = await app.json(`/seller/orders?search=${encodeURIComponent(email)}`, request('GET', mine.auth));
    expect(listed.body.data).toMatchObject({ total_items: 0, orders: [] });
    expect(listed.body.data.status_orders[0]).toEqual({ name: 'All', value: 0, status: 'all' });
    expect((await orderRow(orderId)).orderStatus).toBe('pending');
    expect(await historyOf(orderId)).toHaveLength(1);
  });

  it('refuses hostile input with 422 naming the field', async () => {
    const seller = await newSeller();
    const { orderId } = await placedOrder(seller);
    const queries = ['per_page=1000', 'page=0', 'order_status=shipped', 'start_date=yesterday', `search=${'x'.repeat(101)}`, 'unknown=1', 'per_page=1e3'];
    for (const query of queries) {
      const answer = await app.json(`/seller/orders?${query}`, request('GET', seller.auth));
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors, query).toBeTruthy();
    }
    for (const path of [`/seller/orders/details?order_id=abc`, `/seller/orders/details?order_id=-1`, '/seller/orders/99999999999']) {
      expect((await app.json(path, request('GET', seller.auth))).status, path).toBe(422);
    }
    const bodies = [
      { order_id: orderId, order_status: 'shipped' },
      { order_id: orderId, order_status: '__proto__' },
      { order_id: 'x', order_status: 'confirm' },
      { order_id: orderId },
      { order_id: orderId, order_status: 'confirm', note: 'n'.repeat(501) },
      { order_id: orderId, order_status: 'confirm', shop_id: 1 },
    ];
    for (const body of bodies) {
      const answer = await update(seller, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors).toBeTruthy();
    }
    // Search text is data, never a pattern: "%" finds nothing, a quote breaks nothing.
    for (const search of ['%', "'; drop table orders; --", '_']) {
      const answer = await app.json(`/seller/orders?search=${encodeURIComponent(search)}`, request('GET', seller.auth));
      expect(answer.status, search).toBe(200);
      expect(answer.body.data.total_items, search).toBe(0);
    }
    expect((await orderRow(orderId)).orderStatus).toBe('pending');
  });
});

describe('the seller order list', () => {
  it('lists the shop’s orders newest first with tab counts, finds one by code or shopper, and pages', async () => {
    const seller = await newSeller();
    const first = await placedOrder(seller);
    const second = await placedOrder(seller);
    await update(seller, { order_id: first.orderId, order_status: 'confirm' });
    const list = await app.json('/seller/orders', request('GET', seller.auth));
    expect(list.status).toBe(200);
    expect(list.body.data.orders.map((order: { id: number }) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(list.body.data.total_items).toBe(2);
    expect(list.body.data.status_orders).toEqual([
      { name: 'All', value: 2, status: 'all' },
      { name: 'Pending', value: 1, status: 'pending' },
      { name: 'Confirm', value: 1, status: 'confirm' },
      { name: 'Processing', value: 0, status: 'processing' },
      { name: 'Pickup', value: 0, status: 'to_pickup' },
      { name: 'On The Way', value: 0, status: 'to_delivery' },
      { name: 'Delivered', value: 0, status: 'delivered' },
      { name: 'Cancelled', value: 0, status: 'cancelled' },
    ]);
    const order = list.body.data.orders[1];
    expect(order).toMatchObject({
      order_code: first.code,
      order_status: 'Confirm',
      status: 'confirm',
      payment_status: 'Pending',
      payment_method: 'Cash',
      delivery_date: null,
      delivery_charge: 3,
      next_statuses: ['processing', 'cancelled'],
      invoice_url: null,
      user: { name: first.name },
    });
    expect(order.order_placed).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
    expect(order.commission + order.seller_net).toBeCloseTo(order.amount, 2);
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({ id: first.item.id, quantity: 2 });
    expect(order.history.map((entry: { status: string; actor: string }) => [entry.status, entry.actor])).toEqual([
      ['Pending', 'shopper'],
      ['Confirm', 'seller'],
    ]);

    const found = async (query: string) => (await app.json(`/seller/orders?${query}`, request('GET', seller.auth))).body.data.orders.map((o: { id: number }) => o.id);
    for (const search of [first.code, first.code.slice(1).toLowerCase(), first.email.toUpperCase()]) {
      expect(await found(`search=${encodeURIComponent(search)}`), search).toEqual([first.orderId]);
    }
    expect(await found('order_status=confirm')).toEqual([first.orderId]);
    expect(await found('order_status=Pending')).toEqual([second.orderId]);
    expect(await found('order_status=to_delivery')).toEqual([]);
    expect(await found('per_page=1&page=2')).toEqual([first.orderId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await found(`start_date=${today}&end_date=${today}`)).toHaveLength(2);
    expect(await found('end_date=2000-01-01')).toEqual([]);
    const searched = await app.json(`/seller/orders?search=${encodeURIComponent(first.code)}`, request('GET', seller.auth));
    expect(searched.body.data.status_orders[0]).toEqual({ name: 'All', value: 1, status: 'all' });

    const byDetails = await app.json(`/seller/orders/details?order_id=${first.orderId}`, request('GET', seller.auth));
    const byId = await app.json(`/seller/orders/${first.orderId}`, request('GET', seller.auth));
    expect(byDetails.body.data.order).toEqual(order);
    expect(byId.body.data.order).toEqual(order);
  });
});

describe('the seller’s status changes', () => {
  it('moves an order to delivered step by step: cash paid, the net credited once, each step e-mailed and on the shopper’s page', async () => {
    const seller = await newSeller();
    const { who, email, orderId } = await placedOrder(seller);
    const before = (await mailsTo(email)).length;
    for (const status of ['Confirm', 'processing', 'to_pickup', 'On The Way', 'delivered']) {
      const answer = await update(seller, { order_id: orderId, order_status: status, note: status === 'delivered' ? 'Left at the door' : undefined });
      expect(answer.status, status).toBe(200);
      expect(answer.body.data.changed).toBe(true);
    }
    const order = (await app.json(`/seller/orders/${orderId}`, request('GET', seller.auth))).body.data.order;
    expect(order).toMatchObject({ status: 'delivered', payment_status: 'Paid', next_statuses: [] });
    expect(order.delivery_date).toBe(order.order_placed);
    expect(order.history.at(-1)).toMatchObject({ status: 'Delivered', actor: 'seller', note: 'Left at the door' });
    const row = await orderRow(orderId);
    const ledger = await app.db.select().from(shopLedger).where(eq(shopLedger.orderId, orderId));
    expect(ledger.map((entry) => [entry.kind, entry.amount, entry.shopId])).toEqual([['order_delivered', row.sellerNet, seller.shop.id]]);
    const shown = (await app.json(`/order-details?order_id=${orderId}`, request('GET', who.auth))).body.data.order;
    expect(shown.status_history.map((entry: { status: string }) => entry.status)).toEqual(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']);
    await vi.waitFor(async () => expect((await mailsTo(email)).length - before).toBe(5));
    const last = (await mailsTo(email)).at(-1)!;
    expect(last.subject).toContain('Delivered');
    expect(last.body).toContain('Left at the door');
    // Delivered is final: a cancel is refused with the reason, nothing is clawed back.
    const refused = await update(seller, { order_id: orderId, order_status: 'cancel' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An order that is Delivered can no longer change.');
  });

  it('tells the shopper in the language they ordered in, whatever the shop’s', async () => {
    const seller = await newSeller('en');
    const { email, orderId } = await placedOrder(seller, { language: 'ar' });
    expect((await update(seller, { order_id: orderId, order_status: 'confirm' })).status).toBe(200);
    await vi.waitFor(async () => expect(await mailsTo(email)).toHaveLength(2));
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.body).toMatch(/^مرحباً|طلبك/m);
    expect(mail.body).not.toContain('Your order');
  });

  it('answers the same change sent at once and again: one history row, one ledger credit, one e-mail', async () => {
    const seller = await newSeller();
    const { email, orderId } = await placedOrder(seller);
    for (const status of ['confirm', 'processing', 'pickup', 'on_the_way']) await update(seller, { order_id: orderId, order_status: status });
    await vi.waitFor(async () => expect(await mailsTo(email)).toHaveLength(5));
    const answers = await Promise.all(Array.from({ length: 5 }, () => update(seller, { order_id: orderId, order_status: 'delivered' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.changed)).toHaveLength(1);
    expect(answers.every((answer) => answer.body.data.order.status === 'delivered')).toBe(true);
    const again = await update(seller, { order_id: orderId, order_status: 'delivered' });
    expect(again.body.data.changed).toBe(false);
    expect((await historyOf(orderId)).filter((entry) => entry.status === 'delivered')).toHaveLength(1);
    expect(await app.db.select().from(shopLedger).where(eq(shopLedger.orderId, orderId))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(email)).toHaveLength(6);
  });

  it('refuses a move the lifecycle does not allow with 409 naming the allowed next statuses', async () => {
    const seller = await newSeller();
    const { orderId } = await placedOrder(seller);
    const refused = await update(seller, { order_id: orderId, order_status: 'delivered' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An order that is Pending cannot become Delivered. Allowed next: Confirm, Cancelled.');
    expect(refused.body.errors).toBeUndefined();
    for (const status of ['confirm', 'processing', 'pickup']) await update(seller, { order_id: orderId, order_status: status });
    const late = await update(seller, { order_id: orderId, order_status: 'cancelled' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('An order that is Pickup cannot become Cancelled. Allowed next: On The Way.');
    expect((await orderRow(orderId)).orderStatus).toBe('pickup');
  });

  it('cancels from processing: stock, sale and voucher uses back, the shopper e-mailed, no notice to the shop that did it', async () => {
    const seller = await newSeller();
    const { email, item, voucher, orderId } = await placedOrder(seller, { quantity: 3 });
    expect(await stockOf(app.db, item.id)).toEqual({ quantity: 7, sold: 3 });
    const totalUsed = async () => (await app.db.select({ n: vouchers.totalUsed }).from(vouchers).where(eq(vouchers.id, voucher.id)))[0]!.n;
    expect(await totalUsed()).toBe(1);
    await update(seller, { order_id: orderId, order_status: 'confirm' });
    await update(seller, { order_id: orderId, order_status: 'processing' });
    const answers = await Promise.all([1, 2, 3].map(() => update(seller, { order_id: orderId, order_status: 'cancel', note: 'Out of stock' })));
    expect(answers.filter((answer) => answer.body.data.changed)).toHaveLength(1);
    expect(answers[0]!.body.data.order).toMatchObject({ status: 'cancelled', order_status: 'Cancelled', next_statuses: [] });
    expect(await stockOf(app.db, item.id)).toEqual({ quantity: 10, sold: 0 });
    expect(await totalUsed()).toBe(0);
    const [cancel] = (await historyOf(orderId)).filter((entry) => entry.status === 'cancelled');
    expect(cancel).toMatchObject({ actor: 'seller', note: 'Out of stock' });
    await vi.waitFor(async () => expect((await mailsTo(email)).at(-1)?.subject).toContain('Cancelled'));
    const notices = await app.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, seller.shop.id));
    expect(notices.map((notice) => notice.type)).toEqual(['new_order']);
  });

  it('refunds an order paid online that the shop cancels, through the refund path, once', async () => {
    const seller = await newSeller();
    const { orderId } = await placedOrder(seller);
    const row = await orderRow(orderId);
    await app.db.update(orders).set({ paymentMethod: 'online', paymentGateway: 'stripe', paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    await app.db
      .update(payments)
      .set({ method: 'online', gateway: 'stripe', status: 'paid', chargeReference: `pi_${orderId}`, currency: 'usd' })
      .where(eq(payments.id, row.paymentId!));
    const answer = await update(seller, { order_id: orderId, order_status: 'cancelled' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.order).toMatchObject({ status: 'cancelled', payment_status: 'Refunded', payment_method: 'Online' });
    await vi.waitFor(async () => expect((await app.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]?.status).toBe('succeeded'));
    const sent = refundsSent.filter((refund) => refund.reference === `pi_${orderId}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.amount).toBe(row.payableAmount);
  });
});

describe('what the shop is told', () => {
  it('tells the shop of a new order once, and its owner by e-mail in the shop’s language', async () => {
    const seller = await newSeller('ar');
    const { orderId, code } = await placedOrder(seller);
    await vi.waitFor(async () => expect(await mailsTo(seller.owner.email!)).toHaveLength(1));
    const [notice] = await app.db
      .select()
      .from(shopNotifications)
      .where(and(eq(shopNotifications.shopId, seller.shop.id), eq(shopNotifications.type, 'new_order')));
    expect(notice).toMatchObject({ eventKey: `order:${orderId}:new`, url: `/shop/orders/${orderId}`, params: { code } });
    const [mail] = await mailsTo(seller.owner.email!);
    expect(mail!.subject).toBe(`طلب جديد ${isolate(code)}`);
  });

  it('tells the shop when the shopper cancels, with the shopper as the actor', async () => {
    const seller = await newSeller();
    const { who, email, orderId } = await placedOrder(seller);
    expect((await app.json('/orders/cancel', request('POST', who.auth, { order_id: orderId }))).status).toBe(200);
    const notices = await app.db
      .select()
      .from(shopNotifications)
      .where(and(eq(shopNotifications.shopId, seller.shop.id), eq(shopNotifications.type, 'order_cancelled')));
    expect(notices.map((notice) => notice.eventKey)).toEqual([`order:${orderId}:cancelled`]);
    expect((await historyOf(orderId)).at(-1)).toMatchObject({ status: 'cancelled', actor: 'shopper' });
    await vi.waitFor(async () => expect((await mailsTo(email)).at(-1)?.subject).toContain('Cancelled'));
    // The shop's view follows; the shop cannot move it again.
    expect((await update(seller, { order_id: orderId, order_status: 'confirm' })).status).toBe(409);
  });
});
