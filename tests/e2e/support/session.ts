import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../src/lib/demo-accounts';

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
