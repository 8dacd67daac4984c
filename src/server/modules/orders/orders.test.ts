import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  carts,
  collectedVouchers,
  flashSaleProducts,
  orderItems,
  orders,
  orderStatusHistory,
  outbox,
  payments,
  products,
  reviews,
  settings,
  shopNotifications,
  users,
} from '../../db/schema';
import { createFlashSale, createProduct, createShop, createVoucher } from '@tests/fixtures';
import { createTestApp, newShopperWithAddress, request, type ShopperWithAddress, stockOf as storedStock, type TestApp } from '@tests/support/api';
import { isolate } from '@/lib/bidi';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Shopper = ShopperWithAddress;
const shopper = () => newShopperWithAddress(app.db);

const add = (who: Shopper, body: Record<string, unknown>) => app.json('/cart/store', request('POST', who.auth, body));
const place = (who: Shopper, body: Record<string, unknown>) => app.json('/place-order', request('POST', who.auth, { address_id: who.addressId, payment_method: 'cash', ...body }));
const stockOf = (id: number) => storedStock(app.db, id);
const ordersOf = (userId: number) => app.db.select().from(orders).where(eq(orders.userId, userId));

// Every order route needs the Bearer token: contract/auth-required.test.ts.
describe('POST /place-order', () => {
  it("places one order per shop and one payment, with the checkout's figures, taking stock and the voucher", async () => {
    const who = await shopper();
    const alpha = await createShop(app.db, { deliveryCharge: 500, orderPrefix: 'AL' });
    const beta = await createShop(app.db, { deliveryCharge: 250, orderPrefix: 'BE' });
    const lamp = await createProduct(app.db, { shopId: alpha.id, price: 4000, quantity: 5 });
    const mug = await createProduct(app.db, { shopId: beta.id, price: 1200, discountPrice: 1000, quantity: 9 });
    const untouched = await createProduct(app.db, { shopId: beta.id, price: 700, quantity: 9 });
    const voucher = await createVoucher(app.db, { shopId: alpha.id, discountType: 'Amount', discountPercent: null, discountAmount: 600, minOrderAmount: 0 });
    await add(who, { product_id: lamp.id, quantity: 2 });
    await add(who, { product_id: mug.id, quantity: 3 });
    await app.json('/apply-voucher', request('POST', who.auth, { coupon_code: voucher.code, shop_id: alpha.id }));
    const shown = (await app.json('/cart/checkout', request('POST', who.auth, { shop_ids: [alpha.id, beta.id] }))).body.data.checkout;
    await add(who, { product_id: untouched.id }); // in a selected shop's cart after the figures: ordered too

    const { status, body } = await place(who, { shop_ids: [alpha.id, beta.id], note: 'Ring twice', idempotency_key: 'checkout-one-0001' });
    expect(status).toBe(201);
    expect(body.message).toBe('Order placed successfully');
    expect(body.data.orders).toHaveLength(2);
    expect(body.data.order_payment_url).toBeNull();
    const [first, second] = body.data.orders as { id: number; order_code: string; payable_amount: number }[];
    expect(first!.order_code).toBe(`#AL${String(first!.id).padStart(6, '0')}`);
    expect(second!.order_code).toMatch(/^#BE\d{6}$/);
    // Alpha: 80.00 - 6.00 + 5.00; Beta: 30.00 + 7.00 + 2.50.
    expect(first!.payable_amount).toBe(79);
    expect(second!.payable_amount).toBe(39.5);
    expect(body.data.payable_amount).toBe(118.5);
    expect(shown.payable_amount).toBe(111.5);

    const [payment] = await app.db.select().from(payments).where(eq(payments.userId, who.id));
    expect(payment).toMatchObject({ method: 'cash', status: 'pending', amount: 11_850, idempotencyKey: 'checkout-one-0001' });
    const rows = await ordersOf(who.id);
    expect(rows.reduce((sum, order) => sum + order.payableAmount, 0)).toBe(payment!.amount);
    expect(rows.find((order) => order.shopId === alpha.id)).toMatchObject({
      couponId: voucher.id,
      couponDiscount: 600,
      deliveryCharge: 500,
      totalAmount: 8000,
      note: 'Ring twice',
      paymentStatus: 'pending',
      orderStatus: 'pending',
    });
    expect(await stockOf(lamp.id)).toEqual({ quantity: 3, sold: 2 });
    expect(await stockOf(mug.id)).toEqual({ quantity: 6, sold: 3 });
    const history = await app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, first!.id));
    expect(history.map((entry) => entry.status)).toEqual(['pending']);
    const [used] = await app.db
      .select()
      .from(collectedVouchers)
      .where(and(eq(collectedVouchers.userId, who.id), eq(collectedVouchers.voucherId, voucher.id)));
    expect(used!.timesUsed).toBe(1);
    expect((await app.json('/carts', request('GET', who.auth))).body.data.total).toBe(0);
    const [cart] = await app.db.select().from(carts).where(eq(carts.userId, who.id));
    expect(cart!.couponCodes).toEqual({});

    // The confirmation e-mail (the outbox here: no SMTP in this test), sent after the answer.
    const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
    await expect.poll(async () => (await app.db.select().from(outbox).where(eq(outbox.recipient, user!.email!))).length).toBe(1);
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.recipient, user!.email!));
    // Each code isolated left to right, so a right-to-left subject keeps its "#" in front (lib/bidi.ts).
    expect(mail!.subject).toBe(`Your order ${isolate(first!.order_code, 'code')}, ${isolate(second!.order_code, 'code')}`);
    expect(mail!.body).toContain(`${isolate(first!.order_code, 'code')} · ${isolate(alpha.name)} · ${isolate('$79.00', 'code')}`);
    expect(mail!.body).toContain(`Payable Amount: ${isolate('$118.50', 'code')}`);
  });

  it('places a buy-now without touching the cart', async () => {
    const who = await shopper();
    const shop = await createShop(app.db);
    const inCart = await createProduct(app.db, { shopId: shop.id, quantity: 5 });
    const now = await createProduct(app.db, { shopId: shop.id, price: 2500, quantity: 5 });
    await add(who, { product_id: inCart.id });
    await add(who, { product_id: now.id, quantity: 2, is_buy_now: true });
    const { status, body } = await place(who, { shop_ids: [], is_buy_now: true });
    expect(status).toBe(201);
    expect(body.data.orders).toHaveLength(1);
    const [item] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, body.data.orders[0].id));
    expect(item).toMatchObject({ productId: now.id, quantity: 2, price: 2500 });
    expect((await app.json('/carts', request('GET', who.auth))).body.data.cart_items[0].products.map((p: { id: number }) => p.id)).toEqual([inCart.id]);
  });

  it("refuses, writing nothing: another user's address, no shop, too little stock, a changed price, unavailable payment", async () => {
    const who = await shopper();
    const stranger = await shopper();
    const shop = await createShop(app.db);
    const item = await createProduct(app.db, { shopId: shop.id, price: 1000, quantity: 3 });
    await add(who, { product_id: item.id, quantity: 3 });

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ shop_ids: [shop.id], address_id: stranger.addressId }, 422, 'address_id'],
      [{ shop_ids: [] }, 422, 'shop_ids'],
      [{ shop_ids: [shop.id], payment_method: 'online' }, 422, 'payment_method'],
      [{ shop_ids: [shop.id], payment_method: 'bitcoin' }, 422, 'payment_method'],
      [{ shop_ids: [shop.id], payable_amount: 29.99 }, 409, 'payable_amount'],
    ];
    for (const [body, status, field] of refusals) {
      const answer = await place(who, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await place(who, { shop_ids: [shop.id], payment_method: 'online' })).body.errors.payment_method).toEqual(['Online payment is not available.']);

    await app.db.update(products).set({ quantity: 2 }).where(eq(products.id, item.id));
    const short = await place(who, { shop_ids: [shop.id] });
    expect(short.status).toBe(422);
    expect(short.body.errors.quantity).toEqual([`Only 2 of ${item.name} left in stock.`]);

    await app.db
      .insert(settings)
      .values({ key: 'cash_on_delivery', value: false })
      .onConflictDoUpdate({ target: settings.key, set: { value: false } });
    const { invalidateSettings } = await import('../../cache');
    invalidateSettings(app.db);
    expect((await place(who, { shop_ids: [shop.id] })).body.errors.payment_method).toEqual(['Cash on delivery is not available.']);
    await app.db.delete(settings).where(eq(settings.key, 'cash_on_delivery'));
    invalidateSettings(app.db);

    expect(await ordersOf(who.id)).toEqual([]);
    expect(await app.db.select().from(payments).where(eq(payments.userId, who.id))).toEqual([]);
    expect(await stockOf(item.id)).toEqual({ quantity: 2, sold: 0 });
    expect((await app.json('/carts', request('GET', who.auth))).body.data.total).toBe(1);
  });

  it('answers hostile input with a 4xx and writes nothing', async () => {
    const who = await shopper();
    const bodies: unknown[] = [
      {},
      { shop_ids: 'x', address_id: 1, payment_method: 'cash' },
      { shop_ids: [1], address_id: -1, payment_method: 'cash' },
      { shop_ids: [1], address_id: 1, payment_method: '' },
      { shop_ids: [1], address_id: 1, payment_method: 'cash', note: 'x'.repeat(1001) },
      { shop_ids: [1], address_id: 1, payment_method: 'cash', idempotency_key: 'short' },
      { shop_ids: [1], address_id: 1, payment_method: 'cash', total: 0.01 },
      { shop_ids: [1], address_id: 1, payment_method: 'cash\u0000' },
      '[]',
    ];
    for (const body of bodies) {
      const { status } = await app.json('/place-order', request('POST', who.auth, body));
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await ordersOf(who.id)).toEqual([]);
  });
});

