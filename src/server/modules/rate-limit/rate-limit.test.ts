import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../app';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/client';
import { contactMessages, products, rateLimits } from '../../db/schema';
import { parseEnv } from '../../env';
import { createProduct, createUser, DEMO_PASSWORD, seedBase } from '@tests/fixtures';
import { createTestDatabase } from '@tests/support/database';
import { withDatabase } from '@tests/support/global-setup';
import { LIMITS, type Rule } from './limits';
import { hit, refund, sweepExpired } from './service';
import { flushProductViews } from '../catalog/view-counts';

let handle: DatabaseHandle;
/** A second, separate connection pool on the same database (PostgreSQL); PGlite has one. */
let other: DatabaseHandle | undefined;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
  if (handle.dialect === 'postgres') {
    const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    other = await openDatabase({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, result.rows[0]!.name) });
  }
});
afterAll(async () => {
  await other?.close();
  await handle.close();
});

/** An app on `db`, called the way the HTTP edge calls it: the socket's peer as a binding. */
function appOn(db: Db, environment: Record<string, string> = {}) {
  const log = pino({ level: 'warn' }, { write: (line: string) => console.error(line) });
  const app = createApp({ db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', ...environment }), log });
  return async (path: string, init: RequestInit & { from?: string } = {}) => {
    const { from = '203.0.113.1', ...rest } = init;
    const response = await app.request(`/api${path}`, rest, { peer: { address: from, encrypted: false } });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const login = (phone: string, password: string, headers: Record<string, string> = {}) => post({ phone, password }, headers);
const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Where is my parcel?' };
let addresses = 0;
/** A fresh client address for each test, so their counters never meet. */
const freshAddress = () => `198.51.100.${++addresses}`;

let buckets = 0;
const testRule = (max: number, windowSeconds = 60): Rule => ({ bucket: `test:${++buckets}`, max, windowSeconds });

describe('the counter (service)', () => {
  it('allows `max` hits in a window, then refuses with the seconds left', async () => {
    const rule = testRule(3, 60);
    const start = new Date('2030-01-01T00:00:00Z');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(handle.db, rule, 'k', new Date(start.getTime() + i * 10_000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    // The window began with the first hit: 60 s later, and the 4th hit came at +30 s.
    expect(results[3]!.retryAfter).toBe(30);
  });

  it('starts a new window once the old one has ended (injected clock)', async () => {
    const rule = testRule(2, 60);
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    await hit(handle.db, rule, 'k', at(0));
    await hit(handle.db, rule, 'k', at(1));
    expect((await hit(handle.db, rule, 'k', at(59))).allowed).toBe(false);
    const fresh = await hit(handle.db, rule, 'k', at(60));
    expect(fresh).toEqual({ allowed: true, count: 1, retryAfter: 60 });
  });

  it('keeps keys and buckets apart', async () => {
    const rule = testRule(1);
    expect((await hit(handle.db, rule, 'a')).allowed).toBe(true);
    expect((await hit(handle.db, rule, 'b')).allowed).toBe(true);
    expect((await hit(handle.db, testRule(1), 'a')).allowed).toBe(true);
    expect((await hit(handle.db, rule, 'a')).allowed).toBe(false);
  });

  it('never lets more than the limit through 50 parallel hits', async () => {
    const rule = testRule(7);
    const results = await Promise.all(Array.from({ length: 50 }, () => hit(handle.db, rule, 'burst')));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('two connection pools on one database count together', async () => {
    const rule = testRule(10);
    const second = other?.db ?? handle.db;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 ? second : handle.db, rule, 'shared')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('a refund gives one hit back within the window, and nothing after it', async () => {
    const rule = testRule(1, 60);
    const start = new Date('2030-01-01T00:00:00Z');
    await hit(handle.db, rule, 'k', start);
    await refund(handle.db, rule, 'k', start);
    expect((await hit(handle.db, rule, 'k', start)).allowed).toBe(true);
    await refund(handle.db, rule, 'k', new Date(start.getTime() + 61_000));
    expect((await hit(handle.db, rule, 'k', start)).allowed).toBe(false);
  });

  it('stores keys hashed, and a sweep deletes only counters whose window has ended', async () => {
    const rule = testRule(5, 60);
    const past = new Date(Date.now() - 3_600_000);
    // No chance sweep inside hit(): this test sweeps itself.
    const noSweep = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      await hit(handle.db, rule, 'old@example.com', past);
      await hit(handle.db, rule, 'live@example.com');
    } finally {
      noSweep.mockRestore();
    }
    const stored = await handle.db.select().from(rateLimits).where(eq(rateLimits.bucket, rule.bucket));
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain('example.com');
    expect(await sweepExpired(handle.db)).toBeGreaterThanOrEqual(1);
    const left = await handle.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.bucket, rule.bucket));
    expect(left).toEqual([{ count: 1 }]);
  });
});

describe('POST /support (contact:ip)', () => {
  const stored = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it(`accepts ${LIMITS['contact:ip'].max} posts an hour from one address, then 429 with Retry-After and a translated message`, async () => {
    const call = appOn(handle.db);
    const from = freshAddress();
    const before = await stored();
    for (let i = 0; i < LIMITS['contact:ip'].max; i++) expect((await call('/support', { ...post(message), from })).status).toBe(201);
    const refused = await call('/support', { ...post(message, { 'Accept-Language': 'ar' }), from });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({ message: `محاولات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد ${seconds} ثانية.` });
    expect((await call('/support', { ...post(message), from })).body.message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
    expect(await stored()).toBe(before + LIMITS['contact:ip'].max);
    // Another address is not affected.
    expect((await call('/support', { ...post(message), from: freshAddress() })).status).toBe(201);
  });

  it('lets no more than the limit through 50 parallel posts', async () => {
    const call = appOn(handle.db);
    const from = freshAddress();
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => call('/support', { ...post(message), from })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS['contact:ip'].max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LIMITS['contact:ip'].max);
  });

  it('two app instances (separate connections on PostgreSQL) share the limit', async () => {
    const first = appOn(handle.db);
    const second = appOn(other?.db ?? handle.db);
    const from = freshAddress();
    const statuses = [];
    for (let i = 0; i < LIMITS['contact:ip'].max + 2; i++) statuses.push((await (i % 2 ? second : first)('/support', { ...post(message), from })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS['contact:ip'].max);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('opens again when the window has ended', async () => {
    const call = appOn(handle.db);
    const from = freshAddress();
    for (let i = 0; i < LIMITS['contact:ip'].max; i++) await call('/support', { ...post(message), from });
    expect((await call('/support', { ...post(message), from })).status).toBe(429);
    // An hour passes: every counter of the bucket ends now.
    await handle.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.bucket, 'contact:ip'));
    expect((await call('/support', { ...post(message), from })).status).toBe(201);
  });

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const direct = appOn(handle.db);
    const from = freshAddress();
    for (let i = 0; i < LIMITS['contact:ip'].max; i++) await direct('/support', { ...post(message), from });
    // A client writing its own X-Forwarded-For is still counted by its address.
    expect((await direct('/support', { ...post(message, { 'X-Forwarded-For': '192.0.2.77' }), from })).status).toBe(429);

    const proxied = appOn(handle.db, { TRUST_PROXY: '10.9.0.1' });
    const client = freshAddress();
    for (let i = 0; i < LIMITS['contact:ip'].max; i++) {
      // What the client wrote (left) is ignored; the proxy's entry (right) is the client.
      expect((await proxied('/support', { ...post(message, { 'X-Forwarded-For': `192.0.2.${i}, ${client}` }), from: '10.9.0.1' })).status).toBe(201);
    }
    expect((await proxied('/support', { ...post(message, { 'X-Forwarded-For': client }), from: '10.9.0.1' })).status).toBe(429);
    expect((await proxied('/support', { ...post(message, { 'X-Forwarded-For': freshAddress() }), from: '10.9.0.1' })).status).toBe(201);
  });
});

describe('POST /login (login:account:ip, login:ip, login:account)', () => {
  it(`stops a guesser after ${LIMITS['login:account:ip'].max} wrong passwords, right password included, from their address only: the owner elsewhere signs in`, async () => {
    const call = appOn(handle.db);
    const user = await createUser(handle.db, { email: 'target@example.com', phoneCode: '+966', phone: '501230000' });
    // Every spelling of the account shares one counter.
    const spellings = ['target@example.com', 'TARGET@example.com', '501230000', '+966 501 230 000'];
    const guesser = freshAddress();
    for (let i = 0; i < LIMITS['login:account:ip'].max; i++) {
      expect((await call('/login', { ...login(spellings[i % spellings.length]!, 'wrong'), from: guesser })).status).toBe(422);
    }
    const refused = await call('/login', { ...login(user.email!, DEMO_PASSWORD, { 'Accept-Language': 'ar' }), from: guesser });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(LIMITS['login:account:ip'].windowSeconds);
    expect(refused.body.message).toMatch(/^محاولات كثيرة جدًا/);
    // The owner, from their own address, is not locked out by the guesser.
    expect((await call('/login', { ...login(user.email!, DEMO_PASSWORD), from: freshAddress() })).status).toBe(200);
    // The guesser's other tries at this account stay refused; another account is not affected.
    expect((await call('/login', { ...login(user.email!, 'wrong'), from: guesser })).status).toBe(429);
    const bystander = await createUser(handle.db);
    expect((await call('/login', { ...login(bystander.email!, DEMO_PASSWORD), from: guesser })).status).toBe(200);
    // The window ends: the guesser's address may try again.
    await handle.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.bucket, 'login:account:ip'));
    expect((await call('/login', { ...login(user.email!, DEMO_PASSWORD), from: guesser })).status).toBe(200);
  });

  it(`stops a guesser spread over many addresses at ${LIMITS['login:account'].max} failures an hour for the account`, async () => {
    const call = appOn(handle.db);
    const user = await createUser(handle.db);
    const perAddress = LIMITS['login:account:ip'].max;
    const addressCount = LIMITS['login:account'].max / perAddress;
    const statuses = await Promise.all(
      Array.from({ length: addressCount }, async () => {
        const from = freshAddress();
        const mine = [];
        for (let i = 0; i < perAddress; i++) mine.push((await call('/login', { ...login(user.email!, 'wrong'), from })).status);
        return mine;
      }),
    );
    expect(new Set(statuses.flat())).toEqual(new Set([422]));
    const refused = await call('/login', { ...login(user.email!, DEMO_PASSWORD), from: freshAddress() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(LIMITS['login:account'].windowSeconds);
  });

  it('does not count successful logins', async () => {
    const call = appOn(handle.db);
    const user = await createUser(handle.db);
    const from = freshAddress();
    for (let i = 0; i < LIMITS['login:account:ip'].max + 2; i++) expect((await call('/login', { ...login(user.email!, DEMO_PASSWORD), from })).status).toBe(200);
    expect((await call('/login', { ...login(user.email!, 'wrong'), from })).status).toBe(422);
  });

  it('lets no more guesses than the limit through when they arrive at once', async () => {
    const call = appOn(handle.db);
    const user = await createUser(handle.db);
    const from = freshAddress();
    const statuses = (await Promise.all(Array.from({ length: 25 }, () => call('/login', { ...login(user.email!, 'wrong'), from })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LIMITS['login:account:ip'].max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - LIMITS['login:account:ip'].max);
  });

  it(`refuses an address after ${LIMITS['login:ip'].max} failures across accounts, and counts unknown accounts too`, async () => {
    const call = appOn(handle.db);
    const from = freshAddress();
    const statuses = [];
    for (let i = 0; i < LIMITS['login:ip'].max; i++) statuses.push((await call('/login', { ...login(`nobody${i}@example.com`, 'wrong'), from })).status);
    expect(new Set(statuses)).toEqual(new Set([422]));
    const user = await createUser(handle.db);
    expect((await call('/login', { ...login(user.email!, DEMO_PASSWORD), from })).status).toBe(429);
    expect((await call('/login', { ...login(user.email!, DEMO_PASSWORD), from: freshAddress() })).status).toBe(200);
  });
});

describe('GET /product-details (product:view)', () => {
  // Views are written in batches (catalog/view-counts.ts): each reading writes the kept ones first.
  const views = async (id: number) => {
    await flushProductViews(handle.db);
    return (await handle.db.select({ views: products.views }).from(products).where(eq(products.id, id)))[0]!.views;
  };

  it('writes nothing while the page is served: the views wait for the batch', async () => {
    const call = appOn(handle.db);
    const product = await createProduct(handle.db, { views: 5 });
    expect((await call(`/product-details?product_id=${product.id}`, { from: freshAddress() })).status).toBe(200);
    expect((await handle.db.select({ views: products.views }).from(products).where(eq(products.id, product.id)))[0]!.views).toBe(5);
    expect(await views(product.id)).toBe(6);
  });

  it('counts one view per visitor a day, and renders every time', async () => {
    const call = appOn(handle.db);
    const product = await createProduct(handle.db, { views: 5 });
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect((await call(`/product-details?product_id=${product.id}`, { from })).status).toBe(200);
    expect(await views(product.id)).toBe(6);
    // Another address is another visitor.
    await call(`/product-details?product_id=${product.id}`, { from: freshAddress() });
    expect(await views(product.id)).toBe(7);
    // A day later the same visitor counts again.
    await handle.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.bucket, 'product:view'));
    await call(`/product-details?product_id=${product.id}`, { from });
    expect(await views(product.id)).toBe(8);
  });

  it('50 parallel views from one visitor count once', async () => {
    const call = appOn(handle.db);
    const product = await createProduct(handle.db, { views: 0 });
    const from = freshAddress();
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => call(`/product-details?product_id=${product.id}`, { from })))).map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await views(product.id)).toBe(1);
  });

  it('counts a signed-in shopper once whatever their address', async () => {
    const call = appOn(handle.db);
    const product = await createProduct(handle.db, { views: 0 });
    const user = await createUser(handle.db);
    const { body } = await call('/login', { ...login(user.email!, DEMO_PASSWORD), from: freshAddress() });
    const auth = { headers: { Authorization: `Bearer ${body.data.access.token}` } };
    await call(`/product-details?product_id=${product.id}`, { ...auth, from: freshAddress() });
    await call(`/product-details?product_id=${product.id}`, { ...auth, from: freshAddress() });
    expect(await views(product.id)).toBe(1);
  });

  it('an IPv6 visitor counts once for the whole /64', async () => {
    const call = appOn(handle.db);
    const product = await createProduct(handle.db, { views: 0 });
    await call(`/product-details?product_id=${product.id}`, { from: '2001:db8:1:2::1' });
    await call(`/product-details?product_id=${product.id}`, { from: '2001:db8:1:2:ffff:1:2:3' });
    expect(await views(product.id)).toBe(1);
    await call(`/product-details?product_id=${product.id}`, { from: '2001:db8:1:3::1' });
    expect(await views(product.id)).toBe(2);
  });
});
