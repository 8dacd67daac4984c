import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { accessTokens, socialAccounts, socialAuthRequests, socialAuths, users } from '../../db/schema';
import { createUser, seedBase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { startOidcServer, type OidcServer } from '@tests/support/oidc-server';
import { verifyPassword } from '../auth/password';
import { encryptSecret, secretContext } from './secrets';
import type { SocialLoginMessage } from '@/contracts/social-auth';

const APP_KEY = randomBytes(32).toString('base64');
const CLIENT_ID = 'storefront-test-client';

let api: TestApp;
let oidc: OidcServer;

beforeAll(async () => {
  oidc = await startOidcServer();
  api = await createTestApp(
    async (db) => {
      await seedBase(db);
      await db
        .update(socialAuths)
        .set({ clientId: CLIENT_ID, clientSecret: encryptSecret(Buffer.from(APP_KEY, 'base64'), 'test-secret', secretContext('google')), isActive: true })
        .where(eq(socialAuths.provider, 'google'));
    },
    { APP_KEY, SOCIAL_AUTH_ISSUER_URL: oidc.issuerUrl },
  );
});
afterAll(async () => {
  await api?.close();
  await oidc?.stop();
});

let people = 0;
/** A person at the provider no test has used yet. */
function newIdentity(overrides: { email?: string; email_verified?: boolean } = {}) {
  people += 1;
  return { sub: `oidc-${people}-${randomBytes(4).toString('hex')}`, email: `social.${people}@example.test`, email_verified: true, name: `Social Person ${people}`, ...overrides };
}

/** A browser's navigation (the provider's redirect, a login window): it asks for HTML. */
const browser = (path: string, init: RequestInit = {}) =>
  api.call(path, { ...init, headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...(init.headers as Record<string, string> | undefined) } });

const cookieValue = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** GET /social-auth/{provider}: the provider's address and the state cookie. */
async function start(provider = 'google', { popup = false } = {}) {
  const response = await browser(`/social-auth/${provider}${popup ? '?popup=1' : ''}`);
  expect(response.status).toBe(302);
  const state = cookieValue(response, 'social_auth_state');
  expect(state).toBeTruthy();
  expect(response.headers.getSetCookie().find((line) => line.startsWith('social_auth_state='))).toMatch(/HttpOnly/i);
  expect(response.headers.getSetCookie().find((line) => line.startsWith('social_auth_state='))).toMatch(/SameSite=Lax/i);
  return { authorize: new URL(response.headers.get('location')!), cookie: `social_auth_state=${state}` };
}

