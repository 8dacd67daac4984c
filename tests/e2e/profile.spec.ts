import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { openAccountMenu } from './support/account';
import { signIn } from './support/session';

/**
 * /profile and /change-password (docs/product.md §2.2, §7.4): plain forms that work without JavaScript and
 * with it. Each run registers at most two accounts (registration:ip allows 10 an hour
 * from 127.0.0.1 for the whole suite), on the desktop project only; the demo accounts'
 * passwords are never changed.
 */

const PASSWORD = 'first-secret';

/** A fresh account signed in to a new browser context, as the registration dialog leaves it. */
async function newShopper(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean): Promise<{ context: BrowserContext; email: string }> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e.profile.${unique}@example.test`;
  const response = await context.request.post('/api/registration', {
    data: { name: 'Profile Tester', country: 'United States', phone_code: '+1', phone: `3${unique.slice(-9)}`, email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  await context.addInitScript(
    (state) => {
      if (!window.localStorage.getItem('auth')) window.localStorage.setItem('auth', state);
    },
    JSON.stringify({ user: data.user, addresses: [], token: data.access.token, favoriteProducts: 0, loginModal: false }),
  );
  return { context, email };
}

test.describe('profile and password (docs/product.md §7.4)', () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`update the name, change the password, sign in with the new one (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL }, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', 'registrations are scarce: one account per mode and run');
      const { context, email } = await newShopper(browser, baseURL, javaScriptEnabled);
      const page = await context.newPage();

      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      const name = page.getByRole('textbox', { name: 'Name' });
      await name.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('The name field is required.')).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      await name.fill('Renamed Tester');
      await page.getByLabel('Gender').selectOption('female');
      await page.getByLabel('Country').selectOption('Canada');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('status')).toHaveText('Profile updated successfully.');
      await expect((await openAccountMenu(page)).getByText('Renamed Tester')).toBeVisible();
      await page.goto('/profile');
      await expect(name).toHaveValue('Renamed Tester');
      await expect(page.getByLabel('Gender')).toHaveValue('female');
      await expect(page.getByLabel('Country')).toHaveValue('Canada');

      await page.goto('/change-password');
      const current = page.getByLabel('Current Password');
      const next = page.getByLabel('New Password');
      const confirm = page.getByLabel('Confirm Password');
      await current.fill('not-my-password');
      await next.fill('second-secret');
      await confirm.fill('second-secret');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('The current password is incorrect.')).toBeVisible();
      await expect(current).toHaveValue('');

      await current.fill(PASSWORD);
      await next.fill('second-secret');
      await confirm.fill('something-else');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Confirm Password does not match.')).toBeVisible();

      await current.fill(PASSWORD);
      await next.fill('second-secret');
      await confirm.fill('second-secret');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('status')).toHaveText('Password changed successfully.');
      // This browser's session was kept: the account pages still render for it.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/profile$/);
      await expect(name).toHaveValue('Renamed Tester');

      // Signing in again from another browser: the old password no longer works, the new one does.
      const fresh = await browser.newContext({ baseURL });
      const old = await fresh.request.post('/api/login', { data: { phone: email, password: PASSWORD } });
      expect(old.status()).toBe(422);
      const login = await fresh.request.post('/api/login', { data: { phone: email, password: 'second-secret' } });
      expect(login.status()).toBe(200);
      expect((await login.json()).data.user.name).toBe('Renamed Tester');
      await fresh.close();
      await context.close();
    });
  }

  test('a guest is sent from the account forms to /, and a signed-in shopper sees the profile at any width', async ({ page }) => {
    await page.goto('/change-password');
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, 'customer');
    await page.goto('/profile');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Alex Morgan');
    await expect(page.getByLabel('Date of Birth')).toHaveValue('1992-04-18');
    await page.goto('/change-password');
    await expect(page.getByLabel('Current Password')).toBeVisible();
  });
});
