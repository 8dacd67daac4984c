import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-compatible HTTP server for tests (docs/decisions/012-payments.md): the
 * official `stripe` client talks to it as to api.stripe.com (STRIPE_API_URL). It speaks
 * Stripe's wire format, form-encoded requests with bracketed keys and JSON answers with
 * Stripe's error envelope, for exactly the calls the shop makes:
 *
 *   POST /v1/checkout/sessions      create a Checkout Session (mode=payment, price_data line items)
 *   GET  /v1/checkout/sessions/:id  retrieve one
 *   POST /v1/checkout/sessions/:id/expire  expire an open one (anything else is refused, as Stripe does)
 *   POST /v1/refunds                refund (part of) a paid session's PaymentIntent
 *   GET  /v1/refunds                list refunds, of one PaymentIntent (payment_intent, limit)
 *
 * Like Stripe it requires a secret key, refuses unknown or missing parameters with 400,
 * and replays the first answer for a repeated Idempotency-Key (Idempotent-Replayed: true;
 * the same key with other parameters is an idempotency_error). A refund is refused as
 * Stripe does: more than is left on the charge is `amount_too_large`, nothing left is
 * `charge_already_refunded`. What Stripe does on its own later (the shopper paying, which
 * makes the session's PaymentIntent, a session expiring) the test triggers with complete()
 * and expire(), and turns into a webhook event with eventFor().
 *
 * For end-to-end tests a session's `url` is a payment page of this server (Pay, Cancel):
 * paying completes the session, delivers the signed checkout.session.completed event to
 * the endpoint set with deliverTo(), and sends the browser to the session's success_url.
 */

export interface StripeSessionObject {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  line_items: { data: { quantity: number; amount_total: number; currency: string; description: string }[] };
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

/** A session as the API answers it: line_items only when expanded. */
export type StripeSessionAnswer = Omit<StripeSessionObject, 'line_items'>;

/** The PaymentIntent of a paid session, reduced to what refunds read. */
export interface StripePaymentIntentRecord {
  id: string;
  /** Its (one) charge, which Stripe's refund errors name. */
  charge: string;
  amount: number;
  currency: string;
  amountRefunded: number;
}

export interface StripeRefundObject {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface StripeServer {
  /** For STRIPE_API_URL: http://127.0.0.1:<port>. */
  url: string;
  /** The sessions created, in order. */
  sessions(): StripeSessionObject[];
  /** The refunds made, in order (a replayed request makes none). */
  refunds(): StripeRefundObject[];
  /** A paid session's PaymentIntent, with how much of it is refunded. */
  paymentIntent(id: string): StripePaymentIntentRecord | undefined;
  session(id: string): StripeSessionObject | undefined;
  /** The shopper paid: the session completes, paid. */
  complete(id: string): StripeSessionAnswer;
  /** The session's 24 hours passed unpaid. */
  expire(id: string): StripeSessionAnswer;
  /** The next `count` API requests fail with 500, as Stripe does in an outage. */
  failNext(count: number): void;
  /** Where the payment page delivers its events, signed with the endpoint's secret. */
  deliverTo(webhookUrl: string, secret: string): void;
  /** The payment page's deliveries: event type and the endpoint's HTTP status. */
  deliveries(): { type: string; status: number }[];
  stop(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type FormValue = string | FormValue[] | { [key: string]: FormValue };

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** Minor units as Stripe's refund errors write them: $12.50. */
const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** `a[b][0][c]=1` → { a: { b: [{ c: '1' }] } }, as Stripe reads its form bodies. */
function decodeStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new StripeApiError(400, `Invalid parameter name: ${key}`, key);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: Record<string, FormValue> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[segment] = {};
      node = node[segment] as Record<string, FormValue>;
    });
  }
  return arrays(root) as Record<string, FormValue>;
}

/** Objects keyed 0..n-1 become arrays. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const);
  const keys = entries.map(([key]) => key);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, inner]) => inner);
  return Object.fromEntries(entries);
}

const text = (value: FormValue | undefined, param: string, { required = false } = {}): string | null => {
  if (value === undefined) {
    if (required) throw new StripeApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
    return null;
  }
  if (typeof value !== 'string') throw new StripeApiError(400, `Invalid string: ${param}`, param, 'parameter_invalid_string');
  return value;
};

const integer = (value: FormValue | undefined, param: string, min: number): number => {
  const raw = text(value, param, { required: true })!;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new StripeApiError(400, `Invalid integer: ${raw}`, param, 'parameter_invalid_integer');
  return Number(raw);
};

const object = (value: FormValue | undefined, param: string): Record<string, FormValue> => {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) throw new StripeApiError(400, `Invalid object: ${param}`, param);
  return value;
};

const url = (value: FormValue | undefined, param: string): string | null => {
  const raw = text(value, param);
  if (raw !== null && !URL.canParse(raw)) throw new StripeApiError(400, `Not a valid URL: ${param}`, param, 'url_invalid');
  return raw;
};

function only(params: Record<string, FormValue>, known: string[], prefix = '') {
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) throw new StripeApiError(400, `Received unknown parameter: ${prefix}${key}`, `${prefix}${key}`, 'parameter_unknown');
  }
}

function metadata(value: FormValue | undefined, param: string): Record<string, string> {
  const entries = Object.entries(object(value, param));
  for (const [key, inner] of entries) text(inner, `${param}[${key}]`);
  return Object.fromEntries(entries) as Record<string, string>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startStripeServer(): Promise<StripeServer> {
  const sessions = new Map<string, StripeSessionObject>();
  const paymentIntents = new Map<string, StripePaymentIntentRecord>();
  const refunds: StripeRefundObject[] = [];
  const replies = new Map<string, { request: string; status: number; body: unknown }>();
  let failures = 0;
  let origin = '';

  function createSession(params: Record<string, FormValue>): StripeSessionObject {
    only(params, ['mode', 'line_items', 'client_reference_id', 'metadata', 'payment_intent_data', 'success_url', 'cancel_url', 'customer_email', 'expand']);
    const mode = text(params.mode, 'mode', { required: true });
    if (mode !== 'payment') throw new StripeApiError(400, `This server only creates sessions in payment mode, not ${mode}.`, 'mode');
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) throw new StripeApiError(400, 'line_items is required in payment mode.', 'line_items', 'parameter_missing');
    const lines = items.map((item, index) => {
      const param = `line_items[${index}]`;
      const line = object(item, param);
      only(line, ['quantity', 'price_data'], `${param}[`);
      const price = object(line.price_data, `${param}[price_data]`);
      if (!line.price_data)
        throw new StripeApiError(400, `Missing required param: ${param}[price_data] (prices by id are not supported here).`, `${param}[price_data]`, 'parameter_missing');
      only(price, ['currency', 'unit_amount', 'product_data'], `${param}[price_data][`);
      const product = object(price.product_data, `${param}[price_data][product_data]`);
      const currency = text(price.currency, `${param}[price_data][currency]`, { required: true })!;
      if (!/^[a-z]{3}$/.test(currency)) throw new StripeApiError(400, `Invalid currency: ${currency}`, `${param}[price_data][currency]`);
      const quantity = integer(line.quantity, `${param}[quantity]`, 1);
      const unitAmount = integer(price.unit_amount, `${param}[price_data][unit_amount]`, 0);
      const name = text(product.name, `${param}[price_data][product_data][name]`, { required: true })!;
      return { quantity, amount_total: quantity * unitAmount, currency, description: name };
    });
    const currency = lines[0]!.currency;
    if (lines.some((line) => line.currency !== currency)) throw new StripeApiError(400, 'All line items must have the same currency.', 'line_items');
    const paymentIntentData = object(params.payment_intent_data, 'payment_intent_data');
    only(paymentIntentData, ['metadata'], 'payment_intent_data[');
    metadata(paymentIntentData.metadata, 'payment_intent_data[metadata]');
    const email = text(params.customer_email, 'customer_email');
    if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new StripeApiError(400, `Invalid email address: ${email}`, 'customer_email', 'email_invalid');
    const reference = text(params.client_reference_id, 'client_reference_id');
    if (reference !== null && reference.length > 200) throw new StripeApiError(400, 'client_reference_id is too long.', 'client_reference_id');
    const sessionId = id('cs');
    const created = Math.floor(Date.now() / 1000);
    const total = lines.reduce((sum, line) => sum + line.amount_total, 0);
    const session: StripeSessionObject = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: url(params.cancel_url, 'cancel_url'),
      client_reference_id: reference,
      created,
      currency,
      customer_email: email,
      expires_at: created + 24 * 3600,
      line_items: { data: lines },
      livemode: false,
      metadata: metadata(params.metadata, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: url(params.success_url, 'success_url'),
      url: `${origin}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  /** Stripe leaves line_items out unless expanded. */
  const answer = ({ line_items: _lines, ...session }: StripeSessionObject): StripeSessionAnswer => session;

  function createRefund(params: Record<string, FormValue>): StripeRefundObject {
    only(params, ['payment_intent', 'amount', 'reason', 'metadata']);
    const paymentIntentId = text(params.payment_intent, 'payment_intent', { required: true })!;
    const paymentIntent = paymentIntents.get(paymentIntentId);
    if (!paymentIntent) throw new StripeApiError(404, `No such payment_intent: '${paymentIntentId}'`, 'payment_intent', 'resource_missing');
    const left = paymentIntent.amount - paymentIntent.amountRefunded;
    const amount = params.amount === undefined ? left : integer(params.amount, 'amount', 1);
    const reason = text(params.reason, 'reason');
    if (reason !== null && !REFUND_REASONS.includes(reason)) {
      throw new StripeApiError(400, `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, 'reason', 'parameter_invalid_string');
    }
    if (left === 0) throw new StripeApiError(400, `Charge ${paymentIntent.charge} has already been refunded.`, undefined, 'charge_already_refunded');
    if (amount > left) {
      throw new StripeApiError(400, `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, 'amount', 'amount_too_large');
    }
    paymentIntent.amountRefunded += amount;
    const refund: StripeRefundObject = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: id('txn'),
      charge: paymentIntent.charge,
      created: Math.floor(Date.now() / 1000),
      currency: paymentIntent.currency,
      metadata: metadata(params.metadata, 'metadata'),
      payment_intent: paymentIntent.id,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.push(refund);
    return refund;
  }

  /** GET /v1/refunds: newest first, as Stripe lists. */
  function listRefunds(query: URLSearchParams) {
    const params = decodeStripeForm(query.toString());
    only(params, ['payment_intent', 'limit']);
    const paymentIntent = text(params.payment_intent, 'payment_intent');
    const limit = params.limit === undefined ? 10 : integer(params.limit, 'limit', 1);
    if (limit > 100) throw new StripeApiError(400, 'This value must be less than or equal to 100.', 'limit');
    const matching = refunds.filter((refund) => paymentIntent === null || refund.payment_intent === paymentIntent).reverse();
    return { object: 'list', data: matching.slice(0, limit), has_more: matching.length > limit, url: '/v1/refunds' };
  }

  function route(method: string, path: string, body: string, query: URLSearchParams): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: answer(createSession(decodeStripeForm(body))) };
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: createRefund(decodeStripeForm(body)) };
    if (method === 'GET' && path === '/v1/refunds') return { status: 200, body: listRefunds(query) };
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expiring) {
      only(decodeStripeForm(body), []);
      const session = sessions.get(decodeURIComponent(expiring[1]!));
      if (!session) throw new StripeApiError(404, `No such checkout.session: '${expiring[1]}'`, 'id', 'resource_missing');
      if (session.status !== 'open')
        throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      Object.assign(session, { status: 'expired', url: null });
      return { status: 200, body: answer(session) };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      if (!session) throw new StripeApiError(404, `No such checkout.session: '${retrieve[1]}'`, 'id', 'resource_missing');
      return { status: 200, body: answer(session) };
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const authorized = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer ((sk|rk)_test_\w+)$/.exec(header);
    const basic = /^Basic (.+)$/.exec(header);
    return Boolean(bearer) || (basic !== null && /^(sk|rk)_test_\w+:?$/.test(Buffer.from(basic[1]!, 'base64').toString()));
  };

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), 'Stripe-Version': API_VERSION, ...headers });
    response.end(JSON.stringify(body, null, 2));
  }

  let webhook: { url: string; secret: string } | null = null;
  const delivered: { type: string; status: number }[] = [];

  /** The shopper's side of Stripe Checkout, reduced to two buttons. */
  async function paymentPage(method: string, sessionId: string, response: ServerResponse) {
    const session = sessions.get(sessionId);
    const html = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Stripe Checkout</title></head><body><main>${body}</main></body></html>`);
    };
    if (!session) return html(404, '<h1>No such session</h1>');
    if (session.status !== 'open') return html(410, `<h1>This checkout session is ${escapeHtml(session.status)}</h1>`);
    if (method === 'POST') {
      complete(sessionId);
      if (webhook) {
        const payload = eventFor('checkout.session.completed', answer(session));
        const answered = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret }) },
          body: payload,
        });
        delivered.push({ type: 'checkout.session.completed', status: answered.status });
      }
      return html(303, '<p>Paid.</p>', { Location: session.success_url ?? '/' });
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    return html(
      200,
      `<h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(session.line_items.data.map((line) => line.description).join(', '))}</p>` +
        `<p>${escapeHtml(session.customer_email ?? '')}</p>` +
        `<form method="post" action="/c/pay/${escapeHtml(sessionId)}"><button type="submit">Pay ${escapeHtml(amount)}</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''),
    );
  }

  function complete(sessionId: string): StripeSessionAnswer {
    const session = found(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    const paymentIntent: StripePaymentIntentRecord = { id: id('pi'), charge: id('ch'), amount: session.amount_total, currency: session.currency, amountRefunded: 0 };
    paymentIntents.set(paymentIntent.id, paymentIntent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent.id, url: null });
    return answer(session);
  }

  const found = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { pathname: path, searchParams: query } = new URL(request.url ?? '/', origin);
      const method = request.method ?? 'GET';
      const page = /^\/c\/pay\/([\w-]+)$/.exec(path);
      if (page) {
        paymentPage(method, page[1]!, response).catch((error: unknown) => {
          response.writeHead(500, { 'Content-Type': 'text/plain' });
          response.end(String(error));
        });
        return;
      }
      if (failures > 0) {
        failures -= 1;
        return send(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
      }
      if (!authorized(request)) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'You did not provide a valid test API key.' } });
      }
      const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? replies.get(key) : undefined;
      if (replay && replay.request !== `${path}?${body}`) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return send(response, 400, { error: { type: 'idempotency_error', message } });
      }
      if (replay) return send(response, replay.status, replay.body, { 'Idempotent-Replayed': 'true' });
      let reply: { status: number; body: unknown };
      try {
        reply = route(method, path, body, query);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        reply = { status: error.status, body: { error: { type: 'invalid_request_error', message: error.message, param: error.param, code: error.code } } };
      }
      if (typeof key === 'string') replies.set(key, { request: `${path}?${body}`, ...reply });
      send(response, reply.status, reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    sessions: () => [...sessions.values()],
    refunds: () => [...refunds],
    paymentIntent: (paymentIntentId) => paymentIntents.get(paymentIntentId),
    session: (sessionId) => sessions.get(sessionId),
    complete,
    expire(sessionId) {
      const session = found(sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      Object.assign(session, { status: 'expired', url: null });
      return answer(session);
    },
    failNext(count) {
      failures = count;
    },
    deliverTo(url, secret) {
      webhook = { url, secret };
    },
    deliveries: () => [...delivered],
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A webhook event about a session, as Stripe sends it (to be signed by the test). */
export function eventFor(type: string, session: object): string {
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}