/** The browser at the provider: /authorize approves (or refuses) and redirects to our callback. */
async function atProvider(authorize: URL): Promise<URL> {
  const response = await fetch(authorize, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function callback(url: URL, cookie?: string, headers: Record<string, string> = {}) {
  expect(url.pathname).toBe('/api/social-auth/callback');
  return browser(`/social-auth/callback${url.search}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

/** The outcome the callback page hands to the opening window. */
async function pageResult(response: Response): Promise<SocialLoginMessage> {
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  const html = await response.text();
  const json = html.match(/<script type="application\/json" id="result">(.*?)<\/script>/s)?.[1];
  expect(json).toBeTruthy();
  return JSON.parse(json!) as SocialLoginMessage;
}

const tokenCount = async () => (await api.db.select({ n: count() }).from(accessTokens))[0]!.n;

/** The whole full-page flow for whoever the provider signs in now; returns the callback's answer. */
async function fullLogin(options: { popup?: boolean } = {}) {
  const { authorize, cookie } = await start('google', options);
  return callback(await atProvider(authorize), cookie);
}

async function signedInUser(response: Response) {
  const session = cookieValue(response, 'session');
  expect(session, 'a session cookie').toBeTruthy();
  const me = await api.json('/user', { method: 'POST', headers: { Authorization: `Bearer ${session}` } });
  expect(me.status).toBe(200);
  return me.body.data.user as { id: number; email: string | null; name: string; email_verified: boolean };
}

describe('social login start (GET /social-auth/{provider})', () => {
  it('redirects to the provider with state, PKCE (S256) and our callback, and keeps a pending request', async () => {
    const { authorize } = await start();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oidc.issuerUrl}/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:4321/api/social-auth/callback');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const pending = await api.db.select().from(socialAuthRequests);
    expect(pending.length).toBeGreaterThan(0);
    // Only the state's hash is stored.
    expect(pending.map((row) => row.stateHash)).not.toContain(authorize.searchParams.get('state'));
  });

  it('refuses an inactive provider, and one active without a secret, with a page and no redirect', async () => {
    for (const provider of ['facebook', 'twitter', 'microsoft']) {
      const response = await browser(`/social-auth/${provider}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect((await pageResult(response)).message).toBe('This sign-in method is not available.');
    }
    await api.db.update(socialAuths).set({ isActive: true, clientId: 'x', clientSecret: '' }).where(eq(socialAuths.provider, 'twitter'));
    try {
      expect((await browser('/social-auth/twitter')).status).toBe(404);
    } finally {
      await api.db.update(socialAuths).set({ isActive: false }).where(eq(socialAuths.provider, 'twitter'));
    }
    const unknown = await browser('/social-auth/github');
    expect(unknown.status).toBe(404);
    expect((await pageResult(unknown)).message).toBe('This sign-in method is not available.');
  });

  it('speaks the shopper’s chosen language', async () => {
    const response = await browser('/social-auth/facebook', { headers: { Cookie: 'locale=ar' } });
    const html = await response.text();
    expect(html).toContain('dir="rtl"');
    expect(html).not.toContain('This sign-in method is not available.');
  });
});

