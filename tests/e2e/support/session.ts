import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO_ACCOUNTS } from '../../../src/lib/demo-accounts';
import { demoShoppers } from '../../../src/server/db/seed/data/people';

/** Signs the browser context in through the API, as the login dialog does (session cookie). */
export async function signIn(page: Page, account: keyof typeof DEMO_ACCOUNTS = 'customer') {
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await page.request.post('/api/login', { data: { phone: email, password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  // The islands keep the Bearer token in the persistent auth store (docs/product.md §3.3).
  await page.addInitScript((state) => {
    if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', state);
  }, JSON.stringify({ user: data.user, addresses: [], token: data.access.token, favoriteProducts: 0, loginModal: false }));
  return data;
}

/** Below 640px the navbar's login and account entries live in the slide-out menu. */
export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/** Opens the login dialog as a shopper does: the navbar button, or the menu's on a phone. */
export async function openLoginDialog(page: Page): Promise<Locator> {
  await hydrated(page, 'LoginDialog', 'Toasts');
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
  } else {
    await page.getByRole('button', { name: 'Login' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Signs in as one of the seed's demo shoppers (same password as the demo accounts), so a
 * spec that changes a shopper's cart, wishlist or orders has a shopper of its own while
 * other specs run in parallel. Specs pick distinct indices (0-39): see SHOPPERS below.
 */
export async function signInAsShopper(page: Page, index: number) {
  const shopper = demoShoppers()[index];
  if (!shopper) throw new Error(`No demo shopper ${index}`);
  const response = await page.request.post('/api/login', { data: { phone: shopper.email, password: DEMO_ACCOUNTS.customer.password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  await page.addInitScript((state) => {
    if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', state);
  }, JSON.stringify({ user: data.user, addresses: [], token: data.access.token, favoriteProducts: 0, loginModal: false }));
  return data as { access: { token: string }; user: { id: number; name: string } };
}

/** Which demo shoppers each spec uses (desktop and mobile projects take one each). */
export const SHOPPERS = {
  cartNoJs: { desktop: 0, mobile: 1, desktopJs: 2, mobileJs: 3 },
  cartDrawer: { desktop: 4, mobile: 5, desktopRtl: 6, mobileRtl: 7, desktopLtr: 20, mobileLtr: 21, desktopWishlist: 22, mobileWishlist: 23 },
  checkout: { desktop: 8, mobile: 9, desktopJs: 10, mobileJs: 11, desktopBuyNow: 16, desktopBuyNowJs: 17 },
  payment: { desktop: 24 },
  orderHistory: { desktop: 12, mobile: 13, desktopJs: 14, mobileJs: 15 },
  checkoutIsland: { desktop: 25, mobile: 26, desktopOnce: 27, desktopRefusal: 28, rtl: 29 },
} as const;
