import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { createApp } from '../../app';
import type { Db } from '../../db';
import type { DatabaseHandle } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { createAddress, seedBase } from '@tests/fixtures';
import { parseEnv } from '../../env';
import { createTestDatabase } from '@tests/support/database';
import { cartOverShops, jsonCaller, newShopper, request, type JsonCaller } from '@tests/support/api';
import { eventFor, startStripeServer, type StripeServer } from '@tests/support/stripe-server';
import { changeOrderStatus } from '../orders/lifecycle';
import { sendOwedRefunds, sendRefund } from './refunds';
import { configuredPaymentProviders } from './stripe';

/**
 * Refunds of cancelled orders paid online (docs/decisions/012-payments.md, "Refunds"):
 * the official client against the local Stripe-compatible server, the shopper's cancel
 * through the API and the operator's through the lifecycle the command calls. Each
 * refund is checked at the provider: its amount, its PaymentIntent, and that there is
 * exactly one.
 */

const SECRET_KEY = 'sk_test_storefrontRefunds01';
const WEBHOOK_SECRET = 'whsec_storefrontRefundsSecret01';

let stripeServer: StripeServer;
let handle: DatabaseHandle;
let db: Db;
let providers: ReturnType<typeof configuredPaymentProviders>;
/** Log lines a test expects (an outage, a refusal); anything else logged fails the test. */
let expectedLog: string[] | null = null;

type Api = JsonCaller;
let api: Api;

beforeAll(async () => {
  stripeServer = await startStripeServer();
  handle = await createTestDatabase();
  db = handle.db;
  await seedBase(db);
  const config = parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripeServer.url });
  providers = configuredPaymentProviders(config);
  const log = pino({ level: 'warn' }, { write: (line: string) => (expectedLog ? expectedLog.push(line) : console.error(line)) });
  api = jsonCaller(createApp({ db, config, log, paymentProviders: providers }));
});
afterAll(async () => {
  await handle?.close();
  await stripeServer?.stop();
});

/** Runs `work` expecting the server to log; what it logged. */
async function logged(work: () => Promise<void>): Promise<string> {
  expectedLog = [];
  try {
    await work();
    return expectedLog.join('\n');
  } finally {
    expectedLog = null;
  }
}

const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const deliver = (payload: string) =>
  api('/payments/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': sign(payload) }, body: payload });

/**
 * A shopper's checkout over `prices.length` shops (one product each, two of it), placed
 * with `method`; paid through Stripe Checkout (the signed event delivered) when `pay`.
 */