describe('social login callback (GET /social-auth/callback)', () => {
  it('answers a client that does not ask for HTML in the JSON envelope, as everything under /api', async () => {
    const response = await api.call('/social-auth/callback?state=x&code=y', { headers: { Accept: 'application/json' } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(typeof (await response.json()).message).toBe('string');
  });

  it('creates the account on a first login and signs it in (full page: back to / with the session cookie)', async () => {
    const identity = newIdentity();
    oidc.signInAs(identity);
    const response = await fullLogin();
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie().find((line) => line.startsWith('session='))).toMatch(/HttpOnly/i);
    // The page it lands on says so (the one-shot flash of server/http/flash.ts).
    const flash = response.headers.getSetCookie().find((line) => line.startsWith('flash='))!;
    expect(JSON.parse(Buffer.from(flash.split(';')[0]!.slice('flash='.length), 'base64url').toString())).toEqual({ type: 'success', message: 'Login successfully' });
    const user = await signedInUser(response);
    expect(user).toMatchObject({ email: identity.email, name: identity.name, email_verified: true });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    // No usable password: the stored hash is of random bytes, not of anything guessable.
    for (const guess of ['', 'password', identity.sub, identity.email]) expect(await verifyPassword(row!.passwordHash, guess)).toBe(false);
    const links = await api.db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id));
    expect(links).toMatchObject([{ provider: 'google', providerUserId: identity.sub }]);
    // The state is spent: the cookie is cleared.
    expect(response.headers.getSetCookie().find((line) => line.startsWith('social_auth_state='))).toMatch(/Max-Age=0|expires=Thu, 01 Jan 1970/i);
  });

  it('signs the same person into the same account the second time', async () => {
    const identity = newIdentity();
    oidc.signInAs(identity);
    const first = await signedInUser(await fullLogin());
    const before = (await api.db.select({ n: count() }).from(users))[0]!.n;
    const second = await signedInUser(await fullLogin());
    expect(second.id).toBe(first.id);
    expect((await api.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    expect(await api.db.select().from(socialAccounts).where(eq(socialAccounts.userId, first.id))).toHaveLength(1);
  });

  it('links to the existing account with the provider’s verified e-mail (any case)', async () => {
    const existing = await createUser(api.db, { email: `Existing.${randomBytes(3).toString('hex')}@Example.test` });
    const identity = newIdentity({ email: existing.email!.toLowerCase() });
    oidc.signInAs(identity);
    const user = await signedInUser(await fullLogin());
    expect(user.id).toBe(existing.id);
    const links = await api.db.select().from(socialAccounts).where(eq(socialAccounts.userId, existing.id));
    expect(links).toMatchObject([{ provider: 'google', providerUserId: identity.sub }]);
    // Their own password still works: linking changes nothing but the link.
    const [row] = await api.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.passwordHash).toBe(existing.passwordHash);
  });

  it('never links by an unverified e-mail, nor stores it', async () => {
    const existing = await createUser(api.db, { email: `victim.${randomBytes(3).toString('hex')}@example.test` });
    const identity = newIdentity({ email: existing.email!, email_verified: false });
    oidc.signInAs(identity);
    const user = await signedInUser(await fullLogin());
    expect(user.id).not.toBe(existing.id);
    expect(user.email).toBeNull();
    expect(await api.db.select().from(socialAccounts).where(eq(socialAccounts.userId, existing.id))).toHaveLength(0);
  });

  it('hands the session to the opening window in the popup flow', async () => {
    const identity = newIdentity();
    oidc.signInAs(identity);
    const response = await fullLogin({ popup: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'sha256-[\w+/=]+'/);
    const result = await pageResult(response);
    expect(result).toMatchObject({ type: 'social-login', message: 'Login successfully', session: { user: { email: identity.email } } });
    expect(result.session!.access.token).toBe(cookieValue(response, 'session'));
    expect((await signedInUser(response)).email).toBe(identity.email);
  });

  it('refuses a forged state: no session', async () => {
    oidc.signInAs(newIdentity());
    const { authorize, cookie } = await start();
    const back = await atProvider(authorize);
    const before = await tokenCount();
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-forged-state-forged');
    for (const [url, cookieHeader] of [
      [forged, cookie],
      [forged, `social_auth_state=forged-state-forged-state-forged`],
      [back, undefined],
      [back, 'social_auth_state=another-browsers-state-value-xyz'],
    ] as const) {
      const response = await callback(url, cookieHeader);
      expect(response.status).toBe(403);
      expect(cookieValue(response, 'session')).toBeUndefined();
      expect((await pageResult(response)).message).toBe('This sign-in link has expired or was already used. Please try again.');
    }
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a replayed code: no second session', async () => {
    oidc.signInAs(newIdentity());
    const { authorize, cookie } = await start();
    const back = await atProvider(authorize);
    expect((await callback(back, cookie)).status).toBe(302);
    const before = await tokenCount();
    const replay = await callback(back, cookie);
    expect(replay.status).toBe(403);
    expect(cookieValue(replay, 'session')).toBeUndefined();
    expect((await pageResult(replay)).message).toBe('This sign-in link has expired or was already used. Please try again.');
    expect(await tokenCount()).toBe(before);
  });

  it('reports the provider’s refusal (access_denied) with a message and no session', async () => {
    oidc.signInAs(newIdentity());
    const before = await tokenCount();
    const { authorize, cookie } = await start('google', { popup: true });
    oidc.refuseNext('access_denied');
    const back = await atProvider(authorize);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const response = await callback(back, cookie);
    expect(response.status).toBe(400);
    expect(cookieValue(response, 'session')).toBeUndefined();
    const result = await pageResult(response);
    expect(result.message).toBe('The sign-in was cancelled.');
    expect(result.session).toBeUndefined();
    expect(await tokenCount()).toBe(before);
  });

  it('gives up on a code the provider will not exchange, and on a missing code', async () => {
    oidc.signInAs(newIdentity());
    const before = await tokenCount();
    const { authorize, cookie } = await start();
    const back = await atProvider(authorize);
    back.searchParams.set('code', 'not-a-code-the-provider-issued');
    const refused = await callback(back, cookie);
    expect(refused.status).toBe(400);
    expect((await pageResult(refused)).message).toBe('The sign-in could not be completed. Please try again.');

    const second = await start();
    const noCode = await atProvider(second.authorize);
    noCode.searchParams.delete('code');
    expect((await callback(noCode, second.cookie)).status).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a deactivated account', async () => {
    const existing = await createUser(api.db, { email: `inactive.${randomBytes(3).toString('hex')}@example.test`, isActive: false });
    oidc.signInAs(newIdentity({ email: existing.email! }));
    const before = await tokenCount();
    const response = await fullLogin();
    expect(response.status).toBe(403);
    expect((await pageResult(response)).message).toBe('Your account has been deactivated.');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses an ID token meant for another client', async () => {
    oidc.signInAs({ ...newIdentity(), aud: 'someone-else' });
    const before = await tokenCount();
    const response = await fullLogin();
    expect(response.status).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  it('answers junk queries with a page, never a 500', async () => {
    for (const query of ['', '?state=', `?state=${'x'.repeat(5000)}&code=1`, '?state=a%00b&code=c', '?code=abc&state[]=x', '?error=access_denied']) {
      const response = await browser(`/social-auth/callback${query}`, { headers: { Cookie: 'social_auth_state=a%00b' } });
      expect(response.status, query).toBe(403);
    }
  });
});

describe("an app's login with its own code (POST /auth/{provider}/token)", () => {
  const APP_REDIRECT = 'com.example.shop:/oauth2redirect';

  /** The app at the provider, with PKCE and its own redirect URI: the code it gets back. */
  async function appCode(verifier: string) {
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(`${oidc.issuerUrl}/authorize`);
    for (const [name, value] of Object.entries({
      client_id: CLIENT_ID,
      redirect_uri: APP_REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'app-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const response = await fetch(authorize, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get('location')!).searchParams.get('code');
    expect(code).toBeTruthy();
    return code!;
  }
  const verifier = () => randomBytes(32).toString('base64url');
  const exchange = (body: unknown, provider = 'google') =>
    api.json(`/auth/${provider}/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('signs the person in with the fields the original client reads, linking the account of their verified e-mail', async () => {
    const owner = await createUser(api.db, { email: `app.owner.${randomBytes(3).toString('hex')}@example.test` });
    oidc.signInAs(newIdentity({ email: owner.email!, email_verified: true }));
    const codeVerifier = verifier();
    const answer = await exchange({ code: await appCode(codeVerifier), code_verifier: codeVerifier, redirect_uri: APP_REDIRECT });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Login successfully');
    expect(answer.body.data.user).toMatchObject({ id: owner.id, email: owner.email });
    const me = await api.json('/user', { method: 'POST', headers: { Authorization: `Bearer ${answer.body.data.access.token}` } });
    expect(me.body.data.user.id).toBe(owner.id);
    // The same person again: the same account, through the link now stored.
    const again = verifier();
    expect((await exchange({ code: await appCode(again), code_verifier: again, redirect_uri: APP_REDIRECT })).body.data.user.id).toBe(owner.id);
  });

  it('answers a code the provider refuses with a 400 in JSON, and signs nobody in', async () => {
    oidc.signInAs(newIdentity());
    const codeVerifier = verifier();
    const code = await appCode(codeVerifier);
    const before = await tokenCount();
    oidc.refuseNextExchange();
    const refused = await exchange({ code, code_verifier: codeVerifier, redirect_uri: APP_REDIRECT });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The sign-in could not be completed. Please try again.');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a provider that is not switched on (404), and bad bodies (422), writing nothing', async () => {
    const before = await tokenCount();
    for (const provider of ['facebook', 'github']) {
      const answer = await exchange({ code: 'some-code' }, provider);
      expect(answer.status, provider).toBe(404);
      expect(answer.body.message).toBe('This sign-in method is not available.');
    }
    for (const body of [
      {},
      { code: '' },
      { code: 'x'.repeat(5000) },
      { code: 'c', code_verifier: 'short' },
      { code: 'c', redirect_uri: 'has space' },
      { code: 'c', password: 'x' },
      { code: 42 },
    ]) {
      expect((await exchange(body)).status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect((await api.call('/auth/google/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{broken' })).status).toBe(400);
    expect(await tokenCount()).toBe(before);
  });
});
