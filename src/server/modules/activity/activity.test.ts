import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { products, recentlyViewed, shops, users } from '../../db/schema';
import { createCategory, createProduct, createShop, seedBase, type Product } from '@tests/fixtures';
import { createTestApp, newShopper, type TestApp } from '@tests/support/api';
import { flushRecentViews, RECENTLY_VIEWED_LIMIT } from './service';
import { invalidateShops } from '../../cache';
import pino from 'pino';
import { startViewCounting } from '../catalog/view-counts';

let app: TestApp;
let catalogue: Product[];
beforeAll(async () => {
  app = await createTestApp(async (db) => {
    await seedBase(db);
    const shop = await createShop(db);
    const category = await createCategory(db);
    catalogue = [];
    for (let n = 0; n < RECENTLY_VIEWED_LIMIT + 5; n++) catalogue.push(await createProduct(db, { shopId: shop.id, categoryId: category.id, name: `Viewed Product ${n}` }));
  });
});
afterAll(() => app.close());

const newUser = () => newShopper(app.db);

const view = (productId: number, auth: Record<string, string> = {}) => app.json(`/product-details?product_id=${productId}`, { headers: auth });
const recent = (auth: Record<string, string>) => app.json('/recently-views', { headers: auth });
const recentIds = async (auth: Record<string, string>) => ((await recent(auth)).body.data.products as { id: number }[]).map((product) => product.id);
/** The stored rows, once the views this process noted are written (service.ts flushRecentViews). */
const storedIds = async (userId: number) =>
  (await flushRecentViews(app.db), await app.db.select({ id: recentlyViewed.productId }).from(recentlyViewed).where(eq(recentlyViewed.userId, userId))).map((row) => row.id);

/** The card fields the original client reads from GET /recently-views (docs/product.md §7.6): the product card of contracts/catalog.ts. */
const CARD_FIELDS = ['id', 'name', 'thumbnail', 'price', 'discount_price', 'discount_percentage', 'rating', 'total_reviews', 'total_sold', 'quantity', 'is_favorite', 'shop'];

