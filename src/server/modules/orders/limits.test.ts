import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../app';
import { invalidateSettings } from '../../cache';
import type { DatabaseHandle } from '../../db/client';
import { orders, orderStatusHistory, outbox, payments, products, settings, shopNotifications, users } from '../../db/schema';
import { createDelivery } from '../messaging/delivery';
import { parseEnv } from '../../env';
import { createAddress, createProduct, createShop, createUser, seedBase } from '@tests/fixtures';
import { isolate } from '@/lib/bidi';
import { createTestDatabase } from '@tests/support/database';
import { issueAccessToken } from '../auth/tokens';
import { expireUnpaidOrders } from './expiry';

/**
 * The limits on placing orders (ADR 010): placements per account and per client address an
 * hour, units of one product per order, and unpaid online orders that give their stock back.
 */
let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

async function setSetting(key: string, value: unknown) {
  await handle.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  invalidateSettings(handle.db);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
  const log = pino({ level: 'warn' }, { write: (line: string) => console.error(line) });
  app = createApp({ db: handle.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn' }), log });
});
afterAll(() => handle.close());

let addressCount = 0;
const freshAddress = () => `192.0.2.${++addressCount}`;

/** A shopper with an address, calling from `from` as the HTTP edge passes it. */
async function shopper(from = freshAddress()) {
  const user = await createUser(handle.db);
  const { token } = await issueAccessToken(handle.db, user.id);
  const address = await createAddress(handle.db, { userId: user.id });
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      `/api${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body) },
      { peer: { address: from, encrypted: false } },
    );
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  return { id: user.id, addressId: address.id, call };
}

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** One product of a new shop in the shopper's cart; the shop's id. */
async function lineInNewShop(who: Shopper, quantity = 1, stock = 50): Promise<{ shopId: number; productId: number }> {
  const shop = await createShop(handle.db);
  const product = await createProduct(handle.db, { shopId: shop.id, quantity: stock });
  expect((await who.call('/cart/store', { product_id: product.id, quantity })).status).toBe(200);
  return { shopId: shop.id, productId: product.id };
}

const place = (who: Shopper, shopId: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  who.call('/place-order', { shop_ids: [shopId], address_id: who.addressId, payment_method: 'cash', ...extra }, headers);

const stockOf = async (productId: number) => (await handle.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId)))[0]!.quantity;

describe('placements per account an hour (order_limit_per_account)', () => {
  it('refuses the placement after the limit with a translated 429, writes nothing, and still answers a repeated submit', async () => {
    await setSetting('order_limit_per_account', 3);
    try {
      const who = await shopper();
      const first = await lineInNewShop(who);
      expect((await place(who, first.shopId, { idempotency_key: 'limit-first' })).status).toBe(201);
      for (let i = 0; i < 2; i++) expect((await place(who, (await lineInNewShop(who)).shopId)).status).toBe(201);
      const over = await lineInNewShop(who);
      const refused = await place(who, over.shopId, {}, { 'Accept-Language': 'ar' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect(refused.body.message).toMatch(/^لقد قدمت طلبات كثيرة/);
      expect(await stockOf(over.productId)).toBe(50);
      expect(await handle.db.select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(3);
      // The app that lost the first answer sends it again: answered, not refused.
      const repeated = await place(who, first.shopId, { idempotency_key: 'limit-first' });
      expect(repeated.status).toBe(200);
      // Another account is not affected.
      const other = await shopper();
      expect((await place(other, (await lineInNewShop(other)).shopId)).status).toBe(201);
    } finally {
      await setSetting('order_limit_per_account', 10);
    }
  });

  it('counts placed checkouts only: refusals (an empty cart, stock) use up nothing', async () => {
    await setSetting('order_limit_per_account', 2);
    try {
      const who = await shopper();
      const shop = await createShop(handle.db);
      for (let i = 0; i < 5; i++) expect((await place(who, shop.id)).status).toBe(409);
      for (let i = 0; i < 2; i++) expect((await place(who, (await lineInNewShop(who)).shopId)).status).toBe(201);
      expect((await place(who, (await lineInNewShop(who)).shopId)).status).toBe(429);
    } finally {
      await setSetting('order_limit_per_account', 10);
    }
  });

  it('lets exactly the limit through when checkouts arrive at once', async () => {
    await setSetting('order_limit_per_account', 3);
    try {
      const who = await shopper();
      const shops = [];
      for (let i = 0; i < 8; i++) shops.push((await lineInNewShop(who)).shopId);
      const statuses = (await Promise.all(shops.map((shopId) => place(who, shopId)))).map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      expect(await handle.db.select().from(payments).where(eq(payments.userId, who.id))).toHaveLength(3);
    } finally {
      await setSetting('order_limit_per_account', 10);
    }
  });
});

describe('placements per client address an hour (order_limit_per_address)', () => {
  it('refuses a further account at the same address, not one elsewhere', async () => {
    await setSetting('order_limit_per_address', 2);
    try {
      const from = freshAddress();
      for (let i = 0; i < 2; i++) {
        const who = await shopper(from);
        expect((await place(who, (await lineInNewShop(who)).shopId)).status).toBe(201);
      }
      const third = await shopper(from);
      expect((await place(third, (await lineInNewShop(third)).shopId)).status).toBe(429);
      const elsewhere = await shopper();
      expect((await place(elsewhere, (await lineInNewShop(elsewhere)).shopId)).status).toBe(201);
    } finally {
      await setSetting('order_limit_per_address', 60);
    }
  });
});

describe('units of one product per order (order_max_units_per_product)', () => {
  it('refuses an order of more units than the cap with a 422 on the quantity, and places the cap itself', async () => {
    const who = await shopper();
    // A line filled before the site lowered the cap (the cart takes no more than the cap since).
    const line = await lineInNewShop(who, 5);
    await setSetting('order_max_units_per_product', 4);
    try {
      expect((await who.call('/cart/store', { product_id: line.productId, quantity: 1 })).status).toBe(422);
      const refused = await place(who, line.shopId);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.quantity[0]).toMatch(/at most 4 of .* at a time/);
      expect(await stockOf(line.productId)).toBe(50);
      expect((await who.call('/cart/decrement', { product_id: line.productId })).status).toBe(200);
      expect((await place(who, line.shopId)).status).toBe(201);
      expect(await stockOf(line.productId)).toBe(46);
    } finally {
      await setSetting('order_max_units_per_product', 10);
    }
  });
});

describe('unpaid online orders expire (unpaid_order_expiry_minutes)', () => {
  it('cancels an online order still unpaid after the expiry once, gives its stock back, tells the shopper once in the order language, and leaves cash and paid orders alone', async () => {
    const who = await shopper();
    const line = await lineInNewShop(who, 3);
    expect((await place(who, line.shopId, {}, { 'Accept-Language': 'ar' })).status).toBe(201);
    const [order] = await handle.db.select().from(orders).where(eq(orders.userId, who.id));
    // The order keeps the language it was placed in.
    expect(order!.locale).toBe('ar');
    // Placed as an online payment that was never made (no provider in this test).
    await handle.db
      .update(orders)
      .set({ paymentMethod: 'online', placedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, order!.id));
    const cash = await shopper();
    const cashLine = await lineInNewShop(cash, 2);
    expect((await place(cash, cashLine.shopId)).status).toBe(201);
    await handle.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.userId, cash.id));
    expect(await stockOf(line.productId)).toBe(47);

    const log = { warn: (...args: unknown[]) => console.error(...args) };
    const mail = { delivery: createDelivery(parseEnv({ APP_ENV: 'test' })), log: pino({ level: 'warn' }, { write: (line: string) => console.error(line) }) };
    const sweeps = await Promise.all([expireUnpaidOrders(handle.db, new Map(), log, { mail }), expireUnpaidOrders(handle.db, new Map(), log, { mail })]);
    expect(sweeps.flat().filter((id) => id === order!.id)).toHaveLength(1);
    expect(await stockOf(line.productId)).toBe(50);
    expect(await stockOf(cashLine.productId)).toBe(48);
    const [after] = await handle.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.orderStatus).toBe('cancelled');
    // Written as the system's, and the shop is told once (it did not cancel it itself).
    const [step] = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order!.id), eq(orderStatusHistory.status, 'cancelled')));
    expect(step).toMatchObject({ actor: 'system', note: 'Cancelled: not paid in time' });
    const notices = await handle.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, line.shopId));
    expect(notices.filter((notice) => notice.type === 'order_cancelled').map((notice) => notice.eventKey)).toEqual([`order:${order!.id}:cancelled`]);
    const [{ email }] = (await handle.db.select({ email: users.email }).from(users).where(eq(users.id, who.id))) as [{ email: string }];
    // Besides the order's confirmation: one e-mail of the cancel, in Arabic ("Your order … is now: …").
    const mails = await handle.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.filter((mail) => mail.body.includes(`طلبك ${isolate(order!.orderCode)} من`))).toHaveLength(1);
    expect(await expireUnpaidOrders(handle.db, new Map(), log, { mail })).toEqual([]);
    expect(await stockOf(line.productId)).toBe(50);
  });

  it('keeps an unpaid online order younger than the expiry', async () => {
    const who = await shopper();
    const line = await lineInNewShop(who, 1);
    expect((await place(who, line.shopId)).status).toBe(201);
    await handle.db
      .update(orders)
      .set({ paymentMethod: 'online', placedAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(orders.userId, who.id));
    expect(await expireUnpaidOrders(handle.db, new Map(), { warn: () => undefined })).toEqual([]);
    expect(await stockOf(line.productId)).toBe(49);
  });
});
