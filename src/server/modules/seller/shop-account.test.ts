import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { invalidateSettings } from '../../cache';
import { settings, shops } from '../../db/schema';
import { SELLER_IMAGE_MAX_BYTES } from '@/contracts/seller';
import { createShop, createUser, seedBase } from '@tests/fixtures';
import { bearer, createTestApp, newShopper, type TestApp } from '@tests/support/api';
import { formData, testPicture, type FormFields } from '@tests/support/uploads';
import { orderPrefixOf } from './shop-registration';

/**
 * The seller account routes (modules/seller/account-routes.ts, contracts/seller-account.ts):
 * registering a shop (one per user, pending, pictures checked by content), the seller
 * app's sign-in, the details, and an active shop's profile and settings.
 */

let api: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-account-'));
  api = await createTestApp(seedBase, { DATA_DIR: dataDir });
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'shops')).sort();
  } catch {
    return [];
  }
};

const picture = testPicture;
type Fields = FormFields;

/** A multipart post as the seller app or the page sends it. */
const multipart = (pathName: string, auth: Record<string, string>, fields: Fields, headers: Record<string, string> = {}) =>
  api.json(pathName, { method: 'POST', headers: { ...auth, ...headers }, body: formData(fields) });

const post = (pathName: string, auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
  api.json(pathName, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const registration = { name: 'Rose & Stone', phone: '+1 555 0100', email: 'hello@rose.example', address: '1 Main St', opening_time: '09:00', closing_time: '18:00', terms: '1' };
const shopOf = async (userId: number) => (await api.db.select().from(shops).where(eq(shops.userId, userId)))[0];

describe('POST /seller/shop (registration)', () => {
  it('asks a guest to sign in', async () => {
    const { status, body } = await post('/seller/shop', {}, registration);
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthenticated.' });
  });

  it('opens a pending shop with its pictures, hours, a slug, an order prefix and the request language', async () => {
    const me = await newShopper(api.db);
    const { status, body } = await multipart(
      '/seller/shop',
      me.auth,
      { ...registration, 'off_days[]': ['fri', 'sat'], description: 'Hand-made <b>pots</b>', logo: { bytes: await picture('png'), name: 'logo.png', type: 'image/png' } },
      { 'Accept-Language': 'ar' },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('متجرك قيد المراجعة');
    const user = body.data.user;
    expect(user).toMatchObject({ id: me.id, last_name: null, shop_status: expect.stringMatching(/^(Online|Offline)$/) });
    expect(user.shop).toMatchObject({
      name: 'Rose & Stone',
      status: 'pending',
      status_reason: null,
      open_time: '09:00',
      close_time: '18:00',
      off_day: ['fri', 'sat'],
      prefix: 'RS',
      min_order_amount: 0,
      description: 'Hand-made <b>pots</b>',
      total_products: 0,
    });
    expect(user.shop.logo).toMatch(/^\/uploads\/shops\/[0-9a-f]{32}-400\.webp$/);
    const meta = await sharp(await readFile(path.join(dataDir, user.shop.logo.replace('-400.webp', '-200.webp')))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 200 });
    const row = (await shopOf(me.id))!;
    expect(row).toMatchObject({ status: 'pending', isActive: false, locale: 'ar', slug: 'rose-and-stone', email: 'hello@rose.example' });
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    // Shoppers see the seller's text as escaped HTML: nothing typed becomes markup.
    expect(row.description).toBe('<p>Hand-made &lt;b&gt;pots&lt;/b&gt;</p>');
  });

  it('stores a banner as wide pictures', async () => {
    const me = await newShopper(api.db);
    const { status, body } = await multipart('/seller/shop', me.auth, {
      ...registration,
      name: 'Wide',
      banner: { bytes: await picture('jpeg', 2000, 900), name: 'b.jpg', type: 'image/jpeg' },
    });
    expect(status).toBe(200);
    expect(body.data.user.shop.banner).toMatch(/-1600\.webp$/);
    const meta = await sharp(await readFile(path.join(dataDir, body.data.user.shop.banner))).metadata();
    expect(meta).toMatchObject({ width: 1600, height: 400 });
  });

  it('refuses hostile or incomplete input with field errors and writes nothing', async () => {
    const me = await newShopper(api.db);
    const files = storedFiles();
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const big = new Uint8Array(SELLER_IMAGE_MAX_BYTES + 1);
    const cases: [Fields, string][] = [
      [{ ...registration, logo: { bytes: pdf, name: 'logo.jpg', type: 'image/jpeg' } }, 'logo'],
      [{ ...registration, banner: { bytes: await picture('gif'), name: 'b.png', type: 'image/png' } }, 'banner'],
      [{ ...registration, logo: { bytes: big, name: 'huge.png', type: 'image/png' } }, 'logo'],
      [{ ...registration, terms: '' }, 'terms'],
      [{ ...registration, name: 'x'.repeat(121) }, 'name'],
      [{ ...registration, name: '' }, 'name'],
      [{ ...registration, description: 'x'.repeat(1001) }, 'description'],
      [{ ...registration, email: 'not-an-email' }, 'email'],
      [{ ...registration, opening_time: '25:00' }, 'opening_time'],
      [{ ...registration, closing_time: '08:00' }, 'closing_time'],
      [{ ...registration, 'off_days[]': ['someday'] }, 'off_days'],
      [{ ...registration, status: 'active' }, 'request'],
    ];
    for (const [fields, field] of cases) {
      const { status, body } = await multipart('/seller/shop', me.auth, fields);
      expect(status, field).toBe(422);
      expect(Object.keys(body.errors), field).toContain(field);
    }
    expect((await post('/seller/shop', me.auth, { ...registration, terms: false })).body.errors.terms).toEqual(['You must accept the terms and conditions.']);
    expect(await shopOf(me.id)).toBeUndefined();
    expect(storedFiles()).toEqual(files);
  });

  it('keeps one shop per user: a second registration, and two at once, are 409', async () => {
    const me = await newShopper(api.db);
    const answers = await Promise.all([post('/seller/shop', me.auth, registration), post('/seller/shop', me.auth, { ...registration, name: 'Twin' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: 'You already have a shop.' });
    expect(await api.db.select().from(shops).where(eq(shops.userId, me.id))).toHaveLength(1);
    expect((await post('/seller/shop', me.auth, registration)).status).toBe(409);
  });

  it('lets the owner of a rejected shop send it again: fields replaced, pending, reason cleared', async () => {
    const me = await newShopper(api.db);
    const shop = await createShop(api.db, { userId: me.id, status: 'rejected', statusReason: 'Blurry logo', name: 'Old Name' });
    const { status, body } = await post('/seller/shop', me.auth, { ...registration, name: 'New Name' }, { 'Accept-Language': 'ir' });
    expect(status).toBe(200);
    expect(body.data.user.shop).toMatchObject({ id: shop.id, name: 'New Name', status: 'pending', status_reason: null });
    expect(await shopOf(me.id)).toMatchObject({ id: shop.id, status: 'pending', statusReason: null, locale: 'ir' });
  });

  it('is refused with 409 when the site takes no sellers', async () => {
    const me = await newShopper(api.db);
    await api.db.update(settings).set({ value: false }).where(eq(settings.key, 'multi_vendor'));
    invalidateSettings(api.db);
    try {
      const { status, body } = await post('/seller/shop', me.auth, registration);
      expect(status).toBe(409);
      expect(body.message).toMatch(/not available/);
    } finally {
      await api.db.update(settings).set({ value: true }).where(eq(settings.key, 'multi_vendor'));
      invalidateSettings(api.db);
    }
    expect(await shopOf(me.id)).toBeUndefined();
  });

  it('derives a two-letter order prefix from the name', () => {
    expect(orderPrefixOf('Rose & Stone')).toBe('RS');
    expect(orderPrefixOf('technest')).toBe('TE');
    expect(orderPrefixOf('متجر الورد')).toBe('SH');
    expect(orderPrefixOf('Z')).toBe('ZS');
  });
});

describe('POST /seller/login', () => {
  it('signs in the owner of a shop, whatever its review state, with the seller app’s token shape', async () => {
    for (const status of ['active', 'pending', 'rejected', 'suspended'] as const) {
      const owner = await createUser(api.db, { password: 'seller-secret' });
      await createShop(api.db, { userId: owner.id, status });
      const { status: code, body } = await post('/seller/login', {}, { contact: owner.email, password: 'seller-secret' });
      expect(code, status).toBe(200);
      expect(body.data.access).toMatchObject({ auth_type: 'Bearer', token: expect.any(String), expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
      expect(body.data.user.shop.status).toBe(status);
      const details = await api.json('/seller/details', { headers: bearer(body.data.access.token) });
      expect(details.status).toBe(200);
    }
  });

  it('answers a wrong password and a user without a shop alike', async () => {
    const shopper = await createUser(api.db, { password: 'right-secret' });
    const owner = await createUser(api.db, { password: 'right-secret' });
    await createShop(api.db, { userId: owner.id });
    for (const attempt of [
      { contact: shopper.email, password: 'right-secret' },
      { contact: owner.email, password: 'wrong-secret' },
      { contact: 'nobody@example.test', password: 'right-secret' },
    ]) {
      const { status, body } = await post('/seller/login', {}, attempt);
      expect(status).toBe(400);
      expect(body).toEqual({ message: 'Credential is invalid!' });
    }
  });
});

describe('GET /seller/details', () => {
  it('is 401 for a guest and 403 for a user without a shop', async () => {
    expect((await api.json('/seller/details')).status).toBe(401);
    const shopper = await newShopper(api.db);
    const { status, body } = await api.json('/seller/details', { headers: shopper.auth });
    expect(status).toBe(403);
    expect(body.message).toBe('This account has no shop.');
  });

  it('shows a suspended shop its state and reason', async () => {
    const me = await newShopper(api.db);
    await createShop(api.db, { userId: me.id, status: 'suspended', statusReason: 'Counterfeit goods' });
    const { status, body } = await api.json('/seller/details', { headers: me.auth });
    expect(status).toBe(200);
    expect(body.data.user.shop).toMatchObject({ status: 'suspended', status_reason: 'Counterfeit goods' });
    expect(body.data.user.banners).toEqual([]);
  });
});

describe('POST /seller/shop-update and /seller/shop-setting-update', () => {
  it('are for active shops only', async () => {
    const me = await newShopper(api.db);
    await createShop(api.db, { userId: me.id, status: 'pending' });
    expect((await post('/seller/shop-update', me.auth, { name: 'X' })).status).toBe(403);
    expect((await post('/seller/shop-setting-update', me.auth, { min_order_amount: 1 })).status).toBe(403);
    expect((await post('/seller/shop-update', {}, { name: 'X' })).status).toBe(401);
  });

  it('update the face (pictures checked) and keep what is not sent', async () => {
    const me = await newShopper(api.db);
    const shop = await createShop(api.db, { userId: me.id, name: 'Before', address: 'Old St' });
    const refused = await multipart('/seller/shop-update', me.auth, {
      name: 'After',
      logo: { bytes: new TextEncoder().encode('GIF89a nonsense'), name: 'l.png', type: 'image/png' },
    });
    expect(refused.status).toBe(422);
    expect((await shopOf(me.id))!.name).toBe('Before');
    const { status, body } = await multipart(
      '/seller/shop-update',
      me.auth,
      { name: 'After', short_description: 'Short', logo: { bytes: await picture('webp'), name: 'l.webp', type: 'image/webp' } },
      { 'Accept-Language': 'ar' },
    );
    expect(status).toBe(200);
    expect(body.data.user.shop).toMatchObject({ id: shop.id, name: 'After', short_description: 'Short', address: 'Old St' });
    expect(await shopOf(me.id)).toMatchObject({ locale: 'ar', name: 'After' });
  });

  it('update the settings: decimals stored in minor units, off days as a list, an omitted charge kept', async () => {
    const me = await newShopper(api.db);
    await createShop(api.db, { userId: me.id, deliveryCharge: 499, openingTime: '09:00', closingTime: '17:00' });
    const { status, body } = await post('/seller/shop-setting-update', me.auth, { min_order_amount: '12.50', estimated_delivery_time: '2-4 days', off_day: ['sun'] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.user.shop).toMatchObject({ min_order_amount: 12.5, delivery_charge: 4.99, off_day: ['sun'], estimated_delivery_time: '2-4 days' });
    expect(await shopOf(me.id)).toMatchObject({ minOrderAmount: 1250, deliveryCharge: 499, offDays: ['sun'] });
    // Only the closing time sent: checked against the stored opening.
    const hours = await post('/seller/shop-setting-update', me.auth, { closing_time: '08:00' });
    expect(hours.status).toBe(422);
    expect(hours.body.errors.closing_time).toEqual(['The closing time must be after the opening time.']);
    for (const bad of [{ delivery_charge: -1 }, { min_order_amount: 'lots' }, { delivery_charge: 1.234 }, { off_day: ['noday'] }]) {
      expect((await post('/seller/shop-setting-update', me.auth, bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect(await shopOf(me.id)).toMatchObject({ minOrderAmount: 1250, deliveryCharge: 499, closingTime: '17:00' });
  });
});
