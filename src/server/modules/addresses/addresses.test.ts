import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addresses } from '../../db/schema';
import { seedBase } from '@tests/fixtures';
import { createTestApp, newShopper, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp((db) => seedBase(db));
});
afterAll(() => app.close());

const newUser = () => newShopper(app.db);

const json = (method: string, auth: Record<string, string>, body?: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { ...auth, 'Content-Type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

const home = (extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  phone: '+1 202 555 0100',
  area: 'Soho',
  flat_no: '4B',
  address_type: 'home',
  address_line: '12 Example Street',
  address_line2: 'Second floor',
  post_code: 'W1D 3QF',
  country: 'United Kingdom',
  state: 'England',
  city: 'London',
  latitude: '51.5136',
  longitude: -0.1365,
  ...extra,
});

async function rows(userId: number) {
  return app.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
}

async function store(auth: Record<string, string>, extra: Record<string, unknown> = {}) {
  const answer = await app.json('/address/store', json('POST', auth, home(extra)));
  expect(answer.status).toBe(201);
  return answer.body.data.address as { id: number; is_default: boolean };
}

const defaults = async (userId: number) => (await rows(userId)).filter((row) => row.isDefault).map((row) => row.id);

// Every address route needs a signed-in user: contract/auth-required.test.ts.
describe('address CRUD (docs/product.md §3.5, §7.4)', () => {
  it('stores, lists, updates and deletes, answering the Address shape', async () => {
    const { id: userId, auth } = await newUser();
    expect((await app.json('/addresses', json('GET', auth))).body.data.addresses).toEqual([]);

    const stored = await app.json('/address/store', json('POST', auth, home()));
    expect(stored.status).toBe(201);
    expect(stored.body.message).toBe('Address added successfully');
    expect(stored.body.data.address).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      phone: '+1 202 555 0100',
      area: 'Soho',
      flat_no: '4B',
      address_type: 'home',
      address_line: '12 Example Street',
      address_line2: 'Second floor',
      post_code: 'W1D 3QF',
      country: 'United Kingdom',
      state: 'England',
      city: 'London',
      is_default: true,
      latitude: '51.5136',
      longitude: '-0.1365',
    });
    const id = stored.body.data.address.id as number;

    // The original client leaves address_line2 out of its update: it is kept; a blank field clears.
    const updated = await app.json(`/address/${id}/update`, json('POST', auth, { name: 'Ada King', address_type: 'office', area: '' }));
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Address updated successfully');
    expect(updated.body.data.address).toMatchObject({ id, name: 'Ada King', address_type: 'office', area: null, address_line2: 'Second floor', is_default: true });

    const listed = await app.json('/addresses', json('GET', auth));
    expect(listed.body.data.addresses).toEqual([updated.body.data.address]);

    const deleted = await app.json(`/address/${id}/delete`, json('DELETE', auth));
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Address deleted successfully');
    expect(await rows(userId)).toEqual([]);
    expect((await app.json(`/address/${id}/delete`, json('DELETE', auth))).status).toBe(404);
  });

  it('takes a form post without JavaScript (urlencoded, a checkbox for is_default)', async () => {
    const { id: userId, auth } = await newUser();
    await store(auth);
    const form = new URLSearchParams({ name: 'Form', phone: '0123456789', address_type: 'other', address_line: 'Form Road 1', area: '', is_default: 'on' });
    const answer = await app.json('/address/store', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(answer.status).toBe(201);
    expect(answer.body.data.address).toMatchObject({ name: 'Form', area: null, is_default: true });
    expect(await defaults(userId)).toEqual([answer.body.data.address.id]);
    const removed = await app.json(`/address/${answer.body.data.address.id}/delete`, { method: 'POST', headers: auth });
    expect(removed.status).toBe(200);
  });
});