// Both routes need a signed-in user, 401 for a guest or a bad token: contract/auth-required.test.ts.
describe('GET /recently-views (docs/product.md §7.6)', () => {
  it('is empty for a new shopper, then lists viewed products as product cards, the latest first', async () => {
    const me = await newUser();
    expect((await recent(me.auth)).body).toEqual({ message: '', data: { products: [] } });
    const [a, b, c] = catalogue;
    for (const product of [a!, b!, c!]) expect((await view(product.id, me.auth)).status).toBe(200);
    const { status, body } = await recent(me.auth);
    expect(status).toBe(200);
    expect(body.data.products.map((p: { id: number }) => p.id)).toEqual([c!.id, b!.id, a!.id]);
    const card = body.data.products[0];
    for (const field of CARD_FIELDS) expect(card, field).toHaveProperty(field);
    // The same card as the catalogue answers for the product: one price rule.
    const details = (await view(c!.id, me.auth)).body.data.product;
    for (const field of ['price', 'discount_price', 'discount_percentage', 'rating', 'total_reviews', 'quantity', 'is_favorite'])
      expect(card[field], field).toEqual(details[field]);
    expect(card.shop.id).toBe(details.shop.id);
  });

  it("writes nothing on the page's path: the noted views are written in one batch, the latest first", async () => {
    const me = await newUser();
    const [a, b] = catalogue;
    await view(a!.id, me.auth);
    await view(b!.id, me.auth);
    await view(a!.id, me.auth);
    expect(await app.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, me.id))).toEqual([]);
    await flushRecentViews(app.db);
    expect((await app.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, me.id))).map((row) => row.productId).sort()).toEqual([a!.id, b!.id].sort());
    expect(await recentIds(me.auth)).toEqual([a!.id, b!.id]);
  });

  it('writes the views still kept when view counting stops (the server asked to stop)', async () => {
    const me = await newUser();
    const stop = startViewCounting(app.db, pino({ level: 'silent' }));
    await view(catalogue[2]!.id, me.auth);
    await stop();
    expect(await app.db.select({ id: recentlyViewed.productId }).from(recentlyViewed).where(eq(recentlyViewed.userId, me.id))).toEqual([{ id: catalogue[2]!.id }]);
  });

  it('moves a product viewed again to the front without listing it twice', async () => {
    const me = await newUser();
    const [a, b, c] = catalogue;
    for (const product of [a!, b!, c!, a!]) await view(product.id, me.auth);
    expect(await recentIds(me.auth)).toEqual([a!.id, c!.id, b!.id]);
    expect((await storedIds(me.id)).sort()).toEqual([a!.id, b!.id, c!.id].sort());
  });

  it(`keeps only the latest ${RECENTLY_VIEWED_LIMIT} per shopper`, async () => {
    const me = await newUser();
    for (const product of catalogue) await view(product.id, me.auth);
    const expected = catalogue
      .slice(-RECENTLY_VIEWED_LIMIT)
      .map((p) => p.id)
      .reverse();
    expect(await recentIds(me.auth)).toEqual(expected);
    expect(await storedIds(me.id)).toHaveLength(RECENTLY_VIEWED_LIMIT);
    // Viewing the oldest dropped one brings it back in front and drops the next oldest.
    await view(catalogue[0]!.id, me.auth);
    expect(await recentIds(me.auth)).toEqual([catalogue[0]!.id, ...expected.slice(0, -1)]);
    expect(await storedIds(me.id)).toHaveLength(RECENTLY_VIEWED_LIMIT);
  });

  it('keeps the cap when many views arrive at once', async () => {
    const me = await newUser();
    const statuses = await Promise.all(catalogue.map(async (product) => (await view(product.id, me.auth)).status));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await storedIds(me.id)).toHaveLength(RECENTLY_VIEWED_LIMIT);
  });

  it("never shows one shopper's views to another, and records nothing for guests", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [a, b] = catalogue;
    await view(a!.id, alice.auth);
    await view(b!.id, bob.auth);
    expect(await recentIds(alice.auth)).toEqual([a!.id]);
    expect(await recentIds(bob.auth)).toEqual([b!.id]);
    const stored = async () => (await flushRecentViews(app.db), await app.db.select().from(recentlyViewed)).length;
    const before = await stored();
    expect((await view(a!.id)).status).toBe(200);
    expect(await stored()).toBe(before);
  });

  it('records nothing for a product that is missing or bad input, and leaves out products no longer public', async () => {
    const me = await newUser();
    expect((await view(999_999, me.auth)).status).toBe(404);
    expect((await view(Number.NaN, me.auth)).status).toBe(422);
    expect(await storedIds(me.id)).toEqual([]);

    const shop = await createShop(app.db);
    const hidden = await createProduct(app.db, { shopId: shop.id, categoryId: catalogue[0]!.categoryId });
    const visible = catalogue[1]!;
    await view(hidden.id, me.auth);
    await view(visible.id, me.auth);
    expect(await recentIds(me.auth)).toEqual([visible.id, hidden.id]);
    await app.db.update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
    expect(await recentIds(me.auth)).toEqual([visible.id]);
    await app.db.update(products).set({ isActive: true }).where(eq(products.id, hidden.id));
    await app.db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, shop.id));
    // As the operator's suspension does (seller/shop-review.ts): cached product details go.
    await invalidateShops(app.db);
    expect(await recentIds(me.auth)).toEqual([visible.id]);
    // Viewing a product of a shop under review is a 404 and moves nothing.
    const viewedAt = async () =>
      (await flushRecentViews(app.db),
      await app.db
        .select()
        .from(recentlyViewed)
        .where(and(eq(recentlyViewed.userId, me.id), eq(recentlyViewed.productId, hidden.id))))[0]!.viewedAt;
    const before = await viewedAt();
    expect((await view(hidden.id, me.auth)).status).toBe(404);
    expect(await viewedAt()).toEqual(before);
    // Public again, it is back where its last view puts it.
    await app.db.update(shops).set({ status: 'active' }).where(eq(shops.id, shop.id));
    expect(await recentIds(me.auth)).toEqual([visible.id, hidden.id]);
  });
});

describe('POST /update-last-seen (docs/product.md §7.6: 204)', () => {
  const lastSeen = async (id: number) => (await app.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]!.at;

  it('answers 204 without a body and sets only the caller’s last_seen_at', async () => {
    const me = await newUser();
    const other = await newUser();
    expect(await lastSeen(me.id)).toBeNull();
    const before = Date.now();
    const response = await app.call('/update-last-seen', { method: 'POST', headers: me.auth });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const seen = await lastSeen(me.id);
    expect(seen).toBeInstanceOf(Date);
    expect(seen!.getTime()).toBeGreaterThan(before - 60_000);
    expect(await lastSeen(other.id)).toBeNull();
  });

  it('writes again once the last time is over a minute old', async () => {
    const me = await newUser();
    const old = new Date(Date.now() - 10 * 60_000);
    await app.db.update(users).set({ lastSeenAt: old }).where(eq(users.id, me.id));
    expect((await app.call('/update-last-seen', { method: 'POST', headers: me.auth })).status).toBe(204);
    expect((await lastSeen(me.id))!.getTime()).toBeGreaterThan(old.getTime() + 5 * 60_000);
  });

  it('refuses other methods with 405', async () => {
    const me = await newUser();
    expect((await app.call('/update-last-seen', { headers: me.auth })).status).toBe(405);
  });
});
