import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createDelivery } from '../messaging/delivery';
import { parseEnv } from '../../env';
import { outbox, shopNotifications, shops } from '../../db/schema';
import { createCategory, createProduct, createShop, createUser, seedBase } from '@tests/fixtures';
import { cartOverShops, createTestApp, listProducts, newShopper, request, type TestApp } from '@tests/support/api';
import { reviewShop, ShopReviewError } from './shop-review';
import { isolate } from '@/lib/bidi';

/**
 * A shop's review (shop-review.ts): which moves are allowed, a repeated or concurrent
 * decision applied once, the owner told (a notification once, an e-mail in the shop's
 * language), and a suspended shop gone from everything shoppers see at once.
 */

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(seedBase);
});
afterAll(() => api.close());

const delivery = createDelivery(parseEnv({ APP_ENV: 'test' }));
const statusOf = async (id: number) =>
  (await api.db.select({ status: shops.status, reason: shops.statusReason, isActive: shops.isActive }).from(shops).where(eq(shops.id, id)))[0]!;
const noticesOf = (shopId: number) => api.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, shopId));
const mailTo = (email: string) => api.db.select().from(outbox).where(eq(outbox.recipient, email));

describe('the review moves', () => {
  it('approve, reject, suspend and resume move only from their own state', async () => {
    const pending = await createShop(api.db, { status: 'pending' });
    await expect(reviewShop(api.db, pending.id, 'suspend')).rejects.toThrow('only a active shop can be suspended');
    await expect(reviewShop(api.db, pending.id, 'resume')).rejects.toThrow(ShopReviewError);
    expect(await reviewShop(api.db, pending.id, 'approve')).toMatchObject({ from: 'pending', to: 'active', changed: true });
    expect(await statusOf(pending.id)).toEqual({ status: 'active', reason: null, isActive: true });
    await expect(reviewShop(api.db, pending.id, 'reject', { reason: 'late' })).rejects.toThrow('only a pending shop can be rejected');
    expect(await reviewShop(api.db, pending.id, 'suspend', { reason: 'Fake reviews' })).toMatchObject({ to: 'suspended', changed: true });
    expect(await statusOf(pending.id)).toEqual({ status: 'suspended', reason: 'Fake reviews', isActive: false });
    expect(await reviewShop(api.db, pending.id, 'resume')).toMatchObject({ to: 'active', changed: true });
    expect(await statusOf(pending.id)).toEqual({ status: 'active', reason: null, isActive: true });
  });

  it('a rejection needs a reason; an unknown shop is an error', async () => {
    const shop = await createShop(api.db, { status: 'pending' });
    await expect(reviewShop(api.db, shop.id, 'reject', { reason: '  ' })).rejects.toThrow('needs a reason');
    await expect(reviewShop(api.db, 999_999, 'approve')).rejects.toThrow('No shop has the id 999999.');
    expect((await statusOf(shop.id)).status).toBe('pending');
  });

  it('a repeated decision is answered, not applied again; two at once are applied once', async () => {
    const shop = await createShop(api.db, { status: 'pending' });
    const both = await Promise.all([reviewShop(api.db, shop.id, 'approve', { delivery }), reviewShop(api.db, shop.id, 'approve', { delivery })]);
    expect(both.map((outcome) => outcome.changed).sort()).toEqual([false, true]);
    expect(await reviewShop(api.db, shop.id, 'approve', { delivery })).toMatchObject({ changed: false, from: 'active', mailed: false });
    expect(await noticesOf(shop.id)).toHaveLength(1);
  });
});

describe('what the owner is told', () => {
  it('a notification once per decision, and an e-mail in the shop’s language with the reason', async () => {
    const owner = await createUser(api.db, { name: 'Layla' });
    const shop = await createShop(api.db, { userId: owner.id, status: 'pending', name: 'Dar Layla', locale: 'ar' });
    const outcome = await reviewShop(api.db, shop.id, 'reject', { reason: 'The logo is blurry', delivery });
    expect(outcome).toMatchObject({ changed: true, mailed: true });
    const [mail] = await mailTo(owner.email!);
    expect(mail!.subject).toBe(`لم تتم الموافقة على متجرك ${isolate('Dar Layla')}`);
    expect(mail!.body).toContain(`السبب: ${isolate('The logo is blurry')}`);
    expect(mail!.body).toContain('عدّل متجرك وأرسله مرة أخرى للمراجعة.');
    const [notice] = await noticesOf(shop.id);
    expect(notice).toMatchObject({
      type: 'shop_rejected',
      title: 'Your shop {{name}} was not approved',
      params: { name: 'Dar Layla', reason: 'The logo is blurry' },
      url: '/shop',
    });
    expect(notice!.eventKey).toMatch(new RegExp(`^shop:${shop.id}:rejected:\\d+$`));
  });

  it('each decision of a suspend and resume cycle is its own notification', async () => {
    const owner = await createUser(api.db);
    const shop = await createShop(api.db, { userId: owner.id, status: 'active', locale: 'en' });
    let now = Date.parse('2026-11-20T10:00:00Z');
    for (const decision of ['suspend', 'resume', 'suspend', 'resume'] as const) {
      await reviewShop(api.db, shop.id, decision, { delivery, now: new Date((now += 60_000)) });
    }
    expect((await noticesOf(shop.id)).map((notice) => notice.type)).toEqual(['shop_suspended', 'shop_resumed', 'shop_suspended', 'shop_resumed']);
    const mails = await mailTo(owner.email!);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your shop ${isolate(shop.name)} has been suspended`,
      `Your shop ${isolate(shop.name)} is open again`,
      `Your shop ${isolate(shop.name)} has been suspended`,
      `Your shop ${isolate(shop.name)} is open again`,
    ]);
  });
});

describe('a suspended shop leaves the storefront at once', () => {
  it('its product is a 404, out of search, the sitemap and checkout; resumed, it is back', async () => {
    const shopper = await newShopper(api.db);
    const {
      shops: [shop],
      products: [product],
    } = await cartOverShops(api.db, api.json, shopper.auth, { prices: [1234] });
    const category = await createCategory(api.db);
    const other = await createProduct(api.db, { shopId: shop!.id, categoryId: category.id, name: 'Suspended Teapot Zeta' });
    const seen = async () => ({
      details: (await api.json(`/product-details?product_id=${product!.id}`)).status,
      search: (await listProducts(api, `search=${encodeURIComponent('Suspended Teapot Zeta')}`)).products.map((item: { id: number }) => item.id),
      sitemap: JSON.stringify((await api.json('/sitemap/products')).body.data).includes(`"id":${other.id},`),
      checkout: (await api.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [shop!.id] }))).body.data.checkout_items.length,
    });
    // Warm every cache a listing may keep.
    expect(await seen()).toEqual({ details: 200, search: [other.id], sitemap: true, checkout: 1 });
    await reviewShop(api.db, shop!.id, 'suspend', { reason: 'Unsafe products' });
    expect(await seen()).toEqual({ details: 404, search: [], sitemap: false, checkout: 0 });
    await reviewShop(api.db, shop!.id, 'resume');
    expect(await seen()).toEqual({ details: 200, search: [other.id], sitemap: true, checkout: 1 });
    expect(
      await api.db
        .select()
        .from(shops)
        .where(and(eq(shops.id, shop!.id), eq(shops.isActive, true))),
    ).toHaveLength(1);
  });
});
