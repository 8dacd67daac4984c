import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomPhone } from '../support/people';
import { outboxPath } from './support/outbox';

/**
 * Accounts with JavaScript off (docs/product.md §4.4): the login dialog's links lead to real pages,
 * whose forms post to themselves and answer with the API's own messages. A new shopper
 * signs up and enters the e-mailed code, changes the e-mail address on /profile with a
 * code, signs out, recovers the password in three steps and signs in with the new one.
 * Codes are read from the local outbox page. One registration per run (desktop only):
 * registration:ip allows 10 an hour from 127.0.0.1 for the whole suite.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The latest code the outbox page shows for a recipient, once it differs from `not` (an older code). */
async function codeFor(request: APIRequestContext, recipient: string, not = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const html = await (await request.get(outboxPath())).text();
        const at = html.indexOf(`data-recipient="${recipient}"`);
        code = at < 0 ? '' : (/verification code is (\d{4})/.exec(html.slice(at))?.[1] ?? '');
        return code && code !== not ? code : '';
      },
      { message: `a code for ${recipient} in /dev/outbox` },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function expectNoindex(page: Page) {
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
}

test.use({ javaScriptEnabled: false });

test('sign up, verify, change the e-mail, sign out, recover the password and sign in, all without JavaScript', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'registrations are scarce: one account per run');
  test.setTimeout(90_000);
  const email = `e2e-nojs-${unique()}@example.test`;
  const main = page.getByRole('main');

  // The login dialog opens without JavaScript (a native command button); its Sign Up is a link.
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expectNoindex(page);

  // The server's validation, with the API's messages under the fields.
  await main.getByLabel('Name').fill('');
  await main.getByLabel('Password').fill('short');
  await main.getByRole('button', { name: 'Sign Up' }).click();
  await expect(main.getByText('The name field is required.')).toBeVisible();
  await expect(main.getByText('The password field must be at least 8 characters.')).toBeVisible();
  await expect(main.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await main.getByLabel('Name').fill('No Script Shopper');
  await main.getByLabel('Country').selectOption('United States');
  await main.getByRole('textbox', { name: 'Phone', exact: true }).fill(randomPhone());
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill('first-secret');
  await main.getByRole('button', { name: 'Sign Up' }).click();

  // Signed in, and asked for the code sent to the e-mail (the demo settings verify accounts).
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
  await expect(main).toContainText(email);
  const code = await codeFor(page.request, email);
  await main.getByLabel('Code').fill(wrongCode(code));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText('The code is invalid or has expired.')).toBeVisible();
  await main.getByLabel('Code').fill(code);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A new e-mail address changes only with the code sent to it.
  const renamed = `e2e-nojs-new-${unique()}@example.test`;
  await page.goto('/profile');
  await main.getByRole('textbox', { name: 'Email' }).fill(renamed);
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(main.getByRole('status').first()).toHaveText(`A verification code has been sent to ${renamed}. Enter it to confirm the change.`);
  await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  const changeCode = await codeFor(page.request, renamed);
  const codeField = main.getByLabel(/Code sent to the new e-mail address/);
  await codeField.fill(wrongCode(changeCode));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText('The code is invalid or has expired.')).toBeVisible();
  await codeField.fill(changeCode);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByRole('status')).toHaveText('Your e-mail address has been changed.');
  await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(renamed);

  // Sign out through the account menu's dialog (a plain form).
  await page.locator('details[data-menu] summary', { hasText: 'No Script Shopper' }).click();
  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'false');

  // Forgot password: identifier, code, new password.
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoindex(page);
  await main.getByRole('button', { name: 'Send OTP' }).click();
  await expect(main.getByText('The country field is required')).toBeVisible();
  await expect(main.getByText('The phone or email field is required')).toBeVisible();
  await main.getByLabel('Country').selectOption('United States');
  await main.getByLabel('Phone or Email').fill(renamed);
  await main.getByRole('button', { name: 'Send OTP' }).click();
  await expect(main.getByRole('status')).toHaveText(`If an account uses ${renamed}, a code has been sent to it.`);
  const resetCode = await codeFor(page.request, renamed, changeCode);
  await main.getByLabel('Code').fill(wrongCode(resetCode));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText('The code is invalid or has expired.')).toBeVisible();
  await main.getByLabel('Code').fill(resetCode);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await main.getByLabel('New Password').fill('second-secret');
  await main.getByLabel('Confirm Password').fill('something-else');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByText('Confirm Password does not match.')).toBeVisible();
  await main.getByLabel('New Password').fill('second-secret');
  await main.getByLabel('Confirm Password').fill('second-secret');
  await main.getByRole('button', { name: 'Reset Password' }).click();

  // Back on the sign-in page with the news; the old password fails, the new one signs in.
  await expect(page).toHaveURL(/\/login\?done=reset$/);
  await expectNoindex(page);
  await expect(main.getByRole('status')).toHaveText('Your password has been reset. Please log in.');
  await main.getByLabel('Email or Phone').fill(renamed);
  await main.getByLabel('Password').fill('first-secret');
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(main.getByText('These credentials do not match our records.').first()).toBeVisible();
  await main.getByLabel('Password').fill('second-secret');
  await main.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
  expect(baseURL).toBeTruthy();
});

test('the login dialog posts to /login without JavaScript, and the sign-in pages send a signed-in shopper home', async ({ page }) => {
  await page.goto('/');
  if ((page.viewportSize()?.width ?? 0) < 640) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
  } else {
    await page.getByRole('button', { name: 'Login' }).click();
  }
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email or Phone').fill('nobody-here@example.test');
  await login.getByLabel('Password').fill('not-a-password');
  await login.getByRole('button', { name: 'Login' }).click();
  // The password never travels in the address: the form posted to the sign-in page.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email or Phone')).toHaveValue('nobody-here@example.test');

  await page.getByRole('main').getByLabel('Email or Phone').fill('customer@example.com');
  await page.getByRole('main').getByLabel('Password').fill('password');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
