import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { createApp, MAX_BODY_BYTES } from '../../app';
import type { Db } from '../../db';
import type { DatabaseHandle } from '../../db/client';
import { orders, payments, users } from '../../db/schema';
import { createAddress, createProduct, createShop, seedBase } from '@tests/fixtures';
import { parseEnv } from '../../env';
import { createTestDatabase } from '@tests/support/database';
import { cartOverShops, jsonCaller, newShopper, request, type JsonCaller } from '@tests/support/api';
import { eventFor, startStripeServer, type StripeServer } from '@tests/support/stripe-server';
import { configuredPaymentProviders } from './stripe';

/**
 * Online payment through Stripe (ADR 012): the official client against the local
 * Stripe-compatible server (tests/support/stripe-server.ts), and webhook events signed
 * with the client's own test-header helper.
 */

const SECRET_KEY = 'sk_test_storefront0001';
const WEBHOOK_SECRET = 'whsec_storefrontTestSecret0001';
const WEBHOOK = '/payments/stripe/webhook';

let stripeServer: StripeServer;
let handle: DatabaseHandle;
let db: Db;
/** Log lines a test expects (an outage); anything else logged fails the test. */
let expectedLog: string[] | null = null;

type Api = JsonCaller;
let api: Api;
/** The same shop without Stripe keys. */
let apiWithoutKeys: Api;

function client(environment: Record<string, string>): Api {
  const config = parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', ...environment });
  const log = pino({ level: 'warn' }, { write: (line: string) => (expectedLog ? expectedLog.push(line) : console.error(line)) });
  return jsonCaller(createApp({ db, config, log, paymentProviders: configuredPaymentProviders(config) }));
}

beforeAll(async () => {
  stripeServer = await startStripeServer();
  handle = await createTestDatabase();
  db = handle.db;
  await seedBase(db);
  api = client({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripeServer.url });
  apiWithoutKeys = client({});
});
afterAll(async () => {
  await handle?.close();
  await stripeServer?.stop();
});

type Shopper = Awaited<ReturnType<typeof newShopper>> & { addressId: number; email: string };

/** A shopper with an address and one product of a new shop in the cart. */
async function shopperWithCart(price = 2500): Promise<Shopper & { shopId: number }> {
  const person = await newShopper(db);
  const address = await createAddress(db, { userId: person.id });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
  const { shopIds } = await cartOverShops(db, api, person.auth, { prices: [price], quantity: 2, stock: 50 });
  return { ...person, addressId: address.id, email: user!.email!, shopId: shopIds[0]! };
}

async function placeOnline(method = 'online') {
  const who = await shopperWithCart();
  const placed = await api('/place-order', request('POST', who.auth, { shop_ids: [who.shopId], address_id: who.addressId, payment_method: method }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const [payment] = await db.select().from(payments).where(eq(payments.id, placed.body.data.payment_id));
  return { who, placed: placed.body, payment: payment!, orderId: placed.body.data.orders[0].id as number };
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

const deliver = (payload: string, signature: string | null = sign(payload)) =>
  api(WEBHOOK, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'Stripe-Signature': signature }),
    },
    body: payload,
  });

const paymentRow = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
const orderStatuses = async (paymentId: number) =>
  (await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.paymentId, paymentId))).map((row) => row.paymentStatus);

