import { axeAtThisWidth, axeViolations } from './support/axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { hydrated } from './support/hydration';

/**
 * The dashboard and the wallet statement (docs/product.md §2.2, §2.12): order overview, recent orders,
 * wallet with its transactions and Recharge, and recently viewed products, with
 * JavaScript on and off, at 375 and 1280 px, in English and Arabic. The customer (whose
 * seeded wallet has transactions) runs on the desktop, the seller on the phone, so the
 * two projects never view products for the same account at once.
 */

interface Card {
  id: number;
  name: string;
}

async function productsToView(request: APIRequestContext): Promise<Card[]> {
  const response = await request.get('/api/products?sort_type=newest&per_page=40');
  expect(response.status()).toBe(200);
  return (await response.json()).data.products as Card[];
}

const section = (page: Page, name: string) => page.locator(`[data-section="${name}"]`);

/** The page fits its viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('guests', () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled });
      test('/dashboard and /wallet send a guest to /', { tag: '@any-width' }, async ({ page }) => {
        for (const path of ['/dashboard', '/wallet']) {
          await page.goto(path);
          await expect(page).toHaveURL(/\/$/);
        }
      });
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`signed in, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the dashboard shows orders, wallet and recently viewed; a viewed product appears there', async ({ page, request, isMobile }) => {
      const user = await signIn(page, isMobile ? 'seller' : 'customer');
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      // Order counts by status: every status has its tile, each a number.
      const overview = section(page, 'orders-overview');
      await expect(overview.getByRole('heading', { name: 'My Orders' })).toBeVisible();
      for (const label of ['All', 'Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered', 'Cancelled']) {
        await expect(overview.locator('li').filter({ hasText: label }).first()).toBeVisible();
      }
      await expect(overview.locator('[data-status="all"] [data-count]')).toHaveText(/^\d+$/);

      await expect(section(page, 'recent-orders').getByRole('heading', { name: 'Recent Orders' })).toBeVisible();

      // The wallet: the user's balance in the shop's currency, and (for the customer) the seeded statement.
      const wallet = section(page, 'wallet');
      await expect(wallet.locator('[data-wallet-balance]')).toHaveText(`$${user.user.wallet.balance.toFixed(2)}`);
      if (!isMobile) {
        await expect(wallet.locator('li[data-transaction]')).toHaveCount(5);
        await expect(wallet.getByText('Wallet recharge').first()).toBeVisible();
      }

      // Viewing a product puts it under Recently viewed.
      const products = await productsToView(request);
      const product = products[(isMobile ? 1 : 0) + (javaScriptEnabled ? 0 : 2)]!;
      await page.goto(`/products/${product.id}/details`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await page.goto('/dashboard');
      const viewed = section(page, 'recently-viewed');
      await expect(viewed.getByRole('heading', { name: 'Recently Viewed' })).toBeVisible();
      await expect(viewed.locator('article').filter({ hasText: product.name }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });

    test('the wallet page lists the statement with its balance', async ({ page, isMobile }) => {
      test.skip(isMobile, 'the seeded statement is the customer’s, who runs on the desktop');
      const user = await signIn(page, 'customer');
      await page.goto('/dashboard');
      await section(page, 'wallet').getByRole('link', { name: 'View All' }).click();
      await expect(page).toHaveURL(/\/wallet$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
      await expect(page.locator('[data-wallet-balance]')).toHaveText(`$${user.user.wallet.balance.toFixed(2)}`);
      await expect(page.locator('li[data-transaction]')).toHaveCount(6);
      await expect(page.getByText('Welcome bonus')).toBeVisible();
      // A page past the end goes to the last page; nonsense to the first.
      await page.goto('/wallet?page=9');
      await expect(page).toHaveURL(/\/wallet$/);
      await page.goto('/wallet?page=abc');
      await expect(page).toHaveURL(/\/wallet$/);
    });
  });
}

test('on a phone the account menu folds under one line naming the page, so the page starts near the top', async ({ page, isMobile }) => {
  await signIn(page);
  await page.goto('/order-history');
  const menu = page.getByRole('complementary', { name: 'Account' });
  const summary = menu.locator('summary');
  const orders = menu.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Order History' });
  if (isMobile) {
    await expect(summary).toHaveText('Account: Order History');
    await expect(orders).toBeHidden();
    expect((await menu.boundingBox())!.height).toBeLessThan(64);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await summary.click();
  } else {
    await expect(summary).toBeHidden();
  }
  await expect(orders).toBeVisible();
  await expect(orders).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByText(/Wallet Balance/)).toBeVisible();
});

test('Recharge asks to contact customer service, then goes to /chat', { tag: '@any-width' }, async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/dashboard');
  await hydrated(page);
  await section(page, 'wallet').getByRole('button', { name: 'Recharge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recharge' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Contact online customer service to recharge');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await section(page, 'wallet').getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByRole('dialog', { name: 'Recharge' }).getByRole('link', { name: 'Yes' })).toHaveAttribute('href', '/chat');
});

for (const locale of ['en', 'ar']) {
  test(`the signed-in dashboard in ${locale} is right to left when it should be and has no serious axe violations`, async ({ page, baseURL, isMobile }, testInfo) => {
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await signIn(page, isMobile ? 'seller' : 'customer');
    await page.goto('/dashboard');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    if (locale === 'ar') await expect(section(page, 'wallet').getByRole('heading', { name: 'المحفظة', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Once per layout: English at 1280 px, Arabic at 375 px (support/axe.ts axeAtThisWidth).
    if (axeAtThisWidth(testInfo, locale)) expect(await axeViolations(page)).toEqual([]);
  });
}
