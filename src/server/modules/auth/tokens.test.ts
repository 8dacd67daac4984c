import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens } from '../../db/schema';
import { applyRemoteInvalidation } from '../../cache';
import { createUser, seedBase } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { issueAccessToken, setSessionsTrusted, userIdForToken } from './tokens';

/**
 * Who a token signs in, kept per process (tokens.ts): a revocation is heard at once, here
 * (logout, password changed) and from another process (its NOTIFY), and nothing is kept
 * while the other processes cannot be heard.
 */

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

const bearer = (token: string, init: RequestInit = {}): RequestInit => ({ ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
const statusOf = async (token: string) => (await api.json('/user', bearer(token, { method: 'POST' }))).status;

async function signedIn() {
  const user = await createUser(api.db, { password: 'old-password-1' });
  return { user, token: (await issueAccessToken(api.db, user.id)).token };
}

/** Revoked in the database behind this process's back, as another process's logout would. */
const revokeElsewhere = (userId: number) => api.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.userId, userId));

describe('sessions kept per process', () => {
  it('refuses a token at once after its logout, though it was just used', async () => {
    const { token } = await signedIn();
    expect(await statusOf(token)).toBe(200);
    expect((await api.json('/logout', bearer(token, { method: 'POST' }))).status).toBe(200);
    expect(await statusOf(token)).toBe(401);
  });

  it("refuses the user's other sign-ins at once after a password change, and keeps the one that changed it", async () => {
    const { user, token: changer } = await signedIn();
    const other = (await issueAccessToken(api.db, user.id)).token;
    expect(await statusOf(other)).toBe(200);
    const body = { current_password: 'old-password-1', password: 'new-password-2', password_confirmation: 'new-password-2' };
    const changed = await api.json('/change-password', bearer(changer, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }));
    expect(changed.status).toBe(200);
    expect(await statusOf(other)).toBe(401);
    expect(await statusOf(changer)).toBe(200);
  });

  it("drops what it keeps when another process's revocation is heard", async () => {
    const { user, token } = await signedIn();
    expect(await userIdForToken(api.db, token)).toBe(user.id);
    await revokeElsewhere(user.id);
    // Until the signal arrives, this process still knows the token (milliseconds on PostgreSQL).
    expect(await userIdForToken(api.db, token)).toBe(user.id);
    applyRemoteInvalidation(api.db, JSON.stringify(['sessions']));
    expect(await userIdForToken(api.db, token)).toBeNull();
  });

  it('keeps nothing while the other processes cannot be heard', async () => {
    const { user, token } = await signedIn();
    setSessionsTrusted(false);
    try {
      expect(await userIdForToken(api.db, token)).toBe(user.id);
      await revokeElsewhere(user.id);
      expect(await userIdForToken(api.db, token)).toBeNull();
    } finally {
      setSessionsTrusted(true);
    }
  });

  it('keeps no refused token: one that becomes valid is seen at once', async () => {
    const { user } = await signedIn();
    const { token } = await issueAccessToken(api.db, user.id);
    await api.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, user.id));
    expect(await userIdForToken(api.db, token)).toBeNull();
    await api.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(accessTokens.userId, user.id));
    expect(await userIdForToken(api.db, token)).toBe(user.id);
  });
});
