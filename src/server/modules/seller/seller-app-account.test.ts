import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { invalidateSettings } from '../../cache';
import { banners, outbox, settings, shops, users } from '../../db/schema';
import { SHOP_BANNER_MAX_COUNT } from '@/contracts/seller';
import { seedBase } from '@tests/fixtures';
import { createTestApp, newSeller, newShopper, randomEmail, randomPhone, type TestApp } from '@tests/support/api';
import { formData, testPicture, type FormFields } from '@tests/support/uploads';

/**
 * The seller app's account calls (app-account-routes.ts) and the shop's banners
 * (banner-routes.ts, banners.ts): sign-up of a user with a shop in one step, the codes of a
 * forgotten password, the availability checks, the seller's own profile, password and
 * sign-out, and banners that only their shop can touch.
 */

let api: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seller-app-'));
  api = await createTestApp(seedBase, { DATA_DIR: dataDir });
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = (folder: string) => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', folder)).sort();
  } catch {
    return [];
  }
};
const multipart = (pathName: string, auth: Record<string, string>, fields: FormFields) => api.json(pathName, { method: 'POST', headers: auth, body: formData(fields) });
const post = (pathName: string, auth: Record<string, string>, body: unknown) =>
  api.json(pathName, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const get = (pathName: string, auth: Record<string, string> = {}) => api.json(pathName, { headers: auth });
const png = async (width = 1200, height = 300) => ({ bytes: await testPicture('png', width, height), name: 'p.png', type: 'image/png' });
const tableCounts = async () => ({
  users: (await api.db.select({ n: count() }).from(users))[0]!.n,
  shops: (await api.db.select({ n: count() }).from(shops))[0]!.n,
});
/** The last code mailed to an address (the test app's mail goes to the outbox table). */
const lastCode = async (email: string) => {
  const [mail] = await api.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return /\b(\d{4})\b/.exec(mail?.body ?? '')?.[1];
};

const signUp = (overrides: FormFields = {}): FormFields => ({
  first_name: 'Layla',
  last_name: 'Haddad',
  email: randomEmail('seller'),
  phone: randomPhone(),
  password: 'correct horse 9',
  password_confirmation: 'correct horse 9',
  address: '12 Cedar Street',
  shop_name: 'Cedar Pottery',
  description: 'Bowls and cups',
  opening_time: '09:00',
  closing_time: '17:00',
  ...overrides,
});

describe('POST /seller/registration', () => {
  it('opens an account and its shop, pending, in one step; the seller then signs in and sees the review', async () => {
    const fields = signUp({ shop_logo: await png(400, 400), shop_banner: await png(), profile_photo: await png(300, 300) });
    const { status, body, headers } = await multipart('/seller/registration', {}, fields);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('Your shop is under review');
    expect(headers.get('set-cookie') ?? '').not.toMatch(/session=/);
    expect(body.data).not.toHaveProperty('access');
    expect(body.data.user).toMatchObject({ first_name: 'Layla Haddad', email: fields.email, is_active: true });
    expect(body.data.user.profile_photo).toMatch(/^\/uploads\/profile-photos\//);
    expect(body.data.user.shop).toMatchObject({ name: 'Cedar Pottery', status: 'pending', open_time: '09:00', address: '12 Cedar Street' });
    expect(body.data.user.shop.logo).toMatch(/^\/uploads\/shops\/.*-400\.webp$/);
    expect(body.data.user.shop.banner).toMatch(/^\/uploads\/shops\/.*-1600\.webp$/);

    const login = await post('/seller/login', {}, { contact: fields.email, password: 'correct horse 9' });
    expect(login.status).toBe(200);
    const details = await get('/seller/details', { Authorization: `Bearer ${login.body.data.access.token}` });
    expect(details.body.data.user.shop.status).toBe('pending');
    // Under review, the dashboard's routes stay closed.
    expect((await get('/seller/orders', { Authorization: `Bearer ${login.body.data.access.token}` })).status).toBe(403);
  });

  it('refuses a taken e-mail or phone, bad pictures and incomplete forms, and writes nothing', async () => {
    const taken = await newShopper(api.db);
    const [owner] = await api.db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, taken.id));
    const before = await tableCounts();
    const files = [storedFiles('shops'), storedFiles('profile-photos')];
    const pdf = { bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), name: 'logo.png', type: 'image/png' };
    const cases: [FormFields, string][] = [
      [signUp({ email: owner!.email! }), 'email'],
      [signUp({ shop_logo: pdf }), 'shop_logo'],
      [signUp({ shop_banner: { ...(await png()), bytes: await testPicture('gif') } }), 'shop_banner'],
      [signUp({ profile_photo: pdf }), 'profile_photo'],
      [signUp({ password_confirmation: 'something else' }), 'password_confirmation'],
      [signUp({ password: 'short', password_confirmation: 'short' }), 'password'],
      [signUp({ shop_name: '' }), 'shop_name'],
      [signUp({ first_name: '' }), 'first_name'],
      [signUp({ phone: '12' }), 'phone'],
      [signUp({ closing_time: '08:00' }), 'closing_time'],
      [signUp({ email: 'nobody' }), 'email'],
    ];
    for (const [fields, field] of cases) {
      const { status, body } = await multipart('/seller/registration', {}, fields);
      expect(status, field).toBe(422);
      expect(Object.keys(body.errors), field).toContain(field);
    }
    expect(await tableCounts()).toEqual(before);
    expect([storedFiles('shops'), storedFiles('profile-photos')]).toEqual(files);
  });

  it('creates one account when the same sign-up is sent twice at once', async () => {
    const fields = signUp();
    const answers = await Promise.all([multipart('/seller/registration', {}, fields), multipart('/seller/registration', {}, fields)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const rows = await api.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, fields.email as string));
    expect(rows).toHaveLength(1);
    expect(await api.db.select().from(shops).where(eq(shops.userId, rows[0]!.id))).toHaveLength(1);
  });

  it('is closed while the marketplace takes no sellers', async () => {
    await api.db.update(settings).set({ value: false }).where(eq(settings.key, 'multi_vendor'));
    await invalidateSettings(api.db);
    try {
      const before = await tableCounts();
      const { status } = await multipart('/seller/registration', {}, signUp());
      expect(status).toBe(409);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await api.db.update(settings).set({ value: true }).where(eq(settings.key, 'multi_vendor'));
      await invalidateSettings(api.db);
    }
  });
});

