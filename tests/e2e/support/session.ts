import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO_ACCOUNTS } from '@/lib/demo-accounts';

/** Signs the browser context in through the API, as the login dialog does (session cookie). */
export async function signIn(page: Page, account: keyof typeof DEMO_ACCOUNTS = 'customer') {
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await page.request.post('/api/login', { data: { phone: email, password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  // The islands keep the Bearer token in the persistent auth store (docs/product.md §3.3).
  await page.addInitScript(
    (state) => {
      if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', state);
    },
    JSON.stringify({ user: data.user, addresses: [], token: data.access.token, favoriteProducts: 0, loginModal: false }),
  );
  return data;
}

/** Below 640px the navbar's login and account entries live in the slide-out menu. */
export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

/** Presses the navbar's Login, or the slide-out menu's on a phone; nothing is woken first. */
export async function pressLogin(page: Page): Promise<void> {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
  } else {
    await page.getByRole('button', { name: 'Login' }).click();
  }
}

/** Opens the login dialog as a shopper does: the navbar button, or the menu's on a phone. */
export async function openLoginDialog(page: Page): Promise<Locator> {
  await hydrated(page, 'LoginDialog', 'Toasts');
  await pressLogin(page);
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}
