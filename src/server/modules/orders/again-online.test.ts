import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { createAddress, seedBase } from '@tests/fixtures';
import { parseEnv } from '../../env';
import { createTestDatabase } from '@tests/support/database';
import { cartOverShops, newShopper, request } from '@tests/support/api';
import { startStripeServer, type StripeServer } from '@tests/support/stripe-server';
import { configuredPaymentProviders } from '../payments/stripe';

/**
 * POST /place-order/again paid online: the new order gets a payment of its own and the
 * answer carries its payment page (`order_payment_url`), as POST /place-order's does (ADR 012),
 * against the local Stripe-compatible server.
 */

let stripeServer: StripeServer;
let handle: DatabaseHandle;
type Api = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
let api: Api;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  handle = await createTestDatabase();
  await seedBase(handle.db);
  const config = parseEnv({
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    STRIPE_SECRET_KEY: 'sk_test_storefront0001',
    STRIPE_WEBHOOK_SECRET: 'whsec_storefrontTestSecret0001',
    STRIPE_API_URL: stripeServer.url,
  });
  const log = pino({ level: 'warn' }, { write: (line: string) => console.error(line) });
  const app = createApp({ db: handle.db, config, log, paymentProviders: configuredPaymentProviders(config) });
  api = async (path, init) => {
    const response = await app.request(`/api${path}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
});
afterAll(async () => {
  await handle?.close();
  await stripeServer?.stop();
});

describe('POST /place-order/again paid online', () => {
  it('places a new order with a payment of its own and answers its payment page; a cash order again pays online when asked', async () => {
    const who = await newShopper(handle.db);
    const address = await createAddress(handle.db, { userId: who.id });
    const { shopIds } = await cartOverShops(handle.db, api, who.auth, { prices: [2500], quantity: 1 });
    const first = await api('/place-order', request('POST', who.auth, { shop_ids: shopIds, address_id: address.id, payment_method: 'cash' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    const again = await api('/place-order/again', request('POST', who.auth, { order_id: first.body.data.orders[0].id, payment_method: 'online' }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.order_payment_url).toEqual(expect.stringMatching(/^https?:\/\//));
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, again.body.data.orders[0].id));
    expect(order).toMatchObject({ paymentMethod: 'online', paymentGateway: 'stripe', paymentStatus: 'pending' });
    const [payment] = await handle.db.select().from(payments).where(eq(payments.id, again.body.data.payment_id));
    expect(payment).toMatchObject({ method: 'online', amount: order!.payableAmount });
    expect(payment!.id).not.toBe(first.body.data.payment_id);

    // Without a method it is paid as the order it repeats was: online again, a page of its own.
    const repeat = await api('/place-order/again', request('POST', who.auth, { order_id: order!.id }));
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(201);
    expect(repeat.body.data.order_payment_url).toEqual(expect.stringMatching(/^https?:\/\//));
    expect(repeat.body.data.order_payment_url).not.toBe(again.body.data.order_payment_url);
  });
});