describe('a forgotten password (send-otp, verify-otp, forgot-password)', () => {
  it('sets a new password with the mailed code and signs every session out', async () => {
    const seller = await newSeller(api.db);
    const [row] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    const email = row!.email!;
    const sent = await post('/seller/send-otp', {}, { email, forgot_password: true });
    expect(sent.status).toBe(200);
    await expect.poll(() => lastCode(email)).toMatch(/^\d{4}$/);
    const otp = (await lastCode(email))!;

    const wrong = await post('/seller/verify-otp', {}, { email, otp: otp === '0000' ? '0001' : '0000', forgot_password: true });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['otp']);
    const verified = await post('/seller/verify-otp', {}, { email, otp, forgot_password: true });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const token = verified.body.data.token as string;

    const reset = await post('/seller/forgot-password', {}, { token, password: 'a new secret 7', password_confirmation: 'a new secret 7' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.user).toMatchObject({ id: seller.id, shop: { id: seller.shopId } });
    // The token is used up, the old session ended, the new password signs in.
    expect((await post('/seller/forgot-password', {}, { token, password: 'another one 8', password_confirmation: 'another one 8' })).status).toBe(422);
    expect((await get('/seller/details', seller.auth)).status).toBe(401);
    expect((await post('/seller/login', {}, { contact: email, password: 'a new secret 7' })).status).toBe(200);
  });

  it('answers an unknown e-mail as a known one and sends nothing', async () => {
    const email = randomEmail('nobody');
    const sent = await post('/seller/send-otp', {}, { email, forgot_password: '1' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`If an account uses ${email}, a code has been sent to it.`);
    expect(await api.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(0);
    const bad = await post('/seller/send-otp', {}, { email: 'not an address@' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['email']);
  });
});

describe('availability checks', () => {
  it('POST /seller/check-email-phone says which of the two are taken', async () => {
    const free = await post('/seller/check-email-phone', {}, { email: randomEmail(), phone: randomPhone() });
    expect(free).toMatchObject({ status: 200, body: { message: 'Email and phone number are available' } });
    const someone = await newShopper(api.db);
    const [row] = await api.db.select({ email: users.email, phone: users.phone, code: users.phoneCode }).from(users).where(eq(users.id, someone.id));
    const taken = await post('/seller/check-email-phone', {}, { email: row!.email!.toUpperCase(), phone: row!.phone, phone_code: `+${row!.code}` });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body.errors).sort()).toEqual(['email', 'phone']);
  });

  it('GET /seller/check-user-status tells whether the number sells', async () => {
    const phoneOf = async (id: number) => (await api.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]!.phone!;
    const active = await newSeller(api.db);
    const pending = await newSeller(api.db, 'pending');
    expect((await get(`/seller/check-user-status?phone=${await phoneOf(active.id)}`)).body.data).toEqual({ user_status: true });
    expect((await get(`/seller/check-user-status?phone=${await phoneOf(pending.id)}`)).body.data).toEqual({ user_status: false });
    expect((await get(`/seller/check-user-status?phone=${randomPhone()}`)).status).toBe(422);
    expect((await get('/seller/check-user-status')).status).toBe(422);
  });
});

describe("the seller's own account", () => {
  it('POST /seller/user-update saves the name and asks a code for a new e-mail', async () => {
    const seller = await newSeller(api.db);
    const [before] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, seller.id));
    const newEmail = randomEmail('moved');
    const { status, body } = await multipart('/seller/user-update', seller.auth, {
      first_name: 'Omar',
      last_name: 'Saleh',
      email: newEmail,
      gender: 'male',
      profile_photo: await png(300, 300),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.user).toMatchObject({ first_name: 'Omar Saleh', gender: 'male', email: before!.email });
    expect(body.data.user.profile_photo).toMatch(/^\/uploads\/profile-photos\//);
    expect(body.data.verification).toEqual([{ field: 'email', sent_to: newEmail }]);
    const refused = await multipart('/seller/user-update', seller.auth, { first_name: 'Omar', date_of_birth: '2999-01-01' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['date_of_birth']);
  });

  it('POST /seller/change-password checks the current password', async () => {
    const seller = await newSeller(api.db);
    const wrong = await post('/seller/change-password', seller.auth, {
      current_password: 'not it at all',
      password: 'brand new pass 1',
      password_confirmation: 'brand new pass 1',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['current_password']);
    const right = await post('/seller/change-password', seller.auth, { current_password: 'password', password: 'brand new pass 1', password_confirmation: 'brand new pass 1' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.user.id).toBe(seller.id);
  });

  it('GET /seller/logout ends the session; a shopper has no seller account to change', async () => {
    const seller = await newSeller(api.db);
    expect((await get('/seller/logout', seller.auth)).status).toBe(200);
    expect((await get('/seller/details', seller.auth)).status).toBe(401);
    const shopper = await newShopper(api.db);
    expect((await multipart('/seller/user-update', shopper.auth, { first_name: 'X' })).status).toBe(403);
    expect(
      (await post('/seller/change-password', shopper.auth, { current_password: 'password', password: 'brand new pass 1', password_confirmation: 'brand new pass 1' })).status,
    ).toBe(403);
  });
});

describe('banners', () => {
  const bannersOf = (shopId: number) =>
    api.db
      .select()
      .from(banners)
      .where(and(eq(banners.shopId, shopId), eq(banners.type, 'banner')));

  it('a seller adds, retitles, hides and removes banners, and the shop page follows', async () => {
    const seller = await newSeller(api.db);
    const added = await multipart('/seller/banners/store', seller.auth, { title: 'Summer sale', banner: await png() });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const banner = added.body.data.banner;
    expect(banner).toMatchObject({ title: 'Summer sale', is_active: true, thumbnail: expect.stringMatching(/^\/uploads\/shops\/.*-1600\.webp$/) });
    expect(added.body.data.user.banners).toEqual([{ id: banner.id, title: 'Summer sale', thumbnail: banner.thumbnail }]);
    expect((await get('/seller/banners', seller.auth)).body.data.banners).toEqual([banner]);
    expect((await get(`/shops/${seller.shopId}`)).body.data.shop.banners).toMatchObject([{ id: banner.id, title: 'Summer sale' }]);

    const filesBefore = storedFiles('shops');
    const changed = await multipart('/seller/banners/update', seller.auth, { id: String(banner.id), title: 'Autumn', banner: await png(), is_active: '0' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.banner).toMatchObject({ id: banner.id, title: 'Autumn', is_active: false });
    expect(changed.body.data.banner.thumbnail).not.toBe(banner.thumbnail);
    // The old picture's files went with it; the new one's came.
    expect(storedFiles('shops')).toHaveLength(filesBefore.length);
    expect((await get(`/shops/${seller.shopId}`)).body.data.shop.banners).toEqual([]);

    const removed = await api.json(`/seller/banners/${banner.id}`, { method: 'DELETE', headers: seller.auth });
    expect(removed.status).toBe(200);
    expect(removed.body.data.user.banners).toEqual([]);
    expect(await bannersOf(seller.shopId)).toHaveLength(0);
    expect(storedFiles('shops')).toHaveLength(filesBefore.length - 4);
  });

  it("another shop's banner is a 404 and nothing changes; hostile uploads are a 422", async () => {
    const owner = await newSeller(api.db);
    const other = await newSeller(api.db);
    const { body } = await multipart('/seller/banners/store', owner.auth, { title: 'Mine', banner: await png() });
    const id = body.data.banner.id as number;
    const before = await bannersOf(owner.shopId);
    const files = storedFiles('shops');
    expect((await multipart('/seller/banners/update', other.auth, { id: String(id), title: 'Stolen', banner: await png() })).status).toBe(404);
    expect((await post('/seller/banners/update', other.auth, { id, title: 'Stolen' })).status).toBe(404);
    expect((await api.json(`/seller/banners/${id}`, { method: 'DELETE', headers: other.auth })).status).toBe(404);
    expect((await get('/seller/banners', other.auth)).body.data.banners).toEqual([]);
    expect(await bannersOf(owner.shopId)).toEqual(before);
    expect(storedFiles('shops')).toEqual(files);

    const pdf = { bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), name: 'b.png', type: 'image/png' };
    const hostile: FormFields[] = [{ title: 'x', banner: pdf }, { title: 'x' }, { title: 'x'.repeat(201), banner: await png() }];
    for (const fields of hostile) {
      expect((await multipart('/seller/banners/store', owner.auth, fields)).status).toBe(422);
    }
    expect((await api.json('/seller/banners/abc', { method: 'DELETE', headers: owner.auth })).status).toBe(422);
    expect(await bannersOf(owner.shopId)).toEqual(before);
    expect(storedFiles('shops')).toEqual(files);
    const shopper = await newShopper(api.db);
    expect((await get('/seller/banners', shopper.auth)).status).toBe(403);
    expect((await get('/seller/banners')).status).toBe(401);
  });

  it(`keeps a shop to ${SHOP_BANNER_MAX_COUNT} banners, even when they are sent at once`, async () => {
    const seller = await newSeller(api.db);
    const picture = await png(800, 200);
    const answers = await Promise.all(Array.from({ length: SHOP_BANNER_MAX_COUNT + 3 }, () => multipart('/seller/banners/store', seller.auth, { banner: picture })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(SHOP_BANNER_MAX_COUNT);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(3);
    expect(await bannersOf(seller.shopId)).toHaveLength(SHOP_BANNER_MAX_COUNT);
  });
});
