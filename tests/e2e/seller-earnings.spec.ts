import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { flash } from './support/shopper-api';

/**
 * The shop dashboard's overview and earnings (docs/decisions/017-sellers.md, "Earnings"),
 * as the demo seller (owner of the active TechNest Electronics): the overview's figures,
 * links and 30-day chart with its table, the earnings page with its statement and CSV,
 * the withdrawal form without JavaScript, and the page in Arabic, right to left.
 */

test('the overview shows today, this month, orders waiting, low stock and the last 30 days', async ({ page }) => {
  await signIn(page, 'seller');
  await page.goto('/shop');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'This month' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'View orders waiting' })).toHaveAttribute('href', '/shop/orders?order_status=pending');
  await expect(main.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  const chart = main.locator('[data-daily-chart]');
  await expect(chart.getByRole('img', { name: /Revenue per day over the last 30 days/ })).toBeVisible();
  await chart.getByText('Show as a table').click();
  await expect(chart.getByRole('table').locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
});

test('the earnings page shows the balance, commission terms and statement, and downloads the statement as CSV', async ({ page }) => {
  await signIn(page, 'seller');
  await page.goto('/shop/earnings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(main.locator('[data-wallet] [data-balance]')).toContainText('$');
  await expect(main.getByRole('heading', { name: 'Commission terms' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Statement' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Withdrawal history' })).toBeVisible();
  const csv = await page.request.get('/shop/earnings/statement.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect((await csv.text()).split('\r\n')[0]).toBe('date,kind,reference,amount,balance_after,order_gross,order_commission,order_net');
});

test('a shopper gets no statement: the CSV sends them to shop registration', async ({ page }) => {
  await signIn(page, 'customer');
  const response = await page.request.get('/shop/earnings/statement.csv', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/shop/register');
});

test('the withdrawal form works without JavaScript: too much is refused on the amount, a fitting amount is requested', async ({ browser, baseURL, viewport }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  try {
    const page = await context.newPage();
    await signIn(page, 'seller');
    await page.goto('/shop/earnings');
    const form = page.locator('[data-withdraw-form]');
    await form.getByLabel('Amount').fill('9999999');
    await form.getByLabel('Account holder').fill('Nour Haddad');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/shop/earnings') && response.request().method() === 'POST'),
      form.getByRole('button', { name: 'Request withdrawal' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await expect(form.locator('#withdraw-amount-error')).toContainText('Insufficient balance');
    await expect(form.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Account holder')).toHaveValue('Nour Haddad');

    await form.getByLabel('Amount').fill('10.999');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(form.locator('#withdraw-amount-error')).toContainText('at most two decimals');

    const balance = Number(((await page.locator('[data-wallet] [data-balance]').textContent()) ?? '').replace(/[^\d.]/g, ''));
    if (balance >= 10) {
      await form.getByLabel('Amount').fill('10');
      await form.getByRole('button', { name: 'Request withdrawal' }).click();
      await expect(page).toHaveURL(/\/shop\/earnings$/);
      await expect(flash(page)).toContainText('Withdrawal requested');
      await expect(page.locator('[data-withdraw-history] li').first().locator('[data-status]')).toHaveText('Pending');
    } else {
      // The demo shop has earned nothing yet: any amount is more than its balance.
      await form.getByLabel('Amount').fill('10');
      await form.getByRole('button', { name: 'Request withdrawal' }).click();
      await expect(form.locator('#withdraw-amount-error')).toContainText('Insufficient balance');
    }
  } finally {
    await context.close();
  }
});

test('in Arabic the earnings page reads right to left', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, 'seller');
  await page.goto('/shop/earnings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('main').getByRole('heading', { name: 'الأرباح', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'شروط العمولة' })).toBeVisible();
  // Amounts stay left to right inside the right-to-left page.
  await expect(page.locator('[data-wallet] [data-balance] span[dir="ltr"]')).toBeVisible();
});