async function checkout({ prices = [2500], method = 'online', pay = true }: { prices?: number[]; method?: string; pay?: boolean } = {}) {
  const who = await newShopper(db);
  const address = await createAddress(db, { userId: who.id });
  const { shopIds } = await cartOverShops(db, api, who.auth, { prices, quantity: 2, stock: 50 });
  const placed = await api('/place-order', request('POST', who.auth, { shop_ids: shopIds, address_id: address.id, payment_method: method }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const paymentId = placed.body.data.payment_id as number;
  let paymentIntent: string | null = null;
  if (pay) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const session = stripeServer.complete(payment!.providerReference!);
    expect((await deliver(eventFor('checkout.session.completed', session))).body.data.settled).toBe(true);
    paymentIntent = session.payment_intent;
  }
  const placedOrders = await db.select().from(orders).where(eq(orders.paymentId, paymentId)).orderBy(orders.id);
  return { who, paymentId, paymentIntent, orders: placedOrders };
}

const cancel = (who: { auth: Record<string, string> }, orderId: number) => api('/orders/cancel', request('POST', who.auth, { order_id: orderId }));
const refundOf = async (orderId: number) => (await db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const refundsAt = (paymentIntent: string | null) => stripeServer.refunds().filter((refund) => refund.payment_intent === paymentIntent);
const details = async (who: { auth: Record<string, string> }, orderId: number) => (await api(`/order-details?order_id=${orderId}`, request('GET', who.auth))).body.data.order;

/** The official client on the local server, as the shop's operator or Stripe's dashboard would use it. */
const stripeClient = () => {
  const url = new URL(stripeServer.url);
  return new Stripe(SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
};

describe('refunds of cancelled orders paid online', () => {
  it("refunds a paid order the shopper cancels: once, the order's amount, through the session's PaymentIntent", async () => {
    const {
      who,
      paymentId,
      paymentIntent,
      orders: [order],
    } = await checkout();
    // The webhook kept what took the money and its currency.
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: 'paid', chargeReference: paymentIntent, currency: 'usd' });

    const answer = await cancel(who, order!.id);
    expect(answer).toMatchObject({ status: 200, body: { message: 'Order cancelled successfully' } });
    const atStripe = refundsAt(paymentIntent);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ object: 'refund', amount: order!.payableAmount, currency: 'usd', status: 'succeeded', reason: 'requested_by_customer' });
    expect(atStripe[0]!.metadata).toMatchObject({ order_code: order!.orderCode, order_id: String(order!.id) });
    expect(stripeServer.paymentIntent(paymentIntent!)).toMatchObject({ amount: order!.payableAmount, amountRefunded: order!.payableAmount });

    expect(await refundOf(order!.id)).toMatchObject({
      paymentId,
      gateway: 'stripe',
      amount: order!.payableAmount,
      currency: 'usd',
      status: 'succeeded',
      providerReference: atStripe[0]!.id,
      providerStatus: 'succeeded',
      attempts: 1,
      lastError: null,
      claimedUntil: null,
    });
    expect((await refundOf(order!.id))!.refundedAt).toBeInstanceOf(Date);
    expect(await details(who, order!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Refunded', refund_status: 'succeeded' });

    // Nothing is owed any more: a retry sends nothing.
    expect((await sendOwedRefunds(db, providers)).filter(({ refund }) => refund.orderId === order!.id)).toEqual([]);
    expect(refundsAt(paymentIntent)).toHaveLength(1);
  });

  it('refunds only the cancelled order of a two-shop checkout: a part of the payment', async () => {
    const { who, paymentId, paymentIntent, orders: placed } = await checkout({ prices: [2500, 1200] });
    const [first, second] = placed;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.amount).toBe(first!.payableAmount + second!.payableAmount);

    expect((await cancel(who, second!.id)).status).toBe(200);
    expect(refundsAt(paymentIntent).map((refund) => refund.amount)).toEqual([second!.payableAmount]);
    expect(stripeServer.paymentIntent(paymentIntent!)!.amountRefunded).toBe(second!.payableAmount);
    expect(await refundOf(first!.id)).toBeUndefined();
    expect(await details(who, first!.id)).toMatchObject({ order_status: 'Pending', payment_status: 'Paid', refund_status: null });
    expect(await details(who, second!.id)).toMatchObject({ payment_status: 'Refunded', refund_status: 'succeeded' });

    // The other one cancelled too: together exactly what was paid, nothing more.
    expect((await cancel(who, first!.id)).status).toBe(200);
    expect(refundsAt(paymentIntent).map((refund) => refund.amount)).toEqual([second!.payableAmount, first!.payableAmount]);
    expect(stripeServer.paymentIntent(paymentIntent!)!.amountRefunded).toBe(payment!.amount);
  });

  it('refunds nothing for a cash order or an online order not paid yet', async () => {
    const before = stripeServer.refunds().length;
    const cash = await checkout({ method: 'cash', pay: false });
    expect((await cancel(cash.who, cash.orders[0]!.id)).status).toBe(200);
    const unpaid = await checkout({ pay: false });
    expect((await cancel(unpaid.who, unpaid.orders[0]!.id)).status).toBe(200);
    const delivered = await checkout({ method: 'cash', pay: false });
    for (const status of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) await changeOrderStatus(db, delivered.orders[0]!.orderCode, status);

    expect(
      await db
        .select()
        .from(refunds)
        .where(inArray(refunds.orderId, [cash.orders[0]!.id, unpaid.orders[0]!.id, delivered.orders[0]!.id])),
    ).toEqual([]);
    expect(stripeServer.refunds()).toHaveLength(before);
    expect(await details(cash.who, cash.orders[0]!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Pending', refund_status: null });
    expect(await details(unpaid.who, unpaid.orders[0]!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Pending', refund_status: null });
  });

  it('cancels while Stripe is down, keeps the refund owed, and the retry sends it once', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    // The client tries twice (one retry): both fail.
    stripeServer.failNext(2);
    let answer;
    const log = await logged(async () => {
      answer = await cancel(who, order!.id);
    });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Order cancelled successfully' } });
    expect(log).toContain('refund not sent: it stays pending');
    expect(refundsAt(paymentIntent)).toEqual([]);
    const owed = await refundOf(order!.id);
    expect(owed).toMatchObject({ status: 'pending', attempts: 1, providerReference: null, claimedUntil: null });
    expect(owed!.lastError).toMatch(/^StripeAPIError: /);
    expect(await details(who, order!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Refunded', refund_status: 'pending' });

    const retried = await sendOwedRefunds(db, providers);
    expect(retried.find(({ refund }) => refund.orderId === order!.id)?.outcome).toMatchObject({ status: 'succeeded', amount: order!.payableAmount, error: null });
    expect(refundsAt(paymentIntent).map((refund) => refund.amount)).toEqual([order!.payableAmount]);
    expect(await refundOf(order!.id)).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
    // Retried again: nothing more goes out.
    await sendOwedRefunds(db, providers);
    expect(refundsAt(paymentIntent)).toHaveLength(1);
    expect((await details(who, order!.id)).refund_status).toBe('succeeded');
  });

  it('sends one refund when five cancels and two retries race', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    const [answers] = await Promise.all([Promise.all(Array.from({ length: 5 }, () => cancel(who, order!.id))), sendOwedRefunds(db, providers), sendOwedRefunds(db, providers)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await sendOwedRefunds(db, providers);
    expect(refundsAt(paymentIntent).map((refund) => refund.amount)).toEqual([order!.payableAmount]);
    expect(await refundOf(order!.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('sends an owed refund once when five retries race for it', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    stripeServer.failNext(2);
    await logged(async () => {
      expect((await cancel(who, order!.id)).status).toBe(200);
    });
    const refund = (await refundOf(order!.id))!;
    expect(refund.status).toBe('pending');
    const sends = await Promise.all(Array.from({ length: 5 }, () => sendRefund(db, providers, refund.id)));
    expect(sends.filter((outcome) => outcome?.status === 'succeeded')).toHaveLength(1);
    expect(sends.filter((outcome) => outcome === null)).toHaveLength(4);
    expect(refundsAt(paymentIntent)).toHaveLength(1);
  });

  it('refunds an order the operator cancels (npm run orders -- status <code> cancelled), after the commit', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    await changeOrderStatus(db, order!.orderCode, 'confirm');
    const change = await changeOrderStatus(db, order!.orderCode, 'cancelled', { note: 'Out of stock' });
    expect(change).toMatchObject({ from: 'confirm', to: 'cancelled', paymentStatus: 'refunded' });
    expect(change.refundId).toEqual(expect.any(Number));
    // Committed and owed: a crash here would leave it for the retry.
    expect(await refundOf(order!.id)).toMatchObject({ id: change.refundId, status: 'pending', attempts: 0, reason: null });
    expect(refundsAt(paymentIntent)).toEqual([]);

    const outcome = await sendRefund(db, providers, change.refundId!);
    expect(outcome).toMatchObject({ status: 'succeeded', amount: order!.payableAmount, currency: 'usd' });
    expect(refundsAt(paymentIntent)).toEqual([expect.objectContaining({ amount: order!.payableAmount, reason: null, id: outcome!.providerReference })]);
    expect(await sendRefund(db, providers, change.refundId!)).toBeNull();
    expect(refundsAt(paymentIntent)).toHaveLength(1);
    expect(await details(who, order!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Refunded', refund_status: 'succeeded' });
  });

  it('keeps an operator cancel whose refund Stripe could not take owed, for the retry', async () => {
    const {
      paymentIntent,
      orders: [order],
    } = await checkout();
    const change = await changeOrderStatus(db, order!.orderCode, 'cancelled');
    stripeServer.failNext(2);
    expect(await sendRefund(db, providers, change.refundId!)).toMatchObject({ status: 'pending', error: expect.stringMatching(/^StripeAPIError/) });
    expect(refundsAt(paymentIntent)).toEqual([]);
    const [again] = (await sendOwedRefunds(db, providers)).filter(({ refund }) => refund.orderId === order!.id);
    expect(again!.outcome).toMatchObject({ status: 'succeeded' });
    expect(refundsAt(paymentIntent)).toHaveLength(1);
  });

  it('makes no second refund when the answer to a sent one was lost', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    expect((await cancel(who, order!.id)).status).toBe(200);
    const sent = (await refundOf(order!.id))!;
    expect(sent.status).toBe('succeeded');
    // As if the shop had died between Stripe's answer and writing it down.
    await db.update(refunds).set({ status: 'pending', providerReference: null, providerStatus: null, refundedAt: null }).where(eq(refunds.id, sent.id));
    const outcome = await sendRefund(db, providers, sent.id);
    expect(outcome).toMatchObject({ status: 'succeeded', providerReference: sent.providerReference });
    expect(refundsAt(paymentIntent)).toHaveLength(1);
    // The first attempt's answer lost: the same Idempotency-Key replays the same refund.
    await db.update(refunds).set({ status: 'pending', providerReference: null, attempts: 0 }).where(eq(refunds.id, sent.id));
    expect(await sendRefund(db, providers, sent.id)).toMatchObject({ status: 'succeeded', providerReference: sent.providerReference });
    expect(refundsAt(paymentIntent)).toHaveLength(1);
  });

  it('finds the PaymentIntent through the Checkout Session for a payment paid before it was kept', async () => {
    const {
      who,
      paymentId,
      paymentIntent,
      orders: [order],
    } = await checkout();
    await db.update(payments).set({ chargeReference: null, currency: null }).where(eq(payments.id, paymentId));
    expect((await cancel(who, order!.id)).status).toBe(200);
    expect(refundsAt(paymentIntent).map((refund) => refund.amount)).toEqual([order!.payableAmount]);
    expect(await refundOf(order!.id)).toMatchObject({ status: 'succeeded', currency: 'usd' });
  });

  it('marks a refund Stripe refuses failed, says so, and retries it only when asked', async () => {
    const {
      who,
      paymentIntent,
      orders: [order],
    } = await checkout();
    // Refunded in Stripe's dashboard already.
    await stripeClient().refunds.create({ payment_intent: paymentIntent! });
    const log = await logged(async () => {
      expect((await cancel(who, order!.id)).status).toBe(200);
    });
    expect(log).toContain('refund refused by the payment provider');
    const refused = await refundOf(order!.id);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, providerReference: null });
    expect(refused!.lastError).toMatch(/^charge_already_refunded: Charge ch_test_\w+ has already been refunded\.$/);
    expect((await details(who, order!.id)).refund_status).toBe('failed');
    expect(refundsAt(paymentIntent)).toHaveLength(1);

    expect((await sendOwedRefunds(db, providers)).filter(({ refund }) => refund.orderId === order!.id)).toEqual([]);
    const [again] = (await sendOwedRefunds(db, providers, { includeFailed: true })).filter(({ refund }) => refund.orderId === order!.id);
    expect(again!.outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('charge_already_refunded') });
    expect(refundsAt(paymentIntent)).toHaveLength(1);
  });

  it('refunds an order cancelled after its payment page was opened, when that page is paid', async () => {
    const {
      who,
      paymentId,
      orders: [first, second],
    } = await checkout({ prices: [2500, 1200], pay: false });
    const [opened] = await db.select().from(payments).where(eq(payments.id, paymentId));
    // The shopper pays the page opened for both just as the cancel comes: too late to close it,
    // and Stripe takes both orders' money; its event arrives after the cancel.
    const session = stripeServer.complete(opened!.providerReference!);
    expect((await cancel(who, second!.id)).status).toBe(200);
    // Unpaid as far as the shop knows: nothing to refund yet, the payment counts the first order only.
    expect(await refundOf(second!.id)).toBeUndefined();
    expect((await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.amount).toBe(first!.payableAmount);
    expect(session.amount_total).toBe(first!.payableAmount + second!.payableAmount);
    expect((await deliver(eventFor('checkout.session.completed', session))).body.data.settled).toBe(true);
    expect(refundsAt(session.payment_intent).map((refund) => refund.amount)).toEqual([second!.payableAmount]);
    expect(await details(who, second!.id)).toMatchObject({ order_status: 'Cancelled', payment_status: 'Refunded', refund_status: 'succeeded' });
    expect(await details(who, first!.id)).toMatchObject({ order_status: 'Pending', payment_status: 'Paid', refund_status: null });
    // Delivered again: nothing more.
    expect((await deliver(eventFor('checkout.session.completed', session))).body.data.settled).toBe(false);
    expect(refundsAt(session.payment_intent)).toHaveLength(1);
  });

  it('lets a cancel and the payment event race without a deadlock, refunding the order once either way', async () => {
    for (let round = 0; round < 4; round += 1) {
      const {
        who,
        paymentId,
        orders: [first, second],
      } = await checkout({ prices: [2500, 1200], pay: false });
      const [opened] = await db.select().from(payments).where(eq(payments.id, paymentId));
      const session = stripeServer.complete(opened!.providerReference!);
      const [cancelled, delivered] = await Promise.all([cancel(who, second!.id), deliver(eventFor('checkout.session.completed', session))]);
      expect([cancelled.status, delivered.status], JSON.stringify([cancelled.body, delivered.body])).toEqual([200, 200]);
      expect(refundsAt(session.payment_intent).map((refund) => refund.amount)).toEqual([second!.payableAmount]);
      expect(await details(who, first!.id)).toMatchObject({ payment_status: 'Paid' });
      expect(await details(who, second!.id)).toMatchObject({ payment_status: 'Refunded', refund_status: 'succeeded' });
    }
  });

  it('leaves a refund owed while its provider is not configured', async () => {
    const {
      who,
      orders: [order],
    } = await checkout();
    const change = await changeOrderStatus(db, order!.orderCode, 'cancelled');
    expect(await sendRefund(db, new Map(), change.refundId!)).toMatchObject({ status: 'pending', error: 'The payment provider "stripe" is not configured.' });
    expect(await refundOf(order!.id)).toMatchObject({ status: 'pending', attempts: 0, claimedUntil: null });
    expect((await details(who, order!.id)).refund_status).toBe('pending');
    expect(await sendRefund(db, providers, change.refundId!)).toMatchObject({ status: 'succeeded' });
  });
});

describe("the local Stripe-compatible server: refunds in Stripe's wire format", () => {
  it('refunds a part, then the rest; refuses more than is left and a charge refunded in full', async () => {
    const { paymentIntent } = await checkout({ prices: [1000] });
    const paid = stripeServer.paymentIntent(paymentIntent!)!;
    const stripe = stripeClient();
    const part = await stripe.refunds.create({ payment_intent: paymentIntent!, amount: 300, reason: 'requested_by_customer', metadata: { order_id: '1' } });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 300,
      currency: 'usd',
      payment_intent: paymentIntent,
      charge: paid.charge,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { order_id: '1' },
    });
    expect(part.id).toMatch(/^re_test_/);

    const tooMuch = await stripe.refunds.create({ payment_intent: paymentIntent!, amount: paid.amount }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: `Refund amount ($${(paid.amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount - 300) / 100).toFixed(2)})`,
    });

    const rest = await stripe.refunds.create({ payment_intent: paymentIntent! });
    expect(rest.amount).toBe(paid.amount - 300);
    const raw = await fetch(`${stripeServer.url}/v1/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_intent: paymentIntent!, amount: '1' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${paid.charge} has already been refunded.` } });

    const listed = await stripe.refunds.list({ payment_intent: paymentIntent!, limit: 10 });
    expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, part.id]);
  });

  it('replays a repeated Idempotency-Key, and refuses the key with other parameters', async () => {
    const { paymentIntent } = await checkout({ prices: [1000] });
    const stripe = stripeClient();
    const first = await stripe.refunds.create({ payment_intent: paymentIntent!, amount: 100 }, { idempotencyKey: 'refund_test_key_1' });
    const again = await stripe.refunds.create({ payment_intent: paymentIntent!, amount: 100 }, { idempotencyKey: 'refund_test_key_1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(stripeServer.paymentIntent(paymentIntent!)!.amountRefunded).toBe(100);
    const changed = await stripe.refunds.create({ payment_intent: paymentIntent!, amount: 200 }, { idempotencyKey: 'refund_test_key_1' }).catch((error: unknown) => error);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(stripeServer.paymentIntent(paymentIntent!)!.amountRefunded).toBe(100);
  });

  it('refuses unknown parameters, a bad reason and an unknown PaymentIntent', async () => {
    const { paymentIntent } = await checkout({ prices: [1000] });
    const stripe = stripeClient();
    const refusals: [Stripe.RefundCreateParams, string, number][] = [
      [{ payment_intent: paymentIntent!, amount: 100, currency: 'usd' }, 'parameter_unknown', 400],
      [{ payment_intent: paymentIntent!, amount: 100, reason: 'changed_mind' }, 'parameter_invalid_string', 400],
      [{ payment_intent: 'pi_test_nothing', amount: 100 }, 'resource_missing', 404],
      [{ amount: 100 }, 'parameter_missing', 400],
    ];
    for (const [params, code, status] of refusals) {
      const error = await stripe.refunds.create(params).catch((caught: unknown) => caught);
      expect(error, code).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error, code).toMatchObject({ code, statusCode: status });
    }
    expect(stripeServer.paymentIntent(paymentIntent!)!.amountRefunded).toBe(0);
  });
});
