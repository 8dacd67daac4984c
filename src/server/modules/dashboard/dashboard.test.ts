import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems, orders, ORDER_STATUSES, users, walletTransactions } from '../../db/schema';
import { createProduct, createShop, seedBase, type Shop } from '@tests/fixtures';
import { createTestApp, newShopper, type TestApp } from '@tests/support/api';

let app: TestApp;
let shop: Shop;
beforeAll(async () => {
  app = await createTestApp(async (db) => {
    await seedBase(db);
    shop = await createShop(db, { orderPrefix: 'DB' });
  });
});
afterAll(() => app.close());

const newUser = () => newShopper(app.db);

let orderNumber = 0;
/** An order as the orders work will place one; `day` orders them in time. */
async function placeOrder(userId: number, status: (typeof ORDER_STATUSES)[number], day: number, payable: number, quantities: number[] = [1]) {
  orderNumber += 1;
  const [order] = await app.db
    .insert(orders)
    .values({
      userId,
      shopId: shop.id,
      orderCode: `#DB${1000 + orderNumber}`,
      address: { name: 'Alex', address_line: '1 Test Street' },
      paymentMethod: 'cash',
      orderStatus: status,
      totalAmount: payable,
      payableAmount: payable,
      sellerNet: payable,
      placedAt: new Date(Date.UTC(2025, 2, day)),
    })
    .returning();
  for (const quantity of quantities) await app.db.insert(orderItems).values({ orderId: order!.id, name: 'Thing', price: 100, quantity });
  return order!;
}

const dashboard = (auth: Record<string, string>) => app.json('/dashboard', { headers: auth });

// It needs a signed-in user, 401 for a guest or a bad token: contract/auth-required.test.ts.
describe('GET /dashboard (the account overview)', () => {
  it('answers zeros and empty lists for a new shopper', async () => {
    const me = await newUser();
    const { status, body } = await dashboard(me.auth);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      status_wise_orders: { all: 0, pending: 0, confirm: 0, processing: 0, pickup: 0, on_the_way: 0, delivered: 0, cancelled: 0 },
      recent_orders: [],
      recently_viewed: [],
      wallet: { balance: 0 },
      transactions: [],
      total_transactions: 0,
    });
  });

  it('counts orders by status and lists the latest five in the Order (list) shape', async () => {
    const me = await newUser();
    const statuses = ['pending', 'pending', 'delivered', 'cancelled', 'on_the_way', 'delivered', 'confirm'] as const;
    const placed = [];
    for (const [n, status] of statuses.entries()) placed.push(await placeOrder(me.id, status, n + 1, 1000 * (n + 1), [n + 1, 2]));
    const { body } = await dashboard(me.auth);
    expect(body.data.status_wise_orders).toEqual({ all: 7, pending: 2, confirm: 1, processing: 0, pickup: 0, on_the_way: 1, delivered: 2, cancelled: 1 });
    expect(body.data.recent_orders.map((o: { id: number }) => o.id)).toEqual(
      placed
        .slice(-5)
        .reverse()
        .map((o) => o.id),
    );
    const latest = placed.at(-1)!;
    expect(body.data.recent_orders[0]).toEqual({
      id: latest.id,
      order_code: latest.orderCode,
      quantity: 9,
      amount: 70,
      payment_method: 'Cash Payment',
      payment_status: 'Pending',
      order_status: 'Confirm',
      created_at: latest.createdAt.toISOString(),
      placed_at: '07 Mar, 2025',
      placed_at_iso: '2025-03-07T00:00:00.000Z',
      address: { name: 'Alex', address_line: '1 Test Street' },
      shop: { id: shop.id, name: shop.name, logo: shop.logo },
    });
  });

  it('shows each shopper only their own orders, views and wallet', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await placeOrder(alice.id, 'processing', 1, 500);
    const product = await createProduct(app.db, { shopId: shop.id });
    expect((await app.json(`/product-details?product_id=${product.id}`, { headers: alice.auth })).status).toBe(200);
    await app.db.insert(walletTransactions).values({ userId: alice.id, type: 'credit', amount: 1234, balanceAfter: 1234, purpose: 'Welcome bonus' });
    await app.db.update(users).set({ walletBalance: 1234 }).where(eq(users.id, alice.id));

    const mine = (await dashboard(alice.auth)).body.data;
    expect(mine.status_wise_orders).toMatchObject({ all: 1, processing: 1 });
    expect(mine.recent_orders).toHaveLength(1);
    expect(mine.recently_viewed.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(mine.wallet).toEqual({ balance: 12.34 });
    expect(mine.transactions).toMatchObject([{ type: 'credit', amount: 12.34, purpose: 'Welcome bonus' }]);
    expect(mine.total_transactions).toBe(1);

    const theirs = (await dashboard(bob.auth)).body.data;
    expect(theirs.status_wise_orders.all).toBe(0);
    expect(theirs.recent_orders).toEqual([]);
    expect(theirs.recently_viewed).toEqual([]);
    expect(theirs.wallet).toEqual({ balance: 0 });
    expect(theirs.transactions).toEqual([]);
  });

  it('shows at most five transactions and counts them all', async () => {
    const me = await newUser();
    let balance = 0;
    for (let n = 1; n <= 8; n++) {
      balance += 100;
      await app.db
        .insert(walletTransactions)
        .values({ userId: me.id, type: 'credit', amount: 100, balanceAfter: balance, purpose: `Credit ${n}`, createdAt: new Date(Date.UTC(2025, 0, n)) });
    }
    const { body } = await dashboard(me.auth);
    expect(body.data.total_transactions).toBe(8);
    expect(body.data.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['Credit 8', 'Credit 7', 'Credit 6', 'Credit 5', 'Credit 4']);
  });

  it('refuses other methods with 405', async () => {
    const me = await newUser();
    expect((await app.call('/dashboard', { method: 'POST', headers: me.auth })).status).toBe(405);
  });
});
