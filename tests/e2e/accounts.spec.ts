import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { randomPhone } from '../support/people';
import { isMobile, openLoginDialog } from './support/session';
import { startVariantServer, type VariantServer } from './support/servers';
import { outboxPath } from './support/outbox';

// Registration, the one-time code and forgot password through the dialogs (docs/product.md
// §2.8, §4.4, §5.1), with codes read from the local outbox page as a developer reads them.
// Registrations per run stay well under the 10 an hour per address (rate-limit/limits.ts).

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openRegistration(page: Page): Promise<Locator> {
  await (await openLoginDialog(page)).getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillRegistration(dialog: Locator, email: string, phone: string) {
  await dialog.getByLabel('Name').fill('E2E Shopper');
  await dialog.getByLabel('Country').selectOption('United States');
  await expect(dialog.getByLabel('Phone Code')).toHaveValue('+1');
  await dialog.getByLabel('Phone', { exact: true }).fill(phone);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('a-good-secret');
}

/** The latest code the outbox page shows for a recipient (the forgot-password code goes out just after the answer). */
async function codeFor(request: APIRequestContext, baseURL: string, recipient: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const html = await (await request.get(`${baseURL}${outboxPath()}`)).text();
        const at = html.indexOf(`data-recipient="${recipient}"`);
        code = at < 0 ? '' : (/verification code is (\d{4})/.exec(html.slice(at))?.[1] ?? '');
        return code;
      },
      { message: `a code for ${recipient} in /dev/outbox` },
    )
    .toMatch(/^\d{4}$/);
  return code;
}

/** Pastes text into an element as a clipboard paste does. */
async function paste(box: Locator, text: string) {
  await box.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      }),
    );
  }, text);
}

const digitBoxes = (dialog: Locator) => [1, 2, 3, 4].map((n) => dialog.getByLabel(`Digit ${n}`, { exact: true }));

test("the outbox of kept codes opens only with the operator's key", { tag: '@any-width' }, async ({ request }) => {
  for (const path of ['/dev/outbox', '/dev/outbox?key=wrong-key-0000000000000000000000000000']) {
    expect((await request.get(path)).status()).toBe(404);
  }
  expect((await request.get('/api/dev/outbox')).status()).toBe(404);
  const page = await request.get(outboxPath());
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toContain('no-store');
});

test.describe('registration on the demo settings (code verification on)', () => {
  test('a new account verifies its e-mail by code: boxes move focus, a paste fills all four', async ({ page, baseURL }) => {
    const email = `e2e-${unique()}@example.test`;
    await page.goto('/');
    const dialog = await openRegistration(page);
    await expect(dialog.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await fillRegistration(dialog, email, randomPhone());
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    const otp = page.getByRole('dialog', { name: 'Verify OTP' });
    await expect(otp).toBeVisible();
    await expect(otp).toContainText(email);
    await expect(otp.getByText(/Resend OTP in/)).toBeVisible();
    const boxes = digitBoxes(otp);
    await expect(boxes[0]!).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(boxes[0]!).toHaveAttribute('inputmode', 'numeric');
    await expect(boxes[0]!).toBeFocused();
    await page.keyboard.type('7');
    await expect(boxes[1]!).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes[0]!).toBeFocused();
    await expect(boxes[0]!).toHaveValue('7');

    const code = await codeFor(page.request, baseURL!, email);
    await paste(boxes[2]!, code);
    for (const [index, box] of boxes.entries()) await expect(box).toHaveValue(code[index]!);
    await otp.getByRole('button', { name: 'Verify' }).click();

    await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
    await expect(page.getByText('Verified successfully.')).toBeVisible();
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token);
    const answer = await page.request.post('/api/user', {
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Requested-With': 'XMLHttpRequest',
      },
    });
    expect((await answer.json()).data.user).toMatchObject({
      email,
      email_verified: true,
    });
  });

  test('a taken e-mail shows the server’s message under the field', { tag: '@any-width' }, async ({ page }) => {
    await page.goto('/');
    const dialog = await openRegistration(page);
    // A valid phone, so that the e-mail check is reached (the phone rules are checked first).
    await fillRegistration(dialog, DEMO_ACCOUNTS.customer.email, randomPhone());
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByText('The email has already been taken.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'false');
  });

  test('login, registration and forgot password replace one another; Escape closes', async ({ page }) => {
    await page.goto('/');
    const login = await openLoginDialog(page);
    await login.getByRole('link', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(forgot).toBeVisible();
    await expect(login).toBeHidden();
    await forgot.getByRole('link', { name: 'Back to Login' }).click();
    await expect(login).toBeVisible();
    await login.getByRole('link', { name: 'Sign Up' }).click();
    const register = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(register).toBeVisible();
    await register.getByRole('link', { name: 'Login' }).click();
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    // Focus goes back to what opened the first dialog (the navbar button; phones open it from the menu).
    if (!isMobile(page)) await expect(page.getByRole('button', { name: 'Login' })).toBeFocused();
  });
});

test.describe('settings variant: no code verification after registration', { tag: '@any-width' }, () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1280, 'one run on its own server is enough');

  let server: VariantServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startVariantServer({ register_otp_verify: false });
  });
  test.afterAll(async () => server?.stop());

  test('registration signs the shopper in at once', async ({ page }) => {
    const email = `e2e-${unique()}@example.test`;
    await page.goto(server.baseURL);
    const dialog = await openRegistration(page);
    await fillRegistration(dialog, email, randomPhone());
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
    await expect(page.getByText('Registration successful.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Verify OTP' })).toBeHidden();
  });

  test('forgot password end to end: code, new password, login with it', async ({ page }) => {
    const { email } = DEMO_ACCOUNTS.customer;
    const newPassword = `new-${unique()}`;
    await page.goto(server.baseURL);
    const login = await openLoginDialog(page);
    await login.getByRole('link', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.getByRole('button', { name: 'Send OTP' }).click();
    await expect(forgot.getByText('The country field is required')).toBeVisible();
    await expect(forgot.getByText('The phone or email field is required')).toBeVisible();
    await forgot.getByLabel('Country').selectOption('United States');
    await forgot.getByLabel('Phone or Email').fill(email);
    await forgot.getByRole('button', { name: 'Send OTP' }).click();

    const otp = page.getByRole('dialog', { name: 'Verify OTP' });
    await expect(otp).toBeVisible();
    await expect(forgot).toBeHidden();
    const code = await codeFor(page.request, server.baseURL, email);
    await page.keyboard.type(code);
    await otp.getByRole('button', { name: 'Verify' }).click();

    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await expect(reset).toBeVisible();
    await reset.getByLabel('New Password').fill(newPassword);
    await reset.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Confirm Password does not match.')).toBeVisible();
    await reset.getByLabel('Confirm Password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset Password' }).click();

    await expect(login).toBeVisible();
    await expect(reset).toBeHidden();
    await login.getByLabel('Email or Phone').fill(email);
    await login.getByLabel('Password').fill(newPassword);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
  });
});
