import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, newSeller, newShopper } from '@tests/support/api';
import { NO_SHOP, SHOP_NOT_ACTIVE } from './access';

/**
 * Who may call the seller API (docs/decisions/017-sellers.md, "Who may do what"), for every
 * route under /api/seller, read from the app itself so a new route is covered the day it is
 * mounted: a shopper (signed in, no shop) is refused with 403, and so is the owner of a shop
 * that is not active, except on the routes listed below. Guests get 401 on all of them but
 * the public ones (contract/auth-required.test.ts).
 */
const api = await createTestApp();
afterAll(() => api.close());

/**
 * Before there is a seller: signing in and up, registering a shop, the codes of a password
 * (signed in, they verify the user's own e-mail, as the shopper's do), the availability
 * checks, signing out.
 */
const WITHOUT_SHOP = new Set([
  'POST /seller/login',
  'POST /seller/shop',
  'POST /seller/registration',
  'POST /seller/send-otp',
  'POST /seller/verify-otp',
  'POST /seller/forgot-password',
  'GET /seller/check-user-status',
  'POST /seller/check-email-phone',
  'GET /seller/logout',
  'POST /seller/logout',
]);
/** What the owner of a shop under review, rejected or suspended still needs: the shop's state, its messages, the own account. */
const WHILE_NOT_ACTIVE = (route: string) =>
  ['GET /seller/details', 'POST /seller/user-update', 'POST /seller/change-password'].includes(route) || route.includes('/seller/notifications');

const ROUTES = [
  ...new Set(
    api.app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/seller/')).map((route) => `${route.method} ${route.path.replace(/^\/api/, '')}`),
  ),
].sort();

function call(route: string, auth: Record<string, string>) {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(/:[^/]+/g, '1');
  return api.call(path, method === 'GET' ? { headers: auth } : { method, headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
}

describe('the seller API', () => {
  it('is mounted', () => {
    expect(ROUTES.length).toBeGreaterThan(0);
  });

  it.each(ROUTES.filter((route) => !WITHOUT_SHOP.has(route)))('%s is refused to a shopper without a shop (403)', async (route) => {
    const shopper = await newShopper(api.db);
    const response = await call(route, shopper.auth);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe(NO_SHOP);
  });

  it.each(ROUTES.filter((route) => !WITHOUT_SHOP.has(route) && !WHILE_NOT_ACTIVE(route)))('%s is refused to the owner of a shop under review or suspended (403)', async (route) => {
    for (const status of ['pending', 'suspended', 'rejected'] as const) {
      const owner = await newSeller(api.db, status);
      const response = await call(route, owner.auth);
      expect(response.status, status).toBe(403);
      expect((await response.json()).message).toBe(SHOP_NOT_ACTIVE);
    }
  });
});

describe("another shop's record", () => {
  it('is a 404 before its body is read: an invalid body for it is no 422', async () => {
    const { createBanner, createProduct, createVoucher } = await import('@tests/fixtures');
    const owner = await newSeller(api.db);
    const other = await newSeller(api.db);
    const product = await createProduct(api.db, { shopId: owner.shopId });
    const voucher = await createVoucher(api.db, { shopId: owner.shopId });
    const banner = await createBanner(api.db, { shopId: owner.shopId });
    for (const path of [`/seller/product/${product.id}/update`, `/seller/vouchers/${voucher.id}`, '/seller/banners/update']) {
      const answer = await api.call(path, {
        method: 'POST',
        headers: { ...other.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: banner.id, price: -1, discount_type: 'nonsense', is_active: 'nonsense' }),
      });
      expect(answer.status, path).toBe(404);
    }
  });
});
