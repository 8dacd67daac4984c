import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../app';
import { invalidateSettings } from '../../cache';
import type { DatabaseHandle } from '../../db/client';
import { settings, users } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { parseEnv } from '../../env';
import { createTestDatabase } from '@tests/support/database';
import { edgeCaller } from '@tests/support/api';
import { LIMITS } from '../rate-limit/limits';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
});
afterAll(() => handle.close());

let addresses = 0;
/** The API as the HTTP edge calls it, from a client address of its own (per-address limits). */
function client() {
  const app = createApp({
    db: handle.db,
    config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn' }),
    log: pino({ level: 'warn' }, { write: (line: string) => console.error(line) }),
  });
  return edgeCaller(app, `203.0.113.${++addresses}`);
}

let people = 0;
const newcomer = (extra: Record<string, unknown> = {}) => {
  people += 1;
  return {
    name: `New Shopper ${people}`,
    country: 'United States',
    phone_code: '+1',
    phone: `20255501${String(people).padStart(2, '0')}`,
    email: `new.shopper.${people}@example.test`,
    password: 'a-good-secret',
    ...extra,
  };
};

describe('POST /registration (docs/product.md §4.4)', () => {
  it('creates the account, signs it in (token, user, session cookie) and the password works for login', async () => {
    const call = client();
    const payload = newcomer();
    const { status, body, headers } = await call('/registration', payload);
    expect(status).toBe(201);
    expect(body.message).toBe('Registration successful.');
    expect(body.data.access.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.user).toMatchObject({ name: payload.name, email: payload.email, country: 'United States', phone_code: '1', phone: payload.phone, account_verified: false });
    expect(headers.get('set-cookie')).toMatch(/session=[\w-]+;.*HttpOnly/i);
    expect((await call('/user', {}, { Authorization: `Bearer ${body.data.access.token}` })).status).toBe(200);
    expect((await call('/login', { phone: payload.email, password: payload.password })).status).toBe(200);
    const [row] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, payload.email));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the field errors of the spec, first message each, translated, and writes nothing', async () => {
    const call = client();
    const before = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const empty = await call('/registration', {}, { 'Accept-Language': 'ar' });
    expect(empty.status).toBe(422);
    // Every field's error at once, the phone's included while the site requires one (§5).
    expect(Object.keys(empty.body.errors).sort()).toEqual(['country', 'email', 'name', 'password', 'phone']);
    expect(empty.body.errors.name[0]).toMatch(/[\u0600-\u06FF]/);
    expect(empty.body.errors.phone[0]).toMatch(/[\u0600-\u06FF]/);
    // A phone of the wrong form is reported beside the schema's errors too.
    expect(Object.keys((await call('/registration', { phone: '12' })).body.errors).sort()).toEqual(['country', 'email', 'name', 'password', 'phone']);

    const wrong = await call('/registration', newcomer({ country: 'Atlantis', phone: '12' }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ country: ['The selected country is invalid.'], phone: ['The phone field must be between 9 and 16 digits.'] });
    const noPhone = await call('/registration', newcomer({ phone: '' }));
    expect(noPhone.body.errors).toEqual({ phone: ['The phone field is required.'] });
    expect((await call('/registration', newcomer({ email: 'not-an-email', password: 'short' }))).body.errors).toHaveProperty('password');
    expect((await handle.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(before);
  });

  it('refuses an e-mail (any case) or phone already taken', async () => {
    const call = client();
    const first = newcomer();
    expect((await call('/registration', first)).status).toBe(201);
    const sameEmail = await call('/registration', newcomer({ email: first.email.toUpperCase() }));
    expect(sameEmail.body.errors).toEqual({ email: ['The email has already been taken.'] });
    const samePhone = await call('/registration', newcomer({ phone: first.phone, phone_code: '1' }));
    expect(samePhone.body.errors).toEqual({ phone: ['The phone has already been taken.'] });
  });

  it('the same registration sent ten times at once creates one account', async () => {
    const call = client();
    const payload = newcomer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/registration', payload)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(9);
    expect((await handle.db.select({ id: users.id }).from(users).where(eq(users.email, payload.email))).length).toBe(1);
  });

  it('follows the phone settings: optional when not required, the configured lengths', async () => {
    const call = client();
    try {
      await handle.db.update(settings).set({ value: false }).where(eq(settings.key, 'phone_required'));
      await handle.db.update(settings).set({ value: 6 }).where(eq(settings.key, 'phone_min_length'));
      invalidateSettings(handle.db);
      expect((await call('/registration', newcomer({ phone: undefined }))).status).toBe(201);
      expect((await call('/registration', newcomer({ phone: '123456' }))).status).toBe(201);
      expect(Object.keys((await call('/registration', {})).body.errors).sort()).toEqual(['country', 'email', 'name', 'password']);
    } finally {
      await handle.db.update(settings).set({ value: true }).where(eq(settings.key, 'phone_required'));
      await handle.db.update(settings).set({ value: 9 }).where(eq(settings.key, 'phone_min_length'));
      invalidateSettings(handle.db);
    }
  });

  it(`allows ${LIMITS['registration:ip'].max} attempts an hour from one address, then 429 with Retry-After`, async () => {
    const call = client();
    // Well-formed attempts count, accepted or not (the second and later find the e-mail taken).
    for (let i = 0; i < LIMITS['registration:ip'].max; i++) await call('/registration', newcomer({ email: 'one.address@example.test' }));
    const refused = await call('/registration', newcomer());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
