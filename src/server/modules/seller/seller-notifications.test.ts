import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shopNotifications } from '../../db/schema';
import { createProduct, createReview, createShop, createUser, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import { notifyNewReview, notifyShop } from './notifications';
import { isolate } from '@/lib/bidi';

/** The seller's notification routes (notification-routes.ts) and the events that write them (notifications.ts). */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(seedBase); // the languages and their messages
});
afterAll(() => app.close());

async function seller(overrides: Parameters<typeof createShop>[1] = {}) {
  const shop = await createShop(app.db, overrides);
  return { shop, auth: await bearerFor(app.db, shop.userId) };
}

const HOUR = 3600_000;
let serial = 0;
const notice = (shopId: number, hoursAgo: number, extra: Partial<Parameters<typeof notifyShop>[1]> = {}) =>
  notifyShop(
    app.db,
    {
      shopId,
      type: 'new_order',
      eventKey: `test:${(serial += 1)}`,
      title: 'New review',
      message: '{{name}} rated {{product}} {{rating}}/5',
      params: { name: 'Ann', product: 'Lamp', rating: '4' },
      url: '/shop/orders/1',
      ...extra,
    },
    new Date(Date.now() - hoursAgo * HOUR),
  );

const rowsOf = (shopId: number) => app.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, shopId));

describe('who may call the seller notification routes', () => {
  it('a guest is 401, a shopper 403; the owner of a shop not active may read them', async () => {
    const shopper = await newShopper(app.db);
    for (const [path, method] of [
      ['/seller/notifications', 'GET'],
      ['/seller/notifications/read-all', 'POST'],
      ['/seller/notifications/1', 'POST'],
      ['/seller/notifications/1/delete', 'POST'],
      ['/seller/notifications/1', 'DELETE'],
    ] as const) {
      expect((await app.call(path, request(method, {}))).status, `${method} ${path}`).toBe(401);
      expect((await app.call(path, request(method, shopper.auth))).status, `${method} ${path}`).toBe(403);
    }
    const rejected = await seller({ status: 'rejected' });
    await notifyShop(app.db, { shopId: rejected.shop.id, type: 'shop_rejected', eventKey: 'shop:rejected:1', title: 'New review', message: 'New review' });
    const list = await app.json('/seller/notifications', request('GET', rejected.auth));
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, unread: 1 });
  });
});

describe('GET /seller/notifications', () => {
  it('lists unread first then newest, translated with their params into the request’s language', async () => {
    const { shop, auth } = await seller();
    const other = await seller();
    await notice(shop.id, 5);
    await notice(shop.id, 2);
    await notice(shop.id, 30);
    await notice(other.shop.id, 1);
    const [oldest] = (await rowsOf(shop.id)).filter((row) => row.createdAt.getTime() < Date.now() - 20 * HOUR);
    await app.db
      .update(shopNotifications)
      .set({ readAt: new Date() })
      .where(eq(shopNotifications.id, (await rowsOf(shop.id)).find((row) => row.createdAt.getTime() > Date.now() - 3 * HOUR)!.id));

    const { status, body } = await app.json('/seller/notifications', request('GET', auth));
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.unread).toBe(2);
    const list = body.data.notification as {
      id: number;
      is_read: boolean;
      created_at: string;
      title: string;
      message: string;
      created_at_iso: string;
      url: string;
      type: string;
    }[];
    expect(list.map((item) => [item.is_read, item.created_at])).toEqual([
      [false, '5 hours ago'],
      [false, 'yesterday'],
      [true, '2 hours ago'],
    ]);
    expect(list[1]!.id).toBe(oldest!.id);
    // Each value isolated in the owner's sentence (lib/bidi.ts isolateValues).
    expect(list[0]).toMatchObject({ type: 'new_order', title: 'New review', message: `${isolate('Ann')} rated ${isolate('Lamp')} ${isolate('4')}/5`, url: '/shop/orders/1' });
    expect(Date.parse(list[0]!.created_at_iso)).toBeGreaterThan(0);

    const arabic = await app.json('/seller/notifications', { headers: { ...auth, 'Accept-Language': 'ar' } });
    expect(arabic.body.data.notification[0].title).not.toBe('New review');
    expect(arabic.body.data.notification[0].message).toContain('Ann');
    expect(arabic.body.data.notification[0].created_at).not.toBe('5 hours ago');

    const unread = await app.json('/seller/notifications?is_read=0&per_page=1', request('GET', auth));
    expect(unread.body.data).toMatchObject({ total: 2, unread: 2 });
    expect(unread.body.data.notification).toHaveLength(1);
    expect((await app.json('/seller/notifications?is_read=1', request('GET', auth))).body.data.total).toBe(1);
    for (const query of ['?is_read=maybe', '?per_page=0', '?shop_id=2']) {
      expect((await app.call(`/seller/notifications${query}`, request('GET', auth))).status, query).toBe(422);
    }
  });
});

