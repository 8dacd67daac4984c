import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../app';
import { createUser, seedBase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { parseEnv } from '../env';
import { issueAccessToken } from '../modules/auth/tokens';
import { readCredentials } from './credentials';

/**
 * A request signs in with a well-formed Bearer token, or with the session cookie and its
 * XSRF header (docs/product.md §7.1, ADR 007): nothing else. An odd Authorization header
 * beside the cookie must not pass for a token and let the cookie skip the XSRF check.
 */
let api: TestApp;
let cookie: string;
beforeAll(async () => {
  api = await createTestApp(seedBase);
  const user = await createUser(api.db);
  const { token } = await issueAccessToken(api.db, user.id);
  cookie = `session=${token}; XSRF-TOKEN=abc123`;
});
afterAll(() => api.close());

const ODD_AUTHORIZATION = ['Basic eDp4', 'Bearer ', 'Bearer', 'garbage', 'Bearer a b', 'Token abc', 'bearer\tx'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every unsafe route the API has, with a concrete path (parameters filled with 1). */
function unsafeRoutes(): { method: string; path: string }[] {
  const app = createApp({ db: api.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'silent' }) });
  const seen = new Set<string>();
  return app.routes
    .filter((route) => UNSAFE.has(route.method) && !route.path.includes('*'))
    .map((route) => ({ method: route.method, path: route.path.replace(/^\/api/, '').replace(/:\w+(\{[^}]*\})?/g, '1') }))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && Boolean(seen.add(`${route.method} ${route.path}`)));
}

/** A fingerprint of every row a signed-in request could write. */
async function userData(): Promise<string> {
  const tables = ['users', 'access_tokens', 'addresses', 'carts', 'cart_items', 'collected_vouchers', 'favorites', 'orders', 'payments', 'otp_codes'];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const result = await api.db.execute(sql.raw(`select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum from ${table} t`));
      return (result as unknown as { rows: { sum: string }[] }).rows[0]!.sum;
    }),
  );
  return parts.join('|');
}

describe('credentials', () => {
  it('reads a Bearer token, else the cookie; any other Authorization is malformed', () => {
    expect(readCredentials('Bearer abc', 'c')).toEqual({ kind: 'bearer', token: 'abc' });
    expect(readCredentials('bearer  abc', undefined)).toEqual({ kind: 'bearer', token: 'abc' });
    expect(readCredentials(undefined, 'c')).toEqual({ kind: 'cookie', token: 'c' });
    expect(readCredentials(undefined, undefined)).toEqual({ kind: 'none' });
    for (const header of [...ODD_AUTHORIZATION, '']) expect(readCredentials(header, 'c')).toEqual({ kind: 'malformed' });
  });

  it('answers 401 and writes nothing on every unsafe route when the cookie comes with an odd Authorization header', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const before = await userData();
    const accepted: string[] = [];
    for (const { method, path } of routes) {
      for (const authorization of ODD_AUTHORIZATION) {
        const response = await api.call(path, {
          method,
          headers: { Cookie: cookie, Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ product_id: 1, quantity: 1, name: 'x', current_password: 'password', password: 'x1234567', password_confirmation: 'x1234567' }),
        });
        if (response.status !== 401 || !(await response.json()).message) accepted.push(`${method} ${path} with "${authorization}": ${response.status}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await userData()).toBe(before);
  });

  it('a malformed Authorization header is a 401 on public reads too, and never reads the cookie', async () => {
    for (const authorization of ODD_AUTHORIZATION) {
      expect((await api.call('/master', { headers: { Authorization: authorization } })).status).toBe(401);
      expect((await api.call('/user', { method: 'POST', headers: { Cookie: cookie, Authorization: authorization, 'X-XSRF-TOKEN': 'abc123' } })).status).toBe(401);
    }
  });

  it('a well-formed Bearer token that signs nobody in is a guest, even beside a valid session cookie', async () => {
    const response = await api.call('/user', { method: 'POST', headers: { Cookie: cookie, Authorization: 'Bearer not-a-real-token-at-all-000' } });
    expect(response.status).toBe(401);
    expect((await api.call('/master', { headers: { Authorization: 'Bearer not-a-real-token-at-all-000' } })).status).toBe(200);
  });

  it('the cookie with its XSRF header, or a valid Bearer token alone, still signs in', async () => {
    expect((await api.call('/user', { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': 'abc123' } })).status).toBe(200);
    expect((await api.call('/user', { method: 'POST', headers: { Cookie: cookie } })).status).toBe(419);
    const token = cookie.match(/session=([^;]+)/)![1]!;
    expect((await api.call('/user', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
