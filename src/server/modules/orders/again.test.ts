import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { cartItems, carts, orderItems, orders, products } from '../../db/schema';
import { createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newShopperWithAddress, request, type ShopperWithAddress, type TestApp } from '@tests/support/api';

/**
 * POST /place-order/again: a new order of the same products through the placement of
 * place.ts (stock, prices now; idempotency key; one transaction), leaving the cart as it was.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Shopper = ShopperWithAddress;
const shopper = () => newShopperWithAddress(app.db);

const add = (who: Shopper, body: Record<string, unknown>) => app.json('/cart/store', request('POST', who.auth, body));
const again = (who: Shopper, body: Record<string, unknown>) => app.json('/place-order/again', request('POST', who.auth, body));
const stockOf = async (id: number) => (await app.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]!.quantity;
const ordersOf = (userId: number) => app.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
const cartOf = async (userId: number) =>
  (
    await app.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity, isBuyNow: cartItems.isBuyNow })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartItems.productId))
  ).map((line) => ({ ...line }));

async function delivered() {
  const who = await shopper();
  const shop = await createShop(app.db, { deliveryCharge: 300 });
  const lamp = await createProduct(app.db, { shopId: shop.id, price: 3000, quantity: 10 });
  const mug = await createProduct(app.db, { shopId: shop.id, price: 1000, quantity: 10 });
  await add(who, { product_id: lamp.id, quantity: 2 });
  await add(who, { product_id: mug.id, quantity: 1 });
  const placed = await app.json('/place-order', request('POST', who.auth, { shop_ids: [shop.id], address_id: who.addressId, payment_method: 'cash', note: 'Ring twice' }));
  expect(placed.status).toBe(201);
  return { who, shop, lamp, mug, orderId: placed.body.data.orders[0].id as number };
}

describe('POST /place-order/again', () => {
  it("places a new order of the same products at today's prices, taking stock, and leaves the cart as it was", async () => {
    const { who, shop, lamp, mug, orderId } = await delivered();
    await app.db.update(products).set({ price: 3500 }).where(eq(products.id, lamp.id));
    // The shopper's cart meanwhile: a line of another shop and a pending buy-now.
    const other = await createProduct(app.db, { price: 500, quantity: 10 });
    await add(who, { product_id: other.id, quantity: 1 });
    await add(who, { product_id: mug.id, quantity: 1, is_buy_now: true });
    const cartBefore = await cartOf(who.id);

    const { status, body } = await again(who, { order_id: orderId, payment_method: 'cash' });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('Order placed successfully');
    expect(body.data.order_payment_url).toBeNull();
    const [first, second] = await ordersOf(who.id);
    expect(second!.id).toBe(body.data.orders[0].id);
    expect(second).toMatchObject({
      shopId: shop.id,
      paymentMethod: 'cash',
      orderStatus: 'pending',
      totalAmount: 2 * 3500 + 1000,
      deliveryCharge: 300,
      payableAmount: 8300,
      note: 'Ring twice',
    });
    expect(second!.address).toEqual(first!.address);
    const lines = await app.db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderId, second!.id))
      .orderBy(asc(orderItems.productId));
    expect(lines).toEqual(
      [
        { productId: lamp.id, quantity: 2, price: 3500 },
        { productId: mug.id, quantity: 1, price: 1000 },
      ].sort((a, b) => a.productId - b.productId),
    );
    expect(await stockOf(lamp.id)).toBe(6);
    expect(await stockOf(mug.id)).toBe(8);
    expect(await cartOf(who.id)).toEqual(cartBefore);
    // The first order is as it was.
    expect(first).toMatchObject({ id: orderId, totalAmount: 7000 });
  });

  it('places once for one idempotency key, however often and however concurrently it is sent', async () => {
    const { who, lamp, orderId } = await delivered();
    const key = 'again-key-00000001';
    const answers = await Promise.all(Array.from({ length: 4 }, () => again(who, { order_id: orderId, payment_method: 'cash', idempotency_key: key })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.body.data.orders[0].id));
    expect(ids.size).toBe(1);
    const later = await again(who, { order_id: orderId, idempotency_key: key });
    expect(later.status).toBe(200);
    expect(later.body.data.orders[0].id).toBe([...ids][0]);
    expect(await ordersOf(who.id)).toHaveLength(2);
    expect(await stockOf(lamp.id)).toBe(6);
  });

  it('refuses the whole order when the stock no longer covers it, changing nothing', async () => {
    const { who, lamp, mug, orderId } = await delivered();
    await app.db.update(products).set({ quantity: 1 }).where(eq(products.id, lamp.id));
    const { status, body } = await again(who, { order_id: orderId });
    expect(status).toBe(422);
    expect(body.errors.quantity).toEqual([`Only 1 of ${lamp.name} left in stock.`]);
    expect(await ordersOf(who.id)).toHaveLength(1);
    expect(await stockOf(mug.id)).toBe(9);
    expect(await cartOf(who.id)).toEqual([]);

    await app.db.update(products).set({ quantity: 5, isActive: false }).where(eq(products.id, lamp.id));
    const gone = await again(who, { order_id: orderId });
    expect(gone.status).toBe(422);
    expect(gone.body.errors.quantity).toEqual([`${lamp.name} is out of stock.`]);
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it("is a 404 for another shopper's order, and refuses a payment the shop does not take", async () => {
    const { who, orderId } = await delivered();
    // The method as the order answered it, sent back.
    const echoed = await again(who, { order_id: orderId, payment_method: 'Cash Payment' });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(201);
    const stranger = await shopper();
    expect((await again(stranger, { order_id: orderId })).status).toBe(404);
    const online = await again(who, { order_id: orderId, payment_method: 'online' });
    expect(online.status).toBe(422);
    expect(online.body.errors).toHaveProperty('payment_method');
    expect(
      await app.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, who.id))),
    ).toHaveLength(2);
  });
});
