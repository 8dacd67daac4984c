import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, settings } from '../../db/schema';
import { invalidateSettings } from '../../cache';
import { createShop, createUser, seedBase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { issueAccessToken } from './tokens';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

const bearer = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(api.db, overrides);
  const { token } = await issueAccessToken(api.db, user.id);
  return { user, token };
}

describe('POST /user', () => {
  it('returns the signed-in user in the User shape, never the password hash', async () => {
    const { user, token } = await signedIn({ name: 'Amina', walletBalance: 1250 });
    const { status, body } = await api.json('/user', bearer(token, { method: 'POST' }));
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: user.id, name: 'Amina', email: user.email, wallet: { balance: 12.5 }, is_active: true });
    expect(body.data.user.shop).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
  });

  it('includes the shop of a seller', async () => {
    const { user, token } = await signedIn();
    const shop = await createShop(api.db, { userId: user.id, isActive: false });
    const { body } = await api.json('/user', bearer(token, { method: 'POST' }));
    expect(body.data.user.shop).toEqual({ id: shop.id, name: shop.name, logo: shop.logo, is_active: false, status: 'pending', status_reason: null });
  });

  it('answers 401 Unauthenticated. without a token, with a bad one, an expired or a revoked one', async () => {
    const { user, token } = await signedIn();
    await api.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, user.id));
    for (const init of [
      { method: 'POST' },
      bearer('not-a-real-token-at-all-000', { method: 'POST' }),
      bearer(token, { method: 'POST' }),
      bearer("' OR 1=1 --", { method: 'POST' }),
    ]) {
      const { status, body } = await api.json('/user', init);
      expect(status).toBe(401);
      expect(body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('accepts the httpOnly session cookie, with the XSRF header for unsafe methods', async () => {
    const { token } = await signedIn();
    const cookie = `session=${token}; XSRF-TOKEN=abc123`;
    expect((await api.call('/user', { method: 'POST', headers: { Cookie: cookie } })).status).toBe(419);
    expect((await api.call('/user', { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': 'abc123' } })).status).toBe(200);
  });
});

describe('GET or POST /logout', () => {
  it('revokes the token, clears the session cookie and says so', async () => {
    const { token } = await signedIn();
    const response = await api.call('/logout', bearer(token));
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Logout successfully');
    expect(response.headers.get('set-cookie')).toMatch(/session=;/);
    expect((await api.call('/user', bearer(token, { method: 'POST' }))).status).toBe(401);
    expect((await api.call('/logout', bearer(token, { method: 'POST' }))).status).toBe(401);
  });
});

describe('POST /shop (shop entry)', () => {
  it('sends a user without a shop to registration and a seller to the dashboard', async () => {
    const buyer = await signedIn();
    expect((await api.json('/shop', bearer(buyer.token, { method: 'POST' }))).body.data).toEqual({ shop: null, redirect: '/shop/register' });
    const seller = await signedIn();
    await createShop(api.db, { userId: seller.user.id, isActive: true });
    const { body } = await api.json('/shop', bearer(seller.token, { method: 'POST' }));
    expect(body.data.redirect).toBe('/shop');
    expect(body.data.shop.is_active).toBe(true);
  });

  it('is refused in single-vendor mode', async () => {
    const { token } = await signedIn();
    await api.db.update(settings).set({ value: false }).where(eq(settings.key, 'multi_vendor'));
    invalidateSettings(api.db);
    try {
      const { status } = await api.json('/shop', bearer(token, { method: 'POST' }));
      expect(status).toBe(403);
    } finally {
      await api.db.update(settings).set({ value: true }).where(eq(settings.key, 'multi_vendor'));
      invalidateSettings(api.db);
    }
  });
});

describe('POST /login', () => {
  it('signs in by email (any case) or phone, returning the token, the user and a session cookie', async () => {
    const user = await createUser(api.db, { email: 'Nadia@Example.com', phoneCode: '+966', phone: '501234567', password: 'correct horse' });
    for (const identifier of ['nadia@example.com', '501234567', '+966 501 234 567']) {
      const response = await api.call('/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: identifier, password: 'correct horse' }),
      });
      expect(response.status, identifier).toBe(200);
      const body = await response.json();
      expect(body.message).toBe('Login successfully');
      expect(body.data.user.id).toBe(user.id);
      expect(body.data.access.token).toMatch(/^[\w-]{40,}$/);
      expect(response.headers.get('set-cookie')).toMatch(/session=[\w-]+;.*HttpOnly/i);
      expect((await api.call('/user', bearer(body.data.access.token, { method: 'POST' }))).status).toBe(200);
    }
  });

  it('refuses a wrong password, an unknown account and an inactive one with the same 422', async () => {
    await createUser(api.db, { email: 'blocked@example.com', password: 'secret-pass', isActive: false });
    await createUser(api.db, { email: 'ok@example.com', password: 'secret-pass' });
    for (const [phone, password] of [
      ['ok@example.com', 'wrong'],
      ['nobody@example.com', 'secret-pass'],
      ['blocked@example.com', 'secret-pass'],
    ]) {
      const { status, body } = await api.json('/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone, password }) });
      expect(status).toBe(422);
      expect(body.message).toBe('These credentials do not match our records.');
      expect(Object.keys(body.errors)).toEqual(['phone', 'password']);
    }
  });

  it('answers missing fields with field errors', async () => {
    const { status, body } = await api.json('/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ phone: ['The phone field is required.'], password: ['The password field is required.'] });
  });
});
