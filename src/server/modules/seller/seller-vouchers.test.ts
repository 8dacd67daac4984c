import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vouchers } from '../../db/schema';
import { createProduct, createShop, createVoucher } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, newShopperWithAddress, request, type TestApp } from '@tests/support/api';

/** The seller's voucher routes (voucher-routes.ts) and what shoppers then see and use of them. */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const HOUR = 3600_000;
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();

async function seller(overrides: Parameters<typeof createShop>[1] = {}) {
  const shop = await createShop(app.db, { deliveryCharge: 0, ...overrides });
  return { shop, auth: await bearerFor(app.db, shop.userId) };
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  code: `sv-${Math.random().toString(36).slice(2, 10)}`,
  discount_type: 'Percentage',
  discount: 10,
  min_order_amount: 20,
  max_discount_amount: 3,
  limit_for_user: 1,
  total_limit: '',
  started_at: iso(-1),
  expired_at: iso(24 * 30),
  ...overrides,
});

const rowsOf = (shopId: number) => app.db.select().from(vouchers).where(eq(vouchers.shopId, shopId));

describe('who may call the seller voucher routes', () => {
  it('a guest is 401, a shopper 403, the owner of a shop not active 403', async () => {
    const shopper = await newShopper(app.db);
    const pending = await seller({ status: 'pending' });
    for (const [path, method] of [
      ['/seller/vouchers', 'GET'],
      ['/seller/vouchers', 'POST'],
      ['/seller/vouchers/1', 'GET'],
      ['/seller/vouchers/1', 'POST'],
      ['/seller/vouchers/1/end', 'POST'],
    ] as const) {
      expect((await app.call(path, request(method, {}, method === 'POST' ? valid() : undefined))).status, `${method} ${path}`).toBe(401);
      expect((await app.call(path, request(method, shopper.auth, method === 'POST' ? valid() : undefined))).status, `${method} ${path}`).toBe(403);
      expect((await app.call(path, request(method, pending.auth, method === 'POST' ? valid() : undefined))).status, `${method} ${path}`).toBe(403);
    }
    expect(await rowsOf(pending.shop.id)).toEqual([]);
  });
});