describe('marking read and deleting', () => {
  it("marks read and deletes only the shop's own; another shop's is a 404, nothing changed", async () => {
    const { shop, auth } = await seller();
    const other = await seller();
    await notice(shop.id, 1);
    await notice(shop.id, 2);
    await notice(other.shop.id, 1);
    const [mine] = await rowsOf(shop.id);
    const [theirs] = await rowsOf(other.shop.id);

    expect((await app.call(`/seller/notifications/${theirs!.id}`, request('POST', auth))).status).toBe(404);
    expect((await app.call(`/seller/notifications/${theirs!.id}`, request('DELETE', auth))).status).toBe(404);
    expect((await app.call(`/seller/notifications/${theirs!.id}/delete`, request('POST', auth))).status).toBe(404);
    expect((await app.call('/seller/notifications/abc', request('POST', auth))).status).toBe(422);
    await app.call('/seller/notifications/read-all', request('POST', auth));
    expect(await rowsOf(other.shop.id)).toEqual([theirs]);

    const reopen = await app.db.update(shopNotifications).set({ readAt: null }).where(eq(shopNotifications.shopId, shop.id)).returning();
    expect(reopen).toHaveLength(2);
    const read = await app.json(`/seller/notifications/${mine!.id}`, request('POST', auth));
    expect(read.status).toBe(200);
    expect(read.body.data.notification).toMatchObject({ id: mine!.id, is_read: true });
    expect((await app.json('/seller/notifications', request('GET', auth))).body.data.unread).toBe(1);
    const all = await app.json('/seller/notifications/read-all', request('POST', auth));
    expect(all.body.data).toMatchObject({ read: 1, unread: 0 });
    expect((await app.json('/seller/notifications', request('GET', auth))).body.data.unread).toBe(0);

    expect((await app.json(`/seller/notifications/${mine!.id}`, request('DELETE', auth))).status).toBe(200);
    expect((await app.call(`/seller/notifications/${mine!.id}`, request('DELETE', auth))).status).toBe(404);
    const [left] = await rowsOf(shop.id);
    expect((await app.json(`/seller/notifications/${left!.id}/delete`, request('POST', auth))).status).toBe(200);
    expect(await rowsOf(shop.id)).toEqual([]);
  });
});

describe('the new review notification', () => {
  it('is written once per review, naming the shopper, the product and the rating', async () => {
    const { shop, auth } = await seller();
    const product = await createProduct(app.db, { shopId: shop.id, name: 'Desk Lamp' });
    const reviewer = await createUser(app.db, { name: 'Maya' });
    const review = await createReview(app.db, { productId: product.id, userId: reviewer.id, rating: 4 });
    expect(await notifyNewReview(app.db, review.id)).toBe(true);
    expect(await notifyNewReview(app.db, review.id)).toBe(false);
    expect(await notifyNewReview(app.db, 99_999_999)).toBe(false);
    const { body } = await app.json('/seller/notifications', request('GET', auth));
    expect(body.data.total).toBe(1);
    expect(body.data.notification[0]).toMatchObject({
      type: 'new_review',
      title: 'New review',
      message: `${isolate('Maya')} rated ${isolate('Desk Lamp')} ${isolate('4')}/5`,
      url: `/shop/products/${product.id}/edit`,
      is_read: false,
    });
  });
});
