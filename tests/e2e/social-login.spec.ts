import { randomBytes } from 'node:crypto';
import { axeViolations } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { startOidcServer, type OidcServer } from '../support/oidc-server';
import { startPreparedServer, type VariantServer } from './support/servers';
import { hydrated } from './support/hydration';
import { isMobile, openLoginDialog } from './support/session';

/**
 * Social login end to end (docs/product.md §6.4, ADR 011): a real OpenID Connect server on 127.0.0.1
 * (oauth2-mock-server) plays Google for a production server configured to use it
 * (SOCIAL_AUTH_ISSUER_URL), with Google switched on through the operator's command.
 */
test.describe.configure({ mode: 'serial' });

let oidc: OidcServer;
let server: VariantServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  oidc = await startOidcServer();
  server = await startPreparedServer(
    [['src/server/cli/social-auth.ts', 'set', 'google', '--client-id', 'e2e-storefront', '--client-secret', `e2e-${randomBytes(8).toString('hex')}`, '--active']],
    { SOCIAL_AUTH_ISSUER_URL: oidc.issuerUrl },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
});

const newIdentity = () => {
  const id = randomBytes(5).toString('hex');
  return { sub: `e2e-${id}`, email: `social-${id}@example.test`, email_verified: true, name: `Social ${id}` };
};

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { user?: { email?: string }; token?: string });

test('the Google button signs a new shopper in through the provider’s window', async ({ page }) => {
  const identity = newIdentity();
  oidc.signInAs(identity);
  await page.goto(server.baseURL);
  const dialog = await openLoginDialog(page);
  // Only the active provider has a button.
  await expect(dialog.getByRole('link', { name: /^Login with / })).toHaveCount(1);
  const google = dialog.getByRole('link', { name: 'Login with Google' });
  await expect(google).toHaveAttribute('href', '/api/social-auth/google');

  const popupOpened = page.waitForEvent('popup');
  await google.click();
  const popup = await popupOpened;
  // The window closes itself once it has handed the session over (often before we look).
  await expect.poll(() => popup.isClosed()).toBe(true);

  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
  await expect(page.getByText('Login successfully')).toBeVisible();
  const stored = await storedUser(page);
  expect(stored.user?.email).toBe(identity.email);
  expect(stored.token).toBeTruthy();
  // The same session on the server: the account page opens.
  await page.goto(`${server.baseURL}/profile`);
  await expect(page).toHaveURL(`${server.baseURL}/profile`);
});

test('a refusal at the provider is a message in the page, and nobody is signed in', async ({ page }) => {
  oidc.signInAs(newIdentity());
  oidc.refuseNext('access_denied');
  await page.goto(server.baseURL);
  const dialog = await openLoginDialog(page);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Login with Google' }).click();
  const popup = await popupOpened;
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page.getByText('The sign-in was cancelled.')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'false');
  expect((await storedUser(page)).token ?? null).toBeNull();
});

test('without JavaScript the same link is a full-page login that ends on / signed in', async ({ browser, isMobile: phone }) => {
  test.skip(phone, 'its own context at 1280 px: one run is enough');
  const identity = newIdentity();
  oidc.signInAs(identity);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto('/');
    // The dialog opens by the button's command, which needs no script.
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Login with Google' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'true');
    // The session cookie the callback set is the new account's.
    const profile = await page.request.get('/api/profile');
    expect(profile.status()).toBe(200);
    expect(JSON.stringify(await profile.json())).toContain(identity.email);
  } finally {
    await context.close();
  }
});

test('a forged state ends on a message page without a session', async ({ page }) => {
  test.skip(isMobile(page), 'the same server answer on every screen');
  const response = await page.goto(`${server.baseURL}/api/social-auth/callback?state=forged&code=anything`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText('This sign-in link has expired or was already used. Please try again.');
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-signed-in', 'false');
});

test('in Arabic the button speaks Arabic and the open dialog has no serious axe violations', async ({ page }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: server.baseURL }]);
  await page.goto(server.baseURL);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const dialog = await openLoginDialogIn(page);
  await expect(dialog.getByRole('link', { name: 'تسجيل الدخول عبر Google' })).toHaveAttribute('href', '/api/social-auth/google');
  expect(await axeViolations(page, { include: 'dialog[open]' })).toEqual([]);
});

/** The login dialog in whatever language the page speaks (openLoginDialog looks for the English names). */
async function openLoginDialogIn(page: Page) {
  await hydrated(page, 'LoginDialog');
  await page.evaluate(() => (document.getElementById('login-dialog') as HTMLDialogElement).showModal());
  const dialog = page.locator('#login-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}