describe('Stripe Checkout', () => {
  it('opens a Checkout Session for an online order, keeping its id on the payment', async () => {
    const { who, placed, payment, orderId } = await placeOnline();
    expect(placed.message).toBe('Order placed successfully');
    const session = stripeServer.session(payment.providerReference!)!;
    expect(session).toBeDefined();
    expect(placed.data.order_payment_url).toBe(session.url);
    expect(session.url).toMatch(new RegExp(`^${stripeServer.url}/c/pay/cs_test_`));
    expect(payment).toMatchObject({ method: 'online', gateway: 'stripe', status: 'pending' });
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: payment.amount,
      currency: 'usd',
      client_reference_id: String(payment.id),
      metadata: { payment_id: String(payment.id) },
      customer_email: who.email,
    });
    expect(payment.amount).toBeGreaterThan(0);
    expect(session.line_items.data).toEqual([{ quantity: 1, amount_total: payment.amount, currency: 'usd', description: placed.data.orders[0].order_code }]);
    expect(session.success_url).toMatch(new RegExp(`/order-history/${orderId}\\?payment=success$`));
    expect(session.cancel_url).toMatch(new RegExp(`/order-history/${orderId}\\?payment=cancelled$`));
  });

  it('takes the gateway by name too', async () => {
    const { placed, payment } = await placeOnline('stripe');
    expect(placed.data.order_payment_url).toBe(stripeServer.session(payment.providerReference!)!.url);
  });

  it('marks the payment and its orders paid on checkout.session.completed, once however often it is delivered', async () => {
    const { payment } = await placeOnline();
    const paid = eventFor('checkout.session.completed', stripeServer.complete(payment.providerReference!));
    const first = await deliver(paid);
    expect(first).toMatchObject({ status: 200, body: { data: { settled: true } } });
    const settled = await paymentRow(payment.id);
    expect(settled.status).toBe('paid');
    expect(settled.paidAt).toBeInstanceOf(Date);
    expect(await orderStatuses(payment.id)).toEqual(['paid']);

    for (let delivery = 0; delivery < 4; delivery += 1) {
      // Stripe signs each delivery anew.
      expect(await deliver(paid, sign(paid))).toMatchObject({ status: 200, body: { data: { settled: false } } });
    }
    const after = await paymentRow(payment.id);
    expect(after.paidAt).toEqual(settled.paidAt);
    expect(after.updatedAt).toEqual(settled.updatedAt);
  });

  it('changes the payment once when the event arrives five times at the same moment', async () => {
    const { payment } = await placeOnline();
    const paid = eventFor('checkout.session.completed', stripeServer.complete(payment.providerReference!));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(paid)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.settled)).toHaveLength(1);
    expect((await paymentRow(payment.id)).status).toBe('paid');
    expect(await orderStatuses(payment.id)).toEqual(['paid']);
  });

  it('refuses an event without a valid signature with 400, changing nothing', async () => {
    const { payment } = await placeOnline();
    const paid = eventFor('checkout.session.completed', stripeServer.complete(payment.providerReference!));
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const refusals: [string, string, string | null][] = [
      ['another secret', paid, sign(paid, 'whsec_someoneElsesSecret')],
      ['no signature', paid, null],
      ['a garbled header', paid, 'not-a-signature'],
      ['a changed body', paid.replace('"paid"', '"paid" '), sign(paid)],
      ['an old signature (replay)', paid, sign(paid, WEBHOOK_SECRET, tenMinutesAgo)],
      ['not JSON, signed', 'payload', sign('payload')],
    ];
    for (const [what, payload, signature] of refusals) {
      const answer = await deliver(payload, signature);
      expect(answer.status, what).toBe(400);
      expect(answer.body.message, what).toBe('The webhook signature is invalid.');
    }
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await orderStatuses(payment.id)).toEqual(['pending']);
  });

  it('marks an expired session failed; pay now opens a new session, pending again, and that one pays', async () => {
    const { who, payment, orderId } = await placeOnline();
    const first = payment.providerReference!;
    const expired = eventFor('checkout.session.expired', stripeServer.expire(first));
    expect((await deliver(expired)).body.data.settled).toBe(true);
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect(await orderStatuses(payment.id)).toEqual(['failed']);

    const again = await api(`/order-payment/${orderId}/stripe`, request('GET', who.auth));
    expect(again.status).toBe(200);
    const reopened = await paymentRow(payment.id);
    expect(reopened.providerReference).not.toBe(first);
    expect(again.body.data.order_payment_url).toBe(stripeServer.session(reopened.providerReference!)!.url);
    expect(reopened.status).toBe('pending');
    expect(await orderStatuses(payment.id)).toEqual(['pending']);

    // The old session's event, delivered again, no longer touches the payment.
    expect((await deliver(expired, sign(expired))).body.data.settled).toBe(false);
    expect((await paymentRow(payment.id)).status).toBe('pending');

    const paid = eventFor('checkout.session.completed', stripeServer.complete(reopened.providerReference!));
    expect((await deliver(paid)).body.data.settled).toBe(true);
    expect((await paymentRow(payment.id)).status).toBe('paid');
    expect(await orderStatuses(payment.id)).toEqual(['paid']);
    // Paid: nothing left to pay.
    expect((await api(`/order-payment/${orderId}/stripe`, request('GET', who.auth))).status).toBe(409);
  });

  it('closes the page a new one replaces: only the newest page of a payment can be paid', async () => {
    const { who, payment, orderId } = await placeOnline();
    const first = payment.providerReference!;
    expect((await api(`/order-payment/${orderId}/stripe`, request('GET', who.auth))).status).toBe(200);
    const second = (await paymentRow(payment.id)).providerReference!;
    expect(stripeServer.session(first)!.status).toBe('expired');
    expect(stripeServer.session(second)!.status).toBe('open');
    // The closed page refuses the shopper.
    expect((await fetch(`${stripeServer.url}/c/pay/${first}`)).status).toBe(410);
  });

  it('cancelling an order of an unpaid checkout closes its page; pay now asks for what is still owed', async () => {
    const who = await shopperWithCart(2500);
    const otherShop = await createShop(db);
    const other = await createProduct(db, { shopId: otherShop.id, price: 1000, quantity: 10 });
    expect((await api('/cart/store', request('POST', who.auth, { product_id: other.id, quantity: 1 }))).status).toBe(200);
    const placed = await api('/place-order', request('POST', who.auth, { shop_ids: [who.shopId, otherShop.id], address_id: who.addressId, payment_method: 'online' }));
    expect(placed.status).toBe(201);
    const [first, second] = placed.body.data.orders as { id: number; payable_amount: number }[];
    const payment = await paymentRow(placed.body.data.payment_id);
    const page = payment.providerReference!;
    expect(stripeServer.session(page)!.amount_total).toBe(payment.amount);

    expect((await api('/orders/cancel', request('POST', who.auth, { order_id: second!.id }))).status).toBe(200);
    expect(stripeServer.session(page)!.status).toBe('expired');
    const owed = await paymentRow(payment.id);
    expect(owed.amount).toBe(Math.round(first!.payable_amount * 100));

    const again = await api(`/order-payment/${first!.id}/stripe`, request('GET', who.auth));
    expect(again.status).toBe(200);
    const reopened = stripeServer.session((await paymentRow(payment.id)).providerReference!)!;
    expect(reopened).toMatchObject({ status: 'open', amount_total: owed.amount });
    expect(again.body.data.order_payment_url).toBe(reopened.url);
  });

  it('waits for a delayed payment method: completed unpaid changes nothing, then its own event decides', async () => {
    const succeeding = await placeOnline();
    const open = stripeServer.session(succeeding.payment.providerReference!)!;
    const { line_items: _lines, ...unpaid } = { ...open, status: 'complete' as const };
    expect((await deliver(eventFor('checkout.session.completed', unpaid))).body.data.settled).toBe(false);
    expect((await paymentRow(succeeding.payment.id)).status).toBe('pending');
    const succeeded = eventFor('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' });
    expect((await deliver(succeeded)).body.data.settled).toBe(true);
    expect((await paymentRow(succeeding.payment.id)).status).toBe('paid');

    const failing = await placeOnline();
    const failingSession = stripeServer.session(failing.payment.providerReference!)!;
    const failed = eventFor('checkout.session.async_payment_failed', { ...failingSession, status: 'complete', line_items: undefined });
    expect((await deliver(failed)).body.data.settled).toBe(true);
    expect((await paymentRow(failing.payment.id)).status).toBe('failed');
    expect(await orderStatuses(failing.payment.id)).toEqual(['failed']);
  });

  it('answers other events 200 and ignores them', async () => {
    const { payment } = await placeOnline();
    const session = stripeServer.complete(payment.providerReference!);
    for (const type of ['payment_intent.succeeded', 'charge.succeeded', 'checkout.session.updated']) {
      const answer = await deliver(eventFor(type, session));
      expect(answer, type).toMatchObject({ status: 200, body: { data: { settled: false } } });
    }
    expect((await paymentRow(payment.id)).status).toBe('pending');
  });

  it('settles a payment paid through a session the shopper had replaced by opening another', async () => {
    const { who, payment, orderId } = await placeOnline();
    const older = payment.providerReference!;
    // Paid on the older page, whose event has not arrived yet when the shopper opens another:
    // the older page cannot be closed any more (Stripe refuses to expire a complete session).
    const paid = eventFor('checkout.session.completed', stripeServer.complete(older));
    expect((await api(`/order-payment/${orderId}/stripe`, request('GET', who.auth))).status).toBe(200);
    const newer = (await paymentRow(payment.id)).providerReference!;
    expect(newer).not.toBe(older);

    expect((await deliver(paid)).body.data.settled).toBe(true);
    // It keeps the reference of the session that took the money.
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', providerReference: older });
    expect(await orderStatuses(payment.id)).toEqual(['paid']);
    expect((await deliver(paid, sign(paid))).body.data.settled).toBe(false);

    // The same, delivered five times at once.
    const parallel = await placeOnline();
    const paidOlder = eventFor('checkout.session.completed', stripeServer.complete(parallel.payment.providerReference!));
    expect((await api(`/order-payment/${parallel.orderId}/stripe`, request('GET', parallel.who.auth))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(paidOlder)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.settled)).toHaveLength(1);
    expect(await paymentRow(parallel.payment.id)).toMatchObject({ status: 'paid', providerReference: parallel.payment.providerReference });

    // Paid through the newer one as well: nothing changes, and the operator is told to refund one.
    expectedLog = [];
    try {
      expect((await deliver(eventFor('checkout.session.completed', stripeServer.complete(newer)))).body.data.settled).toBe(false);
      expect(expectedLog.join('\n')).toContain('paid twice');
    } finally {
      expectedLog = null;
    }
  });

  it('places the order when Stripe is down, without a payment page; pay now opens one later', async () => {
    const who = await shopperWithCart();
    expectedLog = [];
    let placed;
    try {
      // The client tries twice (one retry).
      stripeServer.failNext(2);
      placed = await api('/place-order', request('POST', who.auth, { shop_ids: [who.shopId], address_id: who.addressId, payment_method: 'online' }));
      expect(expectedLog.join('\n')).toContain('payment page could not be opened');
    } finally {
      expectedLog = null;
    }
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('Your order is placed. The payment page could not be opened: pay from your order page.');
    expect(placed.body.data.order_payment_url).toBeNull();
    expect((await paymentRow(placed.body.data.payment_id)).providerReference).toBeNull();

    const later = await api(`/order-payment/${placed.body.data.orders[0].id}/stripe`, request('GET', who.auth));
    expect(later.status).toBe(200);
    expect(later.body.data.order_payment_url).toBe(stripeServer.session((await paymentRow(placed.body.data.payment_id)).providerReference!)!.url);
  });

  it('keeps cash on delivery as it was', async () => {
    const who = await shopperWithCart();
    const placed = await api('/place-order', request('POST', who.auth, { shop_ids: [who.shopId], address_id: who.addressId, payment_method: 'cash' }));
    expect(placed.status).toBe(201);
    expect(placed.body.data.order_payment_url).toBeNull();
    expect(await paymentRow(placed.body.data.payment_id)).toMatchObject({ method: 'cash', gateway: null, status: 'pending', providerReference: null });
    expect((await api(`/order-payment/${placed.body.data.orders[0].id}/stripe`, request('GET', who.auth))).status).toBe(409);
  });

  it('refuses a webhook body over the API limit', async () => {
    const payload = JSON.stringify({ id: 'evt_big', object: 'event', type: 'charge.succeeded', padding: 'x'.repeat(MAX_BODY_BYTES) });
    expect((await deliver(payload)).status).toBe(413);
  });

  it('offers the gateway in /master only while its provider is configured', async () => {
    const withKeys = (await api('/master')).body.data;
    expect(withKeys.online_payment).toBe(true);
    expect(withKeys.payment_gateways.filter((gateway: any) => gateway.is_active).map((gateway: any) => gateway.name)).toEqual(['stripe']);
    const withoutKeys = (await apiWithoutKeys('/master')).body.data;
    // The site still allows online payment; no gateway can take it (the checkout says so).
    expect(withoutKeys.online_payment).toBe(true);
    expect(withoutKeys.cash_on_delivery).toBe(true);
    expect(withoutKeys.payment_gateways.filter((gateway: any) => gateway.is_active)).toEqual([]);
  });

  it('without Stripe keys refuses online payment clearly, places cash orders, and has no webhook', async () => {
    const who = await shopperWithCart();
    for (const method of ['online', 'stripe']) {
      const refused = await apiWithoutKeys('/place-order', request('POST', who.auth, { shop_ids: [who.shopId], address_id: who.addressId, payment_method: method }));
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ payment_method: ['Online payment is not available. Please choose cash on delivery.'] });
    }
    expect(await db.select().from(payments).where(eq(payments.userId, who.id))).toEqual([]);
    const cash = await apiWithoutKeys('/place-order', request('POST', who.auth, { shop_ids: [who.shopId], address_id: who.addressId, payment_method: 'cash' }));
    expect(cash.status).toBe(201);
    const payload = eventFor('charge.succeeded', {});
    const webhook = await apiWithoutKeys(WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload) }, body: payload });
    expect(webhook.status).toBe(404);
  });
});

describe('Stripe configuration', () => {
  it("needs the webhook secret with the secret key, and keys of Stripe's forms", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ STRIPE_API_URL: 'localhost:12111' })).toThrow(/STRIPE_API_URL/);
    expect(configuredPaymentProviders(parseEnv({})).size).toBe(0);
    expect([...configuredPaymentProviders(parseEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).keys()]).toEqual(['stripe']);
  });
});