describe('placement races (on PGlite and PostgreSQL)', () => {
  it('20 concurrent orders for the last unit: exactly one succeeds, stock ends at 0', async () => {
    const shop = await createShop(app.db);
    const last = await createProduct(app.db, { shopId: shop.id, quantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const buyer of buyers) expect((await add(buyer, { product_id: last.id })).status).toBe(200);
    const answers = await Promise.all(buyers.map((buyer) => place(buyer, { shop_ids: [shop.id] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.every((answer) => answer.status === 422 && /out of stock/.test(answer.body.errors.quantity[0]))).toBe(true);
    expect(await stockOf(last.id)).toEqual({ quantity: 0, sold: 1 });
    expect((await app.db.select().from(orderItems).where(eq(orderItems.productId, last.id))).length).toBe(1);
  });

  it('the same checkout submitted 20 times at once makes one order group', async () => {
    const who = await shopper();
    const shopA = await createShop(app.db);
    const shopB = await createShop(app.db);
    const a = await createProduct(app.db, { shopId: shopA.id, quantity: 10 });
    const b = await createProduct(app.db, { shopId: shopB.id, quantity: 10 });
    await add(who, { product_id: a.id, quantity: 2 });
    await add(who, { product_id: b.id });
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(who, { shop_ids: [shopA.id, shopB.id], idempotency_key: 'double-click-0042' })));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const ids = new Set(answers.map((answer) => answer.body.data.orders.map((order: { id: number }) => order.id).join(',')));
    expect(ids.size).toBe(1);
    expect(await ordersOf(who.id)).toHaveLength(2);
    expect(await app.db.select().from(payments).where(eq(payments.userId, who.id))).toHaveLength(1);
    expect(await stockOf(a.id)).toEqual({ quantity: 8, sold: 2 });
  });

  it('without a key, repeated submits still place once: the second finds the cart empty', async () => {
    const who = await shopper();
    const shop = await createShop(app.db);
    const item = await createProduct(app.db, { shopId: shop.id, quantity: 10 });
    await add(who, { product_id: item.id });
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(who, { shop_ids: [shop.id] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    // Nothing is at fault in the request: the cart is empty now, a conflict with the state (409).
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.message])).toEqual(Array(9).fill([409, 'Your cart is empty.']));
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it('a flash-sale allocation is never exceeded', async () => {
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const phone = await createProduct(app.db, { shopId: shop.id, price: 10_000, quantity: 50 });
    const sale = await createFlashSale(app.db, {}, [{ productId: phone.id, price: 7000, quantity: 5, sold: 2 }]);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper()));
    for (const buyer of buyers) await add(buyer, { product_id: phone.id });
    const answers = await Promise.all(buyers.map((buyer) => place(buyer, { shop_ids: [shop.id] })));
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const [offer] = await app.db
      .select()
      .from(flashSaleProducts)
      .where(and(eq(flashSaleProducts.flashSaleId, sale.id), eq(flashSaleProducts.productId, phone.id)));
    expect(offer!.sold).toBe(5);
    // Three at the sale price, the other five at the regular price: the allocation held.
    const amounts = answers.map((answer) => answer.body.data.payable_amount).sort();
    expect(amounts.filter((amount: number) => amount === 70)).toHaveLength(3);
    expect(amounts.filter((amount: number) => amount === 100)).toHaveLength(5);
    expect(await stockOf(phone.id)).toEqual({ quantity: 42, sold: 8 });
  });

  it('a voucher limited to one use is used once, however many orders try', async () => {
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const item = await createProduct(app.db, { shopId: shop.id, price: 5000, quantity: 100 });
    const voucher = await createVoucher(app.db, { shopId: shop.id, limitForUser: 1, minOrderAmount: 0 });
    const who = await shopper();
    // Ten buy-now checkouts of one shopper at once, each naming the voucher.
    await add(who, { product_id: item.id, is_buy_now: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => place(who, { shop_ids: [shop.id], is_buy_now: true, coupon_code: voucher.code, idempotency_key: `voucher-race-${n}-abcdef` })),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(1);
    const rows = await ordersOf(who.id);
    expect(rows.filter((order) => order.couponDiscount > 0)).toHaveLength(1);
    const [used] = await app.db
      .select()
      .from(collectedVouchers)
      .where(and(eq(collectedVouchers.userId, who.id), eq(collectedVouchers.voucherId, voucher.id)));
    expect(used!.timesUsed).toBe(1);
  });
});

describe('orders after placement', () => {
  async function placedOrder(quantity = 2) {
    const who = await shopper();
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const item = await createProduct(app.db, { shopId: shop.id, price: 3000, quantity: 10 });
    const sale = await createFlashSale(app.db, {}, [{ productId: item.id, price: 2000, quantity: 10, sold: 0 }]);
    const voucher = await createVoucher(app.db, { shopId: shop.id, minOrderAmount: 0, limitForUser: 1 });
    await add(who, { product_id: item.id, quantity });
    await app.json('/apply-voucher', request('POST', who.auth, { coupon_code: voucher.code, shop_id: shop.id }));
    const { body } = await place(who, { shop_ids: [shop.id] });
    return { who, shop, item, sale, voucher, orderId: body.data.orders[0].id as number };
  }

  it("lists orders with counts by status and shows one order's details", async () => {
    const { who, item, orderId } = await placedOrder();
    const list = await app.json('/orders?page=1&order_status=pending', request('GET', who.auth));
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.status_wise_orders).toMatchObject({ all: 1, pending: 1, delivered: 0, cancelled: 0 });
    expect(list.body.data.orders[0]).toMatchObject({ id: orderId, quantity: 2, amount: 36, order_status: 'Pending', payment_method: 'Cash Payment', payment_status: 'Pending' });
    expect((await app.json('/orders?order_status=delivered', request('GET', who.auth))).body.data.orders).toEqual([]);

    const details = await app.json(`/order-details?order_id=${orderId}`, request('GET', who.auth));
    expect(details.body.data.order).toMatchObject({
      id: orderId,
      total_amount: 40,
      coupon_discount: 4,
      payable_amount: 36,
      can_cancel: true,
      can_review: false,
      status_history: [{ status: 'Pending' }],
      products: [{ id: item.id, name: item.name, price: 30, discount_price: 20, order_qty: 2, rating: 0 }],
    });
    const stranger = await shopper();
    expect((await app.json(`/order-details?order_id=${orderId}`, request('GET', stranger.auth))).status).toBe(404);
    expect((await app.json('/orders/cancel', request('POST', stranger.auth, { order_id: orderId }))).status).toBe(404);
    expect((await app.json('/orders', request('GET', stranger.auth))).body.data.total).toBe(0);
  });

  it('cancelling restores stock, the sale allocation and the voucher use exactly, once', async () => {
    const { who, item, sale, voucher, orderId } = await placedOrder(3);
    expect(await stockOf(item.id)).toEqual({ quantity: 7, sold: 3 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.json('/orders/cancel', request('POST', who.auth, { order_id: orderId }))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(4).fill([409, 'This order can no longer be cancelled.']),
    );
    expect(await stockOf(item.id)).toEqual({ quantity: 10, sold: 0 });
    const [offer] = await app.db.select().from(flashSaleProducts).where(eq(flashSaleProducts.flashSaleId, sale.id));
    expect(offer!.sold).toBe(0);
    const [used] = await app.db
      .select()
      .from(collectedVouchers)
      .where(and(eq(collectedVouchers.userId, who.id), eq(collectedVouchers.voucherId, voucher.id)));
    expect(used!.timesUsed).toBe(0);
    const details = (await app.json(`/order-details?order_id=${orderId}`, request('GET', who.auth))).body.data.order;
    expect(details.order_status).toBe('Cancelled');
    expect(details.status_history.map((entry: { status: string }) => entry.status)).toEqual(['Pending', 'Cancelled']);
  });

  it("our order page's order again: the products go back into the cart", async () => {
    const { who, item, orderId } = await placedOrder(2);
    const answer = await app.json('/orders/to-cart', request('POST', who.auth, { order_id: orderId }));
    expect(answer.status).toBe(200);
    const cart = (await app.json('/carts', request('GET', who.auth))).body.data;
    expect(cart.cart_items[0].products[0]).toMatchObject({ id: item.id, quantity: 2 });
  });

  it("reviews a delivered order's product once, and refuses before delivery", async () => {
    const { who, item, orderId } = await placedOrder(1);
    const review = { product_id: item.id, order_id: orderId, rating: 4, review: 'Solid.' };
    expect((await app.json('/product-review', request('POST', who.auth, review))).status).toBe(422);
    await app.db.update(orders).set({ orderStatus: 'delivered' }).where(eq(orders.id, orderId));
    expect((await app.json('/product-review', request('POST', who.auth, review))).status).toBe(201);
    const again = await app.json('/product-review', request('POST', who.auth, review));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('You have already reviewed this product.');
    expect(await app.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toHaveLength(1);
    expect((await stockOf(item.id)).quantity).toBe(9);
    const [product] = await app.db.select({ rating: products.rating, totalReviews: products.totalReviews }).from(products).where(eq(products.id, item.id));
    expect(product).toEqual({ rating: '4.0', totalReviews: 1 });
    // The shop is told once, on its dashboard (docs/decisions/017-sellers.md).
    const [placed] = await app.db.select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, orderId));
    const notices = await app.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, placed!.shopId));
    expect(notices.filter((notice) => notice.type === 'new_review')).toHaveLength(1);
    expect((await app.json('/product-review', request('POST', who.auth, { ...review, rating: 6 }))).status).toBe(422);
  });
});
