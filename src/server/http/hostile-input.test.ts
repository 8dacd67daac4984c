import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../app';
import type { AppBindings } from '../context';
import { contactMessages } from '../db/schema';
import { parseEnv } from '../env';
import { issueAccessToken } from '../modules/auth/tokens';
import { createUser, DEMO_PASSWORD, seedBase } from '@tests/fixtures';
import { createTestDatabase } from '@tests/support/database';

/**
 * Hostile input reaches the API as a clear 4xx, never a 500, and the log never carries
 * SQL or more than a bounded excerpt of what the client sent. The app's log is captured
 * here (and must stay empty unless a test expects a line).
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let logLines: string[] = [];
let app: ReturnType<typeof createApp>;

const TRUSTED_PROXY = '10.0.0.2';

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
  const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
  app = createApp({ db: handle.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: TRUSTED_PROXY }), log });
  // An unexpected failure with client text bound into SQL, for the log tests below.
  app.get('/boom/:anything', async (c) => {
    await c.var.db.execute(sql`select ${`secret-input ${c.req.param('anything')}\u0000`}::text as x`);
    return c.json({});
  });
});
afterAll(() => handle.close());

const call = (path: string, init: RequestInit = {}, bindings?: AppBindings) => Promise.resolve(app.request(`/api${path}`, init, bindings));
const json = async (path: string, init: RequestInit = {}, bindings?: AppBindings) => {
  const response = await call(path, init, bindings);
  return { status: response.status, headers: response.headers, body: (await response.json()) as { message: string; errors?: Record<string, string[]> } };
};
const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
const storedMessages = async () => (await handle.db.select({ n: count() }).from(contactMessages))[0]!.n;
const validMessage = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Where is my parcel?' };

function expectNoLog() {
  const lines = logLines;
  logLines = [];
  expect(lines).toEqual([]);
}

describe('text that is not valid text is a 422 naming the field', () => {
  it('a NUL byte in a search is a 422 on every list that searches', async () => {
    for (const path of ['/products', '/blogs', '/shops']) {
      const { status, body } = await json(`${path}?search=%00`);
      expect(status, path).toBe(422);
      expect(body.errors).toEqual({ search: ['The search field contains invalid characters.'] });
    }
    expectNoLog();
  });

  it('a NUL byte or a lone surrogate in a contact-form field is a 422, nothing stored', async () => {
    const before = await storedMessages();
    for (const name of ['Ada\u0000', '\ud800Ada']) {
      const { status, body } = await json('/support', post(JSON.stringify({ ...validMessage, name })));
      expect(status).toBe(422);
      expect(body.errors).toEqual({ name: ['The name field contains invalid characters.'] });
    }
    const form = await json('/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...validMessage, message: 'hi\u0000there' }).toString(),
    });
    expect(form.status).toBe(422);
    expect(form.body.errors).toEqual({ message: ['The message field contains invalid characters.'] });
    expect(await storedMessages()).toBe(before);
    expectNoLog();
  });

  it('the message is translated like every field error', async () => {
    const { body } = await json('/products?search=%00', { headers: { 'Accept-Language': 'ar' } });
    expect(body.errors?.search?.[0]).toMatch(/غير صالحة/);
  });

  it('a broken multipart body is a 400, not a crash', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const { status, body } = await json('/login', { method: 'POST', headers: { 'Content-Type': type }, body: 'not multipart at all' });
      expect(status, type).toBe(400);
      expect(body.message).toBe('The request is malformed.');
    }
    expectNoLog();
  });

  it('a line break or NUL in a path parameter is a 4xx in JSON', async () => {
    for (const path of ['/shops/1%0A', '/shops/%0D', '/blog/%0A/details', '/blog/%00/details', '/lang/%0D', '/lang/%00', '/products/1%0A/details', '/categories/%0A']) {
      const response = await call(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get('content-type'), path).toMatch(/application\/json/);
    }
    expectNoLog();
  });
});

describe('XSRF and browsers', () => {
  it('a malformed X-XSRF-TOKEN is a 419, like any mismatch', async () => {
    for (const header of ['%E0%A4%A', '%', '%%%']) {
      const { status, body } = await json('/support', post(JSON.stringify(validMessage), { Cookie: 'session=abc; XSRF-TOKEN=t1', 'X-XSRF-TOKEN': header }));
      expect(status).toBe(419);
      expect(body.message).toBe('CSRF token mismatch.');
    }
    expectNoLog();
  });

  it('a client without a browser (Bearer token, no Origin) is served on POST', async () => {
    const user = await createUser(handle.db);
    const { token } = await issueAccessToken(handle.db, user.id);
    const variants: Record<string, string>[] = [{ Authorization: `Bearer ${token}` }, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' }];
    for (const headers of variants) {
      const response = await call('/user', { method: 'POST', headers });
      expect(response.status).toBe(200);
    }
  });

  it("another site's form post is refused with the JSON envelope", async () => {
    const before = await storedMessages();
    const { status, headers, body } = await json('/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', Host: 'localhost' },
      body: new URLSearchParams(validMessage).toString(),
    });
    expect(status).toBe(403);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body).toEqual({ message: 'Cross-site form submissions are forbidden.' });
    expect(await storedMessages()).toBe(before);
  });

  it('GET /logout needs the XSRF header when the session cookie alone signs in', async () => {
    const user = await createUser(handle.db);
    const { token } = await issueAccessToken(handle.db, user.id);
    const cookie = `session=${token}; XSRF-TOKEN=abc123`;
    // A link or image on another site sends the cookie, never the header.
    expect((await json('/logout', { headers: { Cookie: cookie } })).status).toBe(419);
    expect((await call('/user', { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': 'abc123' } })).status).toBe(200);
    // The storefront's script sends the header; the spec's client sends the Bearer token.
    expect((await json('/logout', { headers: { Cookie: cookie, 'X-XSRF-TOKEN': 'abc123' } })).status).toBe(200);
    const other = await issueAccessToken(handle.db, user.id);
    expect((await json('/logout', { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(200);
  });
});

describe('cookies over HTTPS', () => {
  const login = (headers: Record<string, string>, bindings?: AppBindings) =>
    call('/login', post(JSON.stringify({ phone: loginEmail, password: DEMO_PASSWORD }), headers), bindings);
  let loginEmail = '';
  beforeAll(async () => {
    loginEmail = (await createUser(handle.db)).email!;
  });
  const cookies = (response: Response) => response.headers.getSetCookie();

  it('are Secure behind a trusted proxy that says https', async () => {
    const response = await login({ 'X-Forwarded-Proto': 'https' }, { peer: { address: TRUSTED_PROXY, encrypted: false } });
    expect(response.status).toBe(200);
    const session = cookies(response).find((cookie) => cookie.startsWith('session='));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(cookies(response).find((cookie) => cookie.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/);
  });

  it('are Secure when the server terminated TLS itself', async () => {
    const response = await login({}, { peer: { address: '203.0.113.7', encrypted: true } });
    expect(cookies(response).find((cookie) => cookie.startsWith('session='))).toMatch(/; Secure/);
  });

  it('ignore X-Forwarded-Proto from anyone else', async () => {
    const response = await login({ 'X-Forwarded-Proto': 'https' }, { peer: { address: '203.0.113.7', encrypted: false } });
    expect(response.status).toBe(200);
    expect(cookies(response).find((cookie) => cookie.startsWith('session='))).not.toMatch(/Secure/);
  });
});

describe('the log of an unexpected error', () => {
  it('is a bounded summary: no SQL text, no parameters, no raw client text', async () => {
    const hostile = `${'x'.repeat(3000)}%0Ainjected`;
    const response = await call(`/boom/${hostile}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Server Error' });
    const lines = logLines;
    logLines = [];
    const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
    const unhandled = entries.find((entry) => entry.msg === 'unhandled error');
    const failed = entries.find((entry) => entry.msg === 'request failed');
    expect(unhandled?.error).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query (statement and parameters withheld)' });
    expect(unhandled?.error.cause.message).toMatch(/invalid byte sequence/);
    expect(failed?.path.length).toBeLessThan(260);
    for (const line of lines) {
      expect(line).not.toMatch(/select|secret-input|params|\\u0000/i);
      expect(line).not.toContain('\n'.repeat(2));
      expect(line.length).toBeLessThan(3000);
    }
  });
});