describe('exactly one default address (docs/product.md §4.6)', () => {
  it('the first address is the default whatever it says; a later one only when asked', async () => {
    const { id: userId, auth } = await newUser();
    const first = await store(auth, { is_default: false });
    expect(first.is_default).toBe(true);
    const second = await store(auth);
    expect(second.is_default).toBe(false);
    const third = await store(auth, { is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaults(userId)).toEqual([third.id]);
    // The default comes first in the list.
    expect((await app.json('/addresses', json('GET', auth))).body.data.addresses.map((a: { id: number }) => a.id)).toEqual([third.id, first.id, second.id]);
  });

  it('making another the default unsets the old one; unsetting the default is ignored', async () => {
    const { id: userId, auth } = await newUser();
    const first = await store(auth);
    const second = await store(auth);
    expect((await app.json(`/address/${second.id}/update`, json('POST', auth, { is_default: 1 }))).body.data.address.is_default).toBe(true);
    expect(await defaults(userId)).toEqual([second.id]);
    const unset = await app.json(`/address/${second.id}/update`, json('POST', auth, { is_default: false }));
    expect(unset.status).toBe(200);
    expect(await defaults(userId)).toEqual([second.id]);
    expect(first.is_default).toBe(true);
  });

  it('deleting the default makes the oldest remaining address the default', async () => {
    const { id: userId, auth } = await newUser();
    const first = await store(auth);
    const second = await store(auth);
    const third = await store(auth);
    expect((await app.json(`/address/${first.id}/delete`, json('DELETE', auth))).status).toBe(200);
    expect(await defaults(userId)).toEqual([second.id]);
    expect((await app.json(`/address/${third.id}/delete`, json('DELETE', auth))).status).toBe(200);
    expect(await defaults(userId)).toEqual([second.id]);
    expect((await app.json(`/address/${second.id}/delete`, json('DELETE', auth))).status).toBe(200);
    expect(await rows(userId)).toEqual([]);
  });

  it('20 parallel "make default" requests leave exactly one default', async () => {
    const { id: userId, auth } = await newUser();
    const created: Array<{ id: number }> = [];
    for (let i = 0; i < 5; i += 1) created.push(await store(auth));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => app.json(`/address/${created[i % 5]!.id}/update`, json('POST', auth, { is_default: true }))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await defaults(userId)).toHaveLength(1);
  });

  it('parallel first addresses and parallel deletes keep one default', async () => {
    const { id: userId, auth } = await newUser();
    const stored = await Promise.all(Array.from({ length: 8 }, () => app.json('/address/store', json('POST', auth, home()))));
    expect(stored.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(await defaults(userId)).toHaveLength(1);
    const ids = (await rows(userId)).map((row) => row.id);
    await Promise.all(ids.slice(0, 6).map((id) => app.json(`/address/${id}/delete`, json('DELETE', auth))));
    expect(await rows(userId)).toHaveLength(2);
    expect(await defaults(userId)).toHaveLength(1);
  });
});

describe("another user's addresses", () => {
  it('are a 404 on every route, and nothing changes', async () => {
    const owner = await newUser();
    const other = await newUser();
    const mine = await store(owner.auth);
    const before = await rows(owner.id);
    for (const init of [
      [`/address/${mine.id}/update`, json('POST', other.auth, { name: 'Taken over', is_default: true })],
      [`/address/${mine.id}/update`, json('POST', other.auth, {})],
      [`/address/${mine.id}/delete`, json('DELETE', other.auth)],
      [`/address/${mine.id}/delete`, json('POST', other.auth)],
    ] as const) {
      const { status, body } = await app.json(init[0], init[1]);
      expect(status, `${init[1].method} ${init[0]}`).toBe(404);
      expect(body.message).toBe('Not found.');
    }
    expect((await app.json('/addresses', json('GET', other.auth))).body.data.addresses).toEqual([]);
    expect(await rows(owner.id)).toEqual(before);
    expect(await rows(other.id)).toEqual([]);
  });

  it('ids that are no address at all are a 404 too', async () => {
    const { auth } = await newUser();
    for (const id of ['0', '999999999', 'abc', '1e3', '-1', '%00', '1%0A', '9'.repeat(40)]) {
      expect((await app.json(`/address/${id}/update`, json('POST', auth, { name: 'X' }))).status, id).toBe(404);
      expect((await app.json(`/address/${id}/delete`, json('DELETE', auth))).status, id).toBe(404);
    }
  });
});

describe('hostile input is a 4xx and writes nothing (docs/product.md §7.1)', () => {
  it('refuses missing fields with the translated messages of the spec', async () => {
    const { id: userId, auth } = await newUser();
    const empty = await app.json('/address/store', json('POST', auth, {}));
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['address_line', 'name', 'phone']);
    expect(empty.body.errors.name).toEqual(['The name field is required.']);
    const arabic = await app.json('/address/store', json('POST', auth, {}, { 'Accept-Language': 'ar' }));
    expect(arabic.body.errors.name[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await rows(userId)).toEqual([]);
  });

  it('refuses wrong types, huge strings, NUL bytes, unknown fields, bad enums and coordinates', async () => {
    const { id: userId, auth } = await newUser();
    const existing = await store(auth);
    const before = await rows(userId);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 42 }, 'name'],
      [{ name: ['a'] }, 'name'],
      [{ phone: { $gt: '' } }, 'phone'],
      [{ phone: 'call me' }, 'phone'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ address_line: 'y'.repeat(100_000) }, 'address_line'],
      [{ area: 'nul\u0000byte' }, 'area'],
      [{ address_type: 'castle' }, 'address_type'],
      [{ is_default: 'maybe' }, 'is_default'],
      [{ latitude: '91' }, 'latitude'],
      [{ longitude: 'east' }, 'longitude'],
      [{ user_id: 1 }, 'request'],
      [{ is_admin: true }, 'request'],
      [{ created_at: '2026-01-01T00:00:00.000Z' }, 'request'],
    ];
    for (const [change, field] of bad) {
      const stored = await app.json('/address/store', json('POST', auth, home(change)));
      expect(stored.status, JSON.stringify(change).slice(0, 60)).toBe(422);
      expect(stored.body.errors, JSON.stringify(change).slice(0, 60)).toHaveProperty(field);
      const updated = await app.json(`/address/${existing.id}/update`, json('POST', auth, change));
      expect(updated.status, JSON.stringify(change).slice(0, 60)).toBe(422);
    }
    const unknown = await app.json('/address/store', json('POST', auth, home({ extra: 1 })));
    expect(unknown.body.message).toBe('The request contains unknown fields.');
    // A new address has no id to give.
    expect((await app.json('/address/store', json('POST', auth, home({ id: 1 })))).body.errors).toHaveProperty('request');

    expect((await app.json('/address/store', json('POST', auth, '{"name": '))).status).toBe(400);
    expect((await app.json('/address/store', json('POST', auth, '[1,2]'))).status).toBe(422);
    expect((await app.json('/address/store', json('POST', auth, 'null'))).status).toBe(422);
    expect((await app.json('/address/store', json('POST', auth, JSON.stringify(home({ address_line2: 'z'.repeat(1_100_000) }))))).status).toBe(413);
    expect((await app.json('/address/store', { method: 'POST', headers: { ...auth, 'Content-Type': 'text/plain' }, body: 'name=x' })).status).toBe(415);
    expect(await rows(userId)).toEqual(before);
  });

  it('updates from the whole object GET /addresses answered, ignoring its read-only id, still refusing unknown keys', async () => {
    const { id: userId, auth } = await newUser();
    await store(auth);
    const { body } = await app.json('/addresses', json('GET', auth));
    const read = body.data.addresses[0];
    expect(Object.keys(read)).toContain('id');
    const edited = await app.json(`/address/${read.id}/update`, json('POST', auth, { ...read, name: 'Grace Hopper', area: '' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.address).toEqual({ ...read, name: 'Grace Hopper', area: null });
    const [row] = await rows(userId);
    expect(row).toMatchObject({ id: read.id, name: 'Grace Hopper', area: null, latitude: read.latitude, longitude: read.longitude });

    const extra = await app.json(`/address/${read.id}/update`, json('POST', auth, { ...read, created_at: '2026-01-01', shop_id: 3 }));
    expect(extra.status).toBe(422);
    expect(extra.body.message).toBe('The request contains unknown fields.');
  });
});
