import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { accessTokens, users } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { createTestApp, registerShopper, type RegisteredShopper, type TestApp } from '@tests/support/api';
import { LIMITS } from '../rate-limit/limits';

let handle: TestApp;
let app: App;
beforeAll(async () => {
  handle = await createTestApp(seedBase);
  app = handle.app;
});
afterAll(() => handle.close());

const PASSWORD = 'first-secret';

/** A new account, signed up through the API from an address of its own, and signed in. */
const newShopper = () => registerShopper(app, { name: 'Profile Shopper', password: PASSWORD });

async function getProfile(token: string) {
  const response = await app.request('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

const row = async (id: number) => (await handle.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /profile and POST /update-profile (docs/product.md §7.4)', () => {
  // A guest gets 401 from both: contract/auth-required.test.ts.
  it('answers the signed-in user', async () => {
    const me = await newShopper();
    const { status, body } = await getProfile(me.token);
    expect(status).toBe(200);
    expect(body.data.user).toMatchObject({ id: me.id, email: me.email, name: 'Profile Shopper', country: 'United States', gender: null, date_of_birth: null });
  });

  it('updates name, gender, date of birth and country (by name, any case) and answers the user', async () => {
    const me = await newShopper();
    const { status, body } = await me.as('/update-profile', {
      name: '  Renamed Shopper ',
      gender: 'other',
      date_of_birth: '1990-02-28',
      country: 'united kingdom',
      email: me.email.toUpperCase(),
      phone: me.phone,
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Profile updated successfully.');
    expect(body.data.user).toMatchObject({ id: me.id, name: 'Renamed Shopper', gender: 'other', date_of_birth: '1990-02-28', country: 'United Kingdom', email: me.email });
    expect((await getProfile(me.token)).body.data.user.name).toBe('Renamed Shopper');
    // Blank optional fields clear them; absent ones stay.
    const cleared = await me.as('/update-profile', { name: 'Renamed Shopper', gender: '', date_of_birth: '' });
    expect(cleared.body.data.user).toMatchObject({ gender: null, date_of_birth: null, country: 'United Kingdom' });
  });

  it('refuses a bad new e-mail or phone and other bad values with field errors, and writes nothing', async () => {
    const me = await newShopper();
    const before = await row(me.id);
    const contact = await me.as('/update-profile', { name: 'Changed', email: 'not-an-address', phone: '12' });
    expect(contact.status).toBe(422);
    expect(contact.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field must be between 9 and 16 digits.'],
    });
    expect((await me.as('/update-profile', { name: 'Changed', email: '', phone: '' })).body.errors).toEqual({
      email: ['The email field is required.'],
      phone: ['The phone field is required.'],
    });
    const bad = await me.as('/update-profile', { name: '', gender: 'robot', date_of_birth: '2999-01-01', country: 'Atlantis' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      name: ['The name field is required.'],
      gender: ['The selected gender is invalid.'],
      date_of_birth: ['The date of birth field must be a date before today.'],
    });
    expect((await me.as('/update-profile', { name: 'Ok', date_of_birth: '2001-02-30' })).body.errors).toEqual({ date_of_birth: ['The date of birth field must be a valid date.'] });
    expect((await me.as('/update-profile', { name: 'Ok', country: 'Atlantis' })).body.errors).toEqual({ country: ['The selected country is invalid.'] });
    expect((await me.as('/update-profile', { name: 'Ok', profile_photo: 'http://evil.test/x.png' })).body.errors).toEqual({
      profile_photo: ['The profile photo field must be an image.'],
    });
    expect(await row(me.id)).toEqual(before);
  });

  it('answers hostile input with a 4xx and writes nothing', async () => {
    const me = await newShopper();
    const before = await row(me.id);
    const hostile: unknown[] = [
      { name: 'a\u0000b' },
      { name: 'x'.repeat(10_000) },
      { name: 42 },
      { name: ['a'] },
      { name: 'Ok', is_active: false },
      { name: 'Ok', wallet_balance: 1_000_000 },
      { name: 'Ok', id: 1 },
      { name: 'Ok', gender: { $ne: null } },
      { name: 'Ok', date_of_birth: "1990-01-01'; drop table users; --" },
      { name: 'Ok', country: "' or 1=1 --" },
      'just a string',
      null,
    ];
    for (const body of hostile) {
      const { status } = await me.as('/update-profile', body);
      expect(status, JSON.stringify(body)?.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    const broken = await app.request('/api/update-profile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.token}`, 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    const oversized = await app.request('/api/update-profile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(oversized.status).toBe(413);
    expect(await row(me.id)).toEqual(before);
  });

  it('two users: each reads and changes only their own profile', async () => {
    const alice = await newShopper();
    const bob = await newShopper();
    expect((await getProfile(alice.token)).body.data.user.id).toBe(alice.id);
    expect((await getProfile(bob.token)).body.data.user.id).toBe(bob.id);
    const bobBefore = await row(bob.id);
    // No route takes a user id: an id in the body is refused, and the change lands on the caller.
    expect((await alice.as('/update-profile', { name: 'Alice', user_id: bob.id })).status).toBe(422);
    expect((await alice.as('/update-profile', { name: 'Alice' })).body.data.user.id).toBe(alice.id);
    expect(await row(bob.id)).toEqual(bobBefore);
    expect((await getProfile(bob.token)).body.data.user.name).not.toBe('Alice');
  });
});

describe('POST /change-password (docs/product.md §7.4)', () => {
  const login = (call: RegisteredShopper['call'], email: string, password: string) => call('/login', { phone: email, password });

  it('refuses a wrong current password, a mismatch and a short one as field errors, and changes nothing', async () => {
    const me = await newShopper();
    const before = await row(me.id);
    const wrong = await me.as('/change-password', { current_password: 'not-it', password: 'second-secret', password_confirmation: 'second-secret' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await me.as('/change-password', { current_password: PASSWORD, password: 'second-secret', password_confirmation: 'other-secret' });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });
    const short = await me.as('/change-password', { current_password: PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors).toHaveProperty('password');
    expect((await me.as('/change-password', { current_password: PASSWORD, password: 'second\u0000secret', password_confirmation: 'second\u0000secret' })).status).toBe(422);
    expect((await me.call('/change-password', { current_password: PASSWORD, password: 'second-secret', password_confirmation: 'second-secret' })).status).toBe(401);
    expect(await row(me.id)).toEqual(before);
  });

  it('changes the password, revokes every other session and keeps the current one', async () => {
    const me = await newShopper();
    const other = (await login(me.call, me.email, PASSWORD)).body.data.access.token as string;
    const bystander = await newShopper();
    const { status, body } = await me.as('/change-password', { current_password: PASSWORD, password: 'second-secret', password_confirmation: 'second-secret' });
    expect(status).toBe(200);
    expect(body.message).toBe('Password changed successfully.');
    expect((await getProfile(me.token)).status).toBe(200);
    expect((await getProfile(other)).status).toBe(401);
    expect((await getProfile(bystander.token)).status).toBe(200);
    expect((await login(me.call, me.email, PASSWORD)).status).toBe(422);
    expect((await login(me.call, me.email, 'second-secret')).status).toBe(200);
    const tokens = await handle.db.select({ revokedAt: accessTokens.revokedAt }).from(accessTokens).where(eq(accessTokens.userId, me.id));
    expect(tokens.filter((token) => token.revokedAt === null)).toHaveLength(2); // the kept one and the new login
  });

  it(`allows ${LIMITS['password:change'].max} attempts per user in 15 minutes, then 429 with Retry-After`, async () => {
    const me = await newShopper();
    for (let i = 0; i < LIMITS['password:change'].max; i++) {
      expect((await me.as('/change-password', { current_password: 'wrong', password: 'second-secret', password_confirmation: 'second-secret' })).status).toBe(422);
    }
    const refused = await me.as('/change-password', { current_password: PASSWORD, password: 'second-secret', password_confirmation: 'second-secret' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(me.call, me.email, PASSWORD)).status).toBe(200);
  });
});