describe('POST /seller/vouchers', () => {
  it('creates a voucher of the shop: code upper-cased, decimals in the answer, minor units stored', async () => {
    const { shop, auth } = await seller();
    const body = valid({ code: 'summer-10_a' });
    const { status, body: answer } = await app.json('/seller/vouchers', request('POST', auth, body));
    expect(status, JSON.stringify(answer)).toBe(201);
    expect(answer.data.voucher).toMatchObject({
      code: 'SUMMER-10_A',
      discount_type: 'Percentage',
      discount: 10,
      min_order_amount: 20,
      max_discount_amount: 3,
      limit_for_user: 1,
      total_limit: null,
      total_used: 0,
      is_active: true,
      state: 'active',
      expired_at_iso: body.expired_at,
    });
    const [row] = await rowsOf(shop.id);
    expect(row).toMatchObject({ code: 'SUMMER-10_A', discountPercent: '10.00', discountAmount: null, minOrderAmount: 2000, maxDiscountAmount: 300, totalLimit: null });
  });

  it('reads form posts (HTML datetime-local as UTC, blank optional fields)', async () => {
    const { shop, auth } = await seller();
    const form = new URLSearchParams({
      code: 'FORMPOST1',
      discount_type: 'Amount',
      discount: '5.50',
      min_order_amount: '',
      max_discount_amount: '',
      limit_for_user: '2',
      total_limit: '100',
      started_at: '2030-01-01T09:30',
      expired_at: '2030-02-01T00:00',
      is_active: '1',
    });
    const { status, body } = await app.json('/seller/vouchers', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.voucher).toMatchObject({
      discount: 5.5,
      min_order_amount: 0,
      max_discount_amount: null,
      total_limit: 100,
      state: 'scheduled',
      started_at_iso: '2030-01-01T09:30:00.000Z',
    });
    expect((await rowsOf(shop.id))[0]).toMatchObject({ discountAmount: 550, discountPercent: null });
  });

  it('refuses bad values field by field, writing nothing', async () => {
    const { shop, auth } = await seller();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'ab' }, 'code'],
      [{ code: 'x'.repeat(41) }, 'code'],
      [{ code: 'has space' }, 'code'],
      [{ code: 'ÜBER10' }, 'code'],
      [{ code: '' }, 'code'],
      [{ discount_type: 'Free' }, 'discount_type'],
      [{ discount: 0 }, 'discount'],
      [{ discount: 100.01 }, 'discount'],
      [{ discount: 10.123 }, 'discount'],
      [{ discount: '1e3' }, 'discount'],
      [{ discount: 'ten' }, 'discount'],
      [{ discount_type: 'Amount', discount: -5, max_discount_amount: '' }, 'discount'],
      [{ discount_type: 'Amount', discount: 5, max_discount_amount: 2 }, 'max_discount_amount'],
      [{ min_order_amount: -1 }, 'min_order_amount'],
      [{ max_discount_amount: 0 }, 'max_discount_amount'],
      [{ limit_for_user: 0 }, 'limit_for_user'],
      [{ limit_for_user: 1.5 }, 'limit_for_user'],
      [{ total_limit: 0 }, 'total_limit'],
      [{ started_at: 'tomorrow' }, 'started_at'],
      [{ started_at: '' }, 'started_at'],
      [{ expired_at: iso(-2) }, 'expired_at'],
      [{ code: 'NUL\u0000CODE' }, 'code'],
      [{ shop_id: 1 }, 'request'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await app.json('/seller/vouchers', request('POST', auth, valid(change)));
      expect(status, JSON.stringify(change)).toBe(422);
      expect(Object.keys(body.errors), JSON.stringify(change)).toContain(field);
    }
    expect((await app.call('/seller/vouchers', request('POST', auth, '{"code":'))).status).toBe(400);
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it('a code is unique across the marketplace: of concurrent creates of one code, one is written', async () => {
    const first = await seller();
    const second = await seller();
    const code = `RACE${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => app.json('/seller/vouchers', request('POST', (n % 2 ? first : second).auth, valid({ code: n % 3 ? code : code.toLowerCase() })))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.errors.code).toEqual(['This code is already taken.']);
    }
    expect(await app.db.select().from(vouchers).where(eq(vouchers.code, code))).toHaveLength(1);
  });
});

describe('GET /seller/vouchers', () => {
  it("lists the shop's own vouchers by state, paged", async () => {
    const { shop, auth } = await seller();
    const other = await seller();
    const now = Date.now();
    const running = await createVoucher(app.db, { shopId: shop.id });
    const coming = await createVoucher(app.db, { shopId: shop.id, startedAt: new Date(now + 24 * HOUR), expiredAt: new Date(now + 48 * HOUR) });
    const past = await createVoucher(app.db, { shopId: shop.id, startedAt: new Date(now - 48 * HOUR), expiredAt: new Date(now - HOUR) });
    const off = await createVoucher(app.db, { shopId: shop.id, isActive: false });
    const usedUp = await createVoucher(app.db, { shopId: shop.id, totalLimit: 1, totalUsed: 1 });
    await createVoucher(app.db, { shopId: other.shop.id });
    const ids = async (query: string) => {
      const { status, body } = await app.json(`/seller/vouchers${query}`, request('GET', auth));
      expect(status, JSON.stringify(body)).toBe(200);
      return { total: body.data.total as number, ids: (body.data.vouchers as { id: number }[]).map((voucher) => voucher.id).sort() };
    };
    expect(await ids('')).toEqual({ total: 5, ids: [running.id, coming.id, past.id, off.id, usedUp.id].sort() });
    expect(await ids('?status=active')).toEqual({ total: 1, ids: [running.id] });
    expect(await ids('?status=scheduled')).toEqual({ total: 1, ids: [coming.id] });
    expect(await ids('?status=expired')).toEqual({ total: 1, ids: [past.id] });
    expect(await ids('?status=ended')).toEqual({ total: 2, ids: [off.id, usedUp.id].sort() });
    expect(await ids('?status=')).toMatchObject({ total: 5 });
    expect((await ids('?per_page=2&page=3')).ids).toHaveLength(1);
    const list = await app.json('/seller/vouchers', request('GET', auth));
    expect(list.body.data.vouchers.map((voucher: { state: string }) => voucher.state).sort()).toEqual(['active', 'ended', 'ended', 'expired', 'scheduled']);
    for (const query of ['?status=live', '?page=0', '?per_page=101', '?shop_id=1']) {
      expect((await app.call(`/seller/vouchers${query}`, request('GET', auth))).status, query).toBe(422);
    }
  });
});

describe('POST /seller/vouchers/{id} and /end', () => {
  it("changes and ends only the shop's own vouchers: another shop's is a 404, nothing changed", async () => {
    const { auth } = await seller();
    const other = await seller();
    const theirs = await createVoucher(app.db, { shopId: other.shop.id });
    expect((await app.call(`/seller/vouchers/${theirs.id}`, request('GET', auth))).status).toBe(404);
    expect((await app.call(`/seller/vouchers/${theirs.id}`, request('POST', auth, { discount: 50 }))).status).toBe(404);
    expect((await app.call(`/seller/vouchers/${theirs.id}/end`, request('POST', auth))).status).toBe(404);
    expect((await app.call('/seller/vouchers/99999999', request('POST', auth, { discount: 50 }))).status).toBe(404);
    expect((await app.call('/seller/vouchers/abc', request('POST', auth, { discount: 50 }))).status).toBe(422);
    const [after] = await app.db.select().from(vouchers).where(eq(vouchers.id, theirs.id));
    expect(after).toEqual(theirs);
  });

  it('changes what is sent; an unused voucher may change anything, the dates stay in order', async () => {
    const { shop, auth } = await seller();
    const voucher = await createVoucher(app.db, { shopId: shop.id, maxDiscountAmount: 500 });
    const changed = await app.json(
      `/seller/vouchers/${voucher.id}`,
      request('POST', auth, { discount_type: 'Amount', discount: 7.25, code: 'newcode-' + voucher.id, total_limit: 5 }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.voucher).toMatchObject({ discount_type: 'Amount', discount: 7.25, max_discount_amount: null, code: `NEWCODE-${voucher.id}`, total_limit: 5 });
    const noDiscount = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, { discount_type: 'Percentage' }));
    expect(noDiscount.body.errors.discount).toBeDefined();
    const backwards = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, { expired_at: voucher.startedAt.toISOString() }));
    expect(Object.keys(backwards.body.errors)).toEqual(['expired_at']);
    const taken = await createVoucher(app.db, { shopId: shop.id });
    const clash = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, { code: taken.code }));
    expect(clash.status).toBe(422);
    expect(clash.body.errors.code).toEqual(['This code is already taken.']);
    expect((await app.json(`/seller/vouchers/${voucher.id}`, request('GET', auth))).body.data.voucher.code).toBe(`NEWCODE-${voucher.id}`);
  });

  it('once used, only dates, limits and on/off change; the total limit stays at or above the uses', async () => {
    const { shop, auth } = await seller();
    const voucher = await createVoucher(app.db, { shopId: shop.id, totalLimit: 10, totalUsed: 3 });
    for (const change of [{ discount: 20 }, { discount_type: 'Amount', discount: 5 }, { code: 'OTHER' + voucher.id }, { min_order_amount: 1 }]) {
      const { status, body } = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, change));
      expect(status, JSON.stringify(change)).toBe(422);
      expect(JSON.stringify(body.errors)).toContain('This cannot change once the voucher has been used.');
    }
    const lower = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, { total_limit: 2 }));
    expect(lower.body.errors.total_limit).toEqual(['The total limit field must be at least 3.']);
    const same = await app.json(
      `/seller/vouchers/${voucher.id}`,
      request('POST', auth, { code: voucher.code.toLowerCase(), discount: 10, total_limit: 3, limit_for_user: 2, expired_at: iso(24 * 90) }),
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.voucher).toMatchObject({ total_limit: 3, limit_for_user: 2, total_used: 3, state: 'ended' });
    const [row] = await app.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ discountPercent: '10.00', totalLimit: 3, limitForUser: 2 });
  });

  it('ends a voucher now: no longer offered or applied, and it can be switched on again', async () => {
    const { shop, auth } = await seller();
    const shopper = await newShopper(app.db);
    const voucher = await createVoucher(app.db, { shopId: shop.id });
    const ended = await app.json(`/seller/vouchers/${voucher.id}/end`, request('POST', auth));
    expect(ended.status).toBe(200);
    expect(ended.body.data.voucher).toMatchObject({ is_active: false, state: 'ended' });
    expect((await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', shopper.auth))).body.data.coupons).toEqual([]);
    const again = await app.json(`/seller/vouchers/${voucher.id}`, request('POST', auth, { is_active: true }));
    expect(again.body.data.voucher.state).toBe('active');
  });
});

describe("a seller's voucher at the shopper's checkout (docs/product.md §4.7, §5.4)", () => {
  const create = async (auth: Record<string, string>, body: Record<string, unknown>) => {
    const { status, body: answer } = await app.json('/seller/vouchers', request('POST', auth, valid(body)));
    expect(status, JSON.stringify(answer)).toBe(201);
    return answer.data.voucher as { id: number; code: string };
  };

  it('is offered in the cart drawer once started, and applies with its minimum spend, cap, uses per shopper and uses in all', async () => {
    const { shop, auth } = await seller();
    const product = await createProduct(app.db, { shopId: shop.id, price: 1500, quantity: 50 });
    const percent = await create(auth, { discount: 50, min_order_amount: 20, max_discount_amount: 4, limit_for_user: 1, total_limit: 2 });
    const scheduled = await create(auth, { started_at: iso(5), expired_at: iso(48) });
    const first = await newShopperWithAddress(app.db);

    const offered = await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', first.auth));
    expect(offered.body.data.coupons.map((coupon: { id: number }) => coupon.id)).toEqual([percent.id]);
    expect(offered.body.data.coupons[0]).toMatchObject({ code: percent.code, discount_type: 'Percentage', discount: 50, min_order_amount: 20, max_discount_amount: 4 });
    expect(scheduled.id).toBeGreaterThan(0);

    const apply = (who: { auth: Record<string, string> }) => app.json('/apply-voucher', request('POST', who.auth, { coupon_code: percent.code, shop_id: shop.id }));
    await app.json('/cart/store', request('POST', first.auth, { product_id: product.id }));
    expect((await apply(first)).body.errors.coupon_code).toEqual(['Spend at least $20.00 in this shop to use this voucher.']);
    await app.json('/cart/store', request('POST', first.auth, { product_id: product.id, quantity: 1 }));
    const applied = await apply(first);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.discount).toBe(4); // 50% of 30.00, capped at 4.00

    const place = (who: typeof first) => app.json('/place-order', request('POST', who.auth, { address_id: who.addressId, payment_method: 'cash', shop_ids: [shop.id] }));
    const placed = await place(first);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.orders[0].payable_amount).toBe(26);
    await app.json('/cart/store', request('POST', first.auth, { product_id: product.id, quantity: 2 }));
    expect((await apply(first)).body.errors.coupon_code).toEqual(['You have already used this voucher.']);

    const second = await newShopperWithAddress(app.db);
    await app.json('/cart/store', request('POST', second.auth, { product_id: product.id, quantity: 2 }));
    expect((await apply(second)).status).toBe(200);
    expect((await place(second)).status).toBe(201);

    // Two uses in all: the voucher is used up for everyone.
    const third = await newShopperWithAddress(app.db);
    await app.json('/cart/store', request('POST', third.auth, { product_id: product.id, quantity: 2 }));
    expect((await apply(third)).body.errors.coupon_code).toEqual(['This voucher has been used up.']);
    expect((await app.json(`/get-vouchers?shop_id=${shop.id}`, request('GET', third.auth))).body.data.coupons).toEqual([]);
    const mine = await app.json(`/seller/vouchers/${percent.id}`, request('GET', auth));
    expect(mine.body.data.voucher).toMatchObject({ total_used: 2, state: 'ended' });
  });
});
