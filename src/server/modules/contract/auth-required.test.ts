import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/support/api';

/**
 * Every route of the API needs a signed-in user (docs/product.md §6.2, §7.1: 401 with the
 * message "Unauthenticated.") unless it is on the public list below. The routes are read
 * from the Hono app itself, so a new route is covered the day it is mounted: it answers 401
 * to a guest, or it is added to PUBLIC on purpose.
 */

const api = await createTestApp();
afterAll(() => api.close());

/** The routes a guest may call, as "METHOD /path" below /api, exactly as registered. */
const PUBLIC = new Set([
  // Site settings, sign-in and sign-up, codes and password resets happen before there is a user.
  'GET /master',
  'POST /login',
  'POST /registration',
  'POST /send-otp',
  'POST /verify-otp',
  'POST /reset-password',
  'GET /lang/:locale',
  'GET /countries',
  'POST /auth/:provider/token',
  // The seller app's sign-in (modules/seller/account-routes.ts), and its sign-up, codes,
  // password reset and availability checks (modules/seller/app-account-routes.ts).
  'POST /seller/login',
  'POST /seller/registration',
  'POST /seller/send-otp',
  'POST /seller/verify-otp',
  'POST /seller/forgot-password',
  'GET /seller/check-user-status',
  'POST /seller/check-email-phone',
  'GET /social-auth/:provider',
  'GET /social-auth/callback',
  // The catalogue and content anyone can browse.
  'GET /home',
  'GET /banners',
  'GET /categories',
  'GET /sub-categories',
  'GET /category-products',
  'GET /products',
  'GET /product-details',
  'GET /reviews',
  'GET /shops',
  'GET /shops/:shop',
  'GET /flash-sales',
  'GET /flash-sale/:id/details',
  'GET /blogs',
  'GET /blog/:id/details',
  'GET /legal-pages/:slug',
  'GET /contact-us',
  'POST /support',
  'GET /sitemap',
  'GET /sitemap/:kind',
  // The developer's outbox (local and test only): not a user's, it opens with the operator's
  // key and is not found without it (modules/messaging/outbox-routes.ts).
  'GET /dev/outbox',
  // Not mounted here: POST of Stripe's webhook, present only with a Stripe provider, is public
  // and checked by its signature instead (modules/payments/stripe-routes.ts, stripe.test.ts).
]);

/**
 * Routes that must stay behind sign-in whatever else changes: the shopper's own cart,
 * vouchers, wishlist, orders, addresses, profile, wallet, activity, support tickets (and
 * their files) and live events, and the shop's answers to tickets. Moving one of these
 * to PUBLIC fails here.
 */
const SIGNED_IN = [
  'POST /user',
  'POST /shop',
  'GET /logout',
  'POST /logout',
  'GET /profile',
  'POST /update-profile',
  'POST /update-profile/verify',
  'POST /update-profile/resend',
  'POST /change-password',
  'GET /addresses',
  'POST /address/store',
  'POST /address/:id/update',
  'DELETE /address/:id/delete',
  'POST /address/:id/delete',
  'GET /carts',
  'POST /cart/store',
  'POST /cart/increment',
  'POST /cart/decrement',
  'POST /cart/delete',
  'POST /cart/checkout',
  'GET /get-vouchers',
  'GET /get-collected-vouchers',
  'POST /vouchers-collect',
  'POST /apply-voucher',
  'POST /remove-voucher',
  'GET /favorite-products',
  'GET /shopper-badges',
  'GET /page-viewer',
  'POST /favorite-add-or-remove',
  'POST /place-order',
  'POST /place-order/again',
  'POST /orders/to-cart',
  'GET /orders',
  'GET /order-details',
  'POST /orders/cancel',
  'GET /order-payment/:order/:gateway',
  'POST /product-review',
  'GET /recently-views',
  'POST /update-last-seen',
  'GET /wallet',
  'GET /dashboard',
  'GET /ticket-issue-types',
  'GET /support-tickets',
  'POST /support-ticket',
  'GET /support-ticket/show',
  'GET /support-ticket/attachment/:id',
  'GET /support-ticket-messages',
  'POST /support-ticket-message',
  'GET /live',
  'GET /seller/support-tickets',
  'GET /seller/support-ticket/show',
  'POST /seller/support-ticket-message',
  'POST /store-message',
  'GET /get-shops',
  'GET /get-message',
  'POST /send-message',
  'GET /unread-messages',
  'GET /seller/get-users',
  'GET /seller/get-message',
  'POST /seller/send-message',
  'GET /seller/unread-messages',
];

/** Every method and path the app answers ("ALL" entries are middleware, not routes). */
const ROUTES = [...new Set(api.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path.replace(/^\/api/, '')}`))].sort();
const guarded = ROUTES.filter((route) => !PUBLIC.has(route));

/** A guest's call of the route: path parameters filled in, an empty JSON body on writes. */
function callAsGuest(route: string, headers: Record<string, string> = {}) {
  const [method, pattern] = route.split(' ') as [string, string];
  const path = pattern.replace(/:[^/]+/g, '1');
  const init: RequestInit = method === 'GET' ? { headers } : { method, headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' };
  return api.call(path, init);
}

describe('routes that need a signed-in user (docs/product.md §6.2)', () => {
  it('are found in the app, including every account route', () => {
    expect(guarded).toEqual(expect.arrayContaining(SIGNED_IN));
  });

  it.each(guarded)('%s answers 401 "Unauthenticated." to a guest and to a token that signs nobody in', async (route) => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-real-token' }] as Record<string, string>[]) {
      const response = await callAsGuest(route, headers);
      expect(response.status, `${route} with ${JSON.stringify(headers)}`).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});

describe('the public routes', () => {
  it('are all registered routes, so the list holds no stale entry', () => {
    expect([...PUBLIC].filter((route) => !ROUTES.includes(route))).toEqual([]);
  });

  it.each([...PUBLIC])('%s answers a guest without asking to sign in', async (route) => {
    // Some answer HTML (the social login pages): only the status matters here.
    expect((await callAsGuest(route)).status).not.toBe(401);
  });
});
