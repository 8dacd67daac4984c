import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { badge, cartTab, twoShopsProducts } from './support/shopper-api';
import { isMobile, pressLogin } from './support/session';

/**
 * Islands load on first use (`client:wake`, docs/decisions/019-islands-on-demand.md): a page
 * downloads none of their code, React included, until the shopper touches one, and that
 * first touch does what it always did.
 */

/** Script bytes the page has fetched so far, as Chromium counts them (encoded body sizes). */
async function scriptBytes(page: Page): Promise<{ urls: string[]; bytes: number }> {
  return page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js')) as PerformanceResourceTiming[];
    return { urls: scripts.map((entry) => new URL(entry.name).pathname), bytes: scripts.reduce((total, entry) => total + entry.encodedBodySize, 0) };
  });
}

/** The code of the page's on-demand islands: their components and the React renderer. */
async function wakeIslandCode(page: Page): Promise<string[]> {
  return page
    .locator('astro-island[client="wake"]')
    .evaluateAll((islands) => islands.flatMap((island) => ['component-url', 'renderer-url'].map((name) => new URL(island.getAttribute(name) ?? '', location.href).pathname)));
}

test('a catalogue page loads no island code before the shopper touches one, under 50 KiB of script', async ({ page }) => {
  test.skip(isMobile(page), 'the same bytes at both widths');
  for (const path of ['/', '/products', '/blogs']) {
    await page.goto(path);
    // Idle time passes: nothing is loaded on idle either.
    await page.waitForTimeout(1500);
    const loaded = await scriptBytes(page);
    const islandCode = await wakeIslandCode(page);
    expect(islandCode.length, `${path} has on-demand islands`).toBeGreaterThan(0);
    for (const url of islandCode) expect(loaded.urls, `${path} loaded ${url} before any interaction`).not.toContain(url);
    expect(loaded.bytes, `${path}: ${loaded.bytes} B of script`).toBeLessThanOrEqual(50 * 1024);
    await expect(page.locator('astro-island[client="wake"][ssr]')).toHaveCount(await page.locator('astro-island[client="wake"]').count());
  }
});

/** The stores' code (scripts/page-stores.ts and what it imports): it loads on first use. */
const storeCode = (urls: string[]) => urls.filter((url) => /\/(page-stores|settings|cart|auth|session)\.[\w-]+\.js$/.test(url));

test('a reading page loads at most 5 kB of script before interaction, none of it store code', async ({ page }) => {
  test.skip(isMobile(page), 'the same bytes at both widths');
  await page.goto('/blogs');
  const post = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
  for (const path of ['/blogs', post ?? '/blogs', '/about-us', '/privacy-policy']) {
    await page.goto(path);
    await page.waitForTimeout(1500);
    const loaded = await scriptBytes(page);
    expect(loaded.bytes, `${path}: ${loaded.bytes} B of script`).toBeLessThanOrEqual(5000);
    expect(storeCode(loaded.urls), path).toEqual([]);
  }
  // The first use loads them: the cart tab opens the drawer.
  await cartTab(page).click();
  await expect(page.getByRole('dialog', { name: /My Cart/ })).toBeVisible();
  expect(storeCode((await scriptBytes(page)).urls).length).toBeGreaterThan(0);
});

test("another tab's change to the cart shows on this page's badges", async ({ page, shopper: _signedIn }) => {
  test.skip(isMobile(page), 'the same badges at both widths');
  const [product] = await twoShopsProducts(page.request, { inStock: 5 });
  await page.goto('/about-us');
  await page.waitForLoadState('load');
  await expect(badge(page, 'cart')).toBeHidden();
  const other = await page.context().newPage();
  await other.goto(`/products/${product.id}/details`);
  await other.waitForLoadState('load');
  await other.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(badge(other, 'cart')).toHaveText('1');
  await expect(badge(page, 'cart')).toHaveText('1');
  await expect(cartTab(page)).toContainText(/(?<!\d)1 item(?!s)/);
  expect(storeCode((await scriptBytes(page)).urls).length, 'the stores loaded for the news').toBeGreaterThan(0);
  // A fresh page of this tab has it from the server.
  await page.reload();
  await expect(badge(page, 'cart')).toHaveText('1');
});

test('the first click on Login opens the dialog and loads it; a refused login toasts without a toaster loaded before', async ({ page }) => {
  await page.goto('/');
  const island = page.locator(`astro-island[opts*='"name":"LoginDialog"']`);
  await expect(island).toHaveAttribute('ssr', '');
  await pressLogin(page);
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  // Opening it moved focus into it: that woke the island.
  await expect(island).not.toHaveAttribute('ssr');
  await expect(page.locator(`astro-island[opts*='"name":"Toasts"']`)).toHaveAttribute('ssr', '');
  await dialog.getByLabel('Email or Phone').fill('nobody@example.com');
  await dialog.getByLabel('Password').fill('wrong password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('[data-sonner-toaster]').getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the first click on the cart tab opens the drawer, whose code loads then', async ({ page }) => {
  test.skip(isMobile(page), 'the tab floats from 640 px (docs/product.md §2.10); a phone reaches the cart by the navbar’s basket');
  await page.goto('/products');
  const island = page.locator(`astro-island[opts*='"name":"CartDrawerHost"']`);
  await expect(island).toHaveAttribute('ssr', '');
  await page.locator('[data-cart-host] aside > a').click();
  await expect(page.getByRole('dialog', { name: /My Cart/ })).toBeVisible();
  await expect(island).not.toHaveAttribute('ssr');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /My Cart/ })).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the language and currency form applies the choice and comes back to the page', async ({ page }) => {
    test.skip(isMobile(page), 'the same form at both widths');
    await page.goto('/products?page=2');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('banner').getByRole('button', { name: 'Change' }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(page.getByLabel('Currency')).toHaveValue('EUR');
    await expect(page.locator('main').getByText(/€/).first()).toBeVisible();

    await page.getByLabel('Language').selectOption('ar');
    await page.getByRole('banner').getByRole('button', { name: 'Change' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveURL(/\/products\?page=2$/);
  });
});
