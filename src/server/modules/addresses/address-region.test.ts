import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addresses, countries, outbox, users } from '../../db/schema';
import { isolate } from '@/lib/bidi';
import { createProduct, createShop, createUser, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, request, type TestApp } from '@tests/support/api';

/**
 * An address's country, state and city (docs/product.md §3.5 Address, §7.4 "The address
 * fields"): taken and answered beside the original fields, sent together or not at all,
 * the country one of GET /countries; kept by the orders placed to the address whatever
 * becomes of it later, and shown in the order's e-mails.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(async (db) => {
    await seedBase(db);
    await db.insert(countries).values({ name: 'Atlantis', code: 'XA', phoneCode: '999', isActive: false });
  });
});
afterAll(() => app.close());

const riyadh = { country: 'Saudi Arabia', state: 'Riyadh Province', city: 'Riyadh' };
const original = { name: 'Noura Saleh', phone: '+966 55 123 4567', area: 'Al Olaya', address_type: 'home', address_line: '12 King Fahd Road', post_code: '12211' };

const rows = (userId: number) => app.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
const store = (auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) => app.json('/address/store', request('POST', { ...auth, ...headers }, body));
const update = (auth: Record<string, string>, id: number, body: unknown) => app.json(`/address/${id}/update`, request('POST', auth, body));

describe('country, state and city (docs/product.md §7.4)', () => {
  it('are stored and answered beside the original fields; the country as GET /countries spells it, text trimmed', async () => {
    const { id: userId, auth } = await newShopper(app.db);
    const stored = await store(auth, { ...original, country: ' saudi ARABIA ', state: '  Riyadh Province ', city: 'Riyadh  ' });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.data.address).toMatchObject({ ...original, ...riyadh, is_default: true });
    const [row] = await rows(userId);
    expect(row).toMatchObject({ country: 'Saudi Arabia', state: 'Riyadh Province', city: 'Riyadh' });

    const listed = await app.json('/addresses', request('GET', auth));
    expect(listed.body.data.addresses).toEqual([stored.body.data.address]);

    // Other fields change alone; the region changes as a whole.
    const renamed = await update(auth, row!.id, { name: 'Noura S.' });
    expect(renamed.body.data.address).toMatchObject({ name: 'Noura S.', ...riyadh });
    const moved = await update(auth, row!.id, { country: 'United Arab Emirates', state: 'Dubai', city: 'Dubai' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.address).toMatchObject({ name: 'Noura S.', country: 'United Arab Emirates', state: 'Dubai', city: 'Dubai' });
    // The whole object sent back as it was read changes nothing.
    const echoed = await update(auth, row!.id, moved.body.data.address);
    expect(echoed.body.data.address).toEqual(moved.body.data.address);
  });

  it("the original client's calls, which send none of the three, still work; the address has no region until given one", async () => {
    const { id: userId, auth } = await newShopper(app.db);
    const stored = await store(auth, original);
    expect(stored.status).toBe(201);
    expect(stored.body.data.address).toMatchObject({ country: null, state: null, city: null });
    // Its whole object sent back, nulls and all: taken, nothing changes.
    const echoed = await update(auth, stored.body.data.address.id, { ...stored.body.data.address, name: 'Echo' });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body.data.address).toMatchObject({ name: 'Echo', country: null, state: null, city: null });
    const completed = await update(auth, stored.body.data.address.id, riyadh);
    expect(completed.body.data.address).toMatchObject(riyadh);
    expect((await rows(userId))[0]).toMatchObject(riyadh);
  });

  it('a form post (urlencoded) with the three filled in', async () => {
    const { auth } = await newShopper(app.db);
    const form = new URLSearchParams({ ...original, ...riyadh, flat_no: '', address_line2: '', latitude: '', longitude: '' });
    const answer = await app.json('/address/store', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(answer.status).toBe(201);
    expect(answer.body.data.address).toMatchObject({ ...riyadh, flat_no: null });
  });
});

describe('a bad region is a 422 with the field’s message and writes nothing', () => {
  it('refuses half a region, blanks, unknown or inactive countries, wrong types, long or multi-line text', async () => {
    const { id: userId, auth } = await newShopper(app.db);
    const existing = (await store(auth, { ...original, ...riyadh })).body.data.address as { id: number };
    const before = await rows(userId);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ city: 'Riyadh' }, { country: 'The country field is required.', state: 'The state field is required.' }],
      [{ country: 'Saudi Arabia', state: 'Riyadh Province' }, { city: 'The city field is required.' }],
      [{ ...riyadh, city: '   ' }, { city: 'The city field is required.' }],
      [
        { country: '', state: '', city: '' },
        { country: 'The country field is required.', state: 'The state field is required.', city: 'The city field is required.' },
      ],
      [{ ...riyadh, country: 'Narnia' }, { country: 'The selected country is invalid.' }],
      [{ ...riyadh, country: 'Atlantis' }, { country: 'The selected country is invalid.' }],
      [{ ...riyadh, country: 17 }, { country: 'The country field must be a string.' }],
      [{ ...riyadh, state: ['Riyadh'] }, { state: 'The state field must be a string.' }],
      [{ ...riyadh, city: 'x'.repeat(101) }, { city: 'The city field must not be greater than 100 characters.' }],
      [{ ...riyadh, city: 'Riyadh\nDROP TABLE' }, { city: 'The city field format is invalid.' }],
      [{ ...riyadh, state: 'nul\u0000byte' }, { state: 'The state field contains invalid characters.' }],
    ];
    for (const [region, errors] of cases) {
      const label = JSON.stringify(region).slice(0, 70);
      const stored = await store(auth, { ...original, ...region });
      expect(stored.status, label).toBe(422);
      for (const [field, message] of Object.entries(errors)) expect(stored.body.errors[field], label).toEqual([message]);
      const updated = await update(auth, existing.id, region);
      expect(updated.status, label).toBe(422);
      for (const [field, message] of Object.entries(errors)) expect(updated.body.errors[field], label).toEqual([message]);
    }
    expect(await rows(userId)).toEqual(before);
  });

  it("comes with every other field's error at once, in the shopper's language", async () => {
    const { id: userId, auth } = await newShopper(app.db);
    const answer = await store(auth, { city: 'Riyadh', country: 'Narnia' });
    expect(Object.keys(answer.body.errors).sort()).toEqual(['address_line', 'country', 'name', 'phone', 'state']);
    expect(answer.body.errors.country).toEqual(['The selected country is invalid.']);
    const arabic = await store(auth, { ...original, country: 'Saudi Arabia', state: '', city: '' }, { 'Accept-Language': 'ar' });
    expect(arabic.status).toBe(422);
    expect(arabic.body.errors.city[0]).toContain('المدينة');
    expect(arabic.body.errors.state[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await rows(userId)).toEqual([]);
  });

  it("another user's address is a 404, region or not, and keeps its own", async () => {
    const owner = await newShopper(app.db);
    const other = await newShopper(app.db);
    const mine = (await store(owner.auth, { ...original, ...riyadh })).body.data.address as { id: number };
    const before = await rows(owner.id);
    const answer = await update(other.auth, mine.id, { country: 'Egypt', state: 'Cairo', city: 'Cairo' });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Not found.');
    expect(await rows(owner.id)).toEqual(before);
  });
});

describe("an order's copy of its address", () => {
  it('keeps city, state and country after the address is edited, then deleted; the e-mails show them', async () => {
    const owner = await createUser(app.db);
    const shop = await createShop(app.db, { userId: owner.id, orderPrefix: 'RG' });
    const item = await createProduct(app.db, { shopId: shop.id, price: 1500, quantity: 10 });
    const who = await newShopper(app.db);
    const address = (await store(who.auth, { ...original, ...riyadh })).body.data.address as { id: number };
    await app.json('/cart/store', request('POST', who.auth, { product_id: item.id }));
    const placed = await app.json('/place-order', request('POST', who.auth, { shop_ids: [shop.id], address_id: address.id, payment_method: 'cash' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.orders[0].id as number;

    const details = async () => (await app.json(`/order-details?order_id=${orderId}`, request('GET', who.auth))).body.data.order.address;
    const sellerAuth = await bearerFor(app.db, owner.id);
    const sellerCopy = async () => (await app.json(`/seller/orders/details?order_id=${orderId}`, request('GET', sellerAuth))).body.data.order.user.address;
    expect(await details()).toMatchObject({ ...riyadh, address_line: original.address_line });
    expect(await sellerCopy()).toMatchObject(riyadh);

    expect((await update(who.auth, address.id, { country: 'Egypt', state: 'Cairo Governorate', city: 'Cairo', address_line: '1 Nile Street' })).status).toBe(200);
    expect(await details()).toMatchObject({ ...riyadh, address_line: original.address_line });
    expect((await app.json(`/address/${address.id}/delete`, request('DELETE', who.auth))).status).toBe(200);
    expect(await details()).toMatchObject(riyadh);
    expect(await sellerCopy()).toMatchObject(riyadh);
    const listed = (await app.json('/orders', request('GET', who.auth))).body.data.orders;
    expect(listed[0].address).toMatchObject(riyadh);

    // The shopper's confirmation and the shop's new-order e-mail say where it goes.
    const emailOf = async (id: number) => (await app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email!;
    const mails = async (to: string) => app.db.select().from(outbox).where(eq(outbox.recipient, to));
    for (const to of [await emailOf(who.id), await emailOf(owner.id)]) {
      await vi.waitFor(async () => expect(await mails(to)).toHaveLength(1));
      const [mail] = await mails(to);
      // Each line isolated, so that a street number keeps its place in an Arabic or Persian e-mail.
      const lines = ['12 King Fahd Road', 'Al Olaya', 'Riyadh, Riyadh Province 12211', 'Saudi Arabia'].map((line) => isolate(line));
      expect(mail!.body).toContain(['Shipping Address:', isolate('Noura Saleh'), isolate('+966 55 123 4567', 'code'), ...lines].join('\n'));
    }
  });
});
