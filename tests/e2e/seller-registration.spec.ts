import sharp from 'sharp';
import { expect, test } from './support/fixtures';

/**
 * Shop registration (/shop/register; modules/seller/account-routes.ts POST /api/seller/shop):
 * a new user opens a shop with a logo through the form, without JavaScript, and is shown
 * it is under review on /shop and in the dashboard sidebar. The operator's approval runs
 * beside a stopped server (npm run shops), so it is covered by the API and command tests.
 */

const logo = () =>
  sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 20, g: 110, b: 160 } } })
    .png()
    .toBuffer();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a new user registers a shop with a logo and sees it under review', async ({ page, shopper }) => {
    expect(shopper.id).toBeGreaterThan(0);
    await page.goto('/shop/register');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Shop Registration' })).toBeVisible();

    // Terms not accepted: the API's message under the box, what was typed kept.
    await main.getByLabel('Shop Name').fill('Blue Harbour Goods');
    await main.getByLabel('Opening time').fill('09:00');
    await main.getByLabel('Closing time').fill('18:00');
    await main.getByRole('button', { name: 'Submit for review' }).click();
    await expect(main.getByText('You must accept the terms and conditions.')).toBeVisible();
    await expect(main.getByLabel('Shop Name')).toHaveValue('Blue Harbour Goods');

    await main.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() });
    await main.getByLabel('Description').fill('Ceramics from the harbour.');
    await main.getByLabel('Friday').check();
    await main.getByRole('checkbox', { name: /I accept the/ }).check();
    await main.getByRole('button', { name: 'Submit for review' }).click();

    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.locator('[data-shop-state="under-review"]')).toContainText('Under review');
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Account' });
    await expect(sidebar.getByText('Under review', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    // Registered once: the form now sends the owner back to /shop.
    await page.goto('/shop/register');
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test('the registration form in Arabic is right-to-left and refuses a picture that is no image', async ({ page, shopper, baseURL }) => {
  expect(shopper.id).toBeGreaterThan(0);
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await page.goto('/shop/register');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'تسجيل متجر' })).toBeVisible();
  await main.getByLabel('اسم المتجر').fill('متجر الورد');
  await main.getByLabel('الشعار').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not a picture') });
  await main.getByRole('checkbox', { name: /أوافق على/ }).check();
  await main.getByRole('button', { name: 'أرسل للمراجعة' }).click();
  await expect(main.locator('#shop-logo-error')).toBeVisible();
  await expect(main.getByLabel('اسم المتجر')).toHaveValue('متجر الورد');
});
