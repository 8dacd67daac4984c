import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

/**
 * Shop registration (/shop/register; modules/seller/account-routes.ts POST /api/seller/shop):
 * a new user opens a shop with a logo through the form, without JavaScript, and is shown
 * it is under review on /shop and in the dashboard sidebar. The operator's approval runs
 * beside a stopped server (npm run shops), so it is covered by the API and command tests;
 * the active shop's profile page is driven with the seeded seller (this spec alone changes
 * that shop in its run).
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

  test('the owner of an active shop edits its hours and delivery, and a bad banner is refused', async ({ page }) => {
    await signIn(page, 'seller');
    await page.goto('/shop/profile');
    const settings = page.getByRole('region', { name: 'Opening hours and delivery' });
    await settings.getByLabel('Opening time').fill('10:00');
    await settings.getByLabel('Closing time').fill('09:00');
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await expect(settings.getByText('The closing time must be after the opening time.')).toBeVisible();

    await settings.getByLabel('Closing time').fill('19:00');
    await settings.getByLabel('Estimated delivery time').fill('3-5 days');
    await settings.getByLabel('Sunday').check();
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await expect(settings.getByRole('status')).toHaveText('Shop settings updated successfully.');
    await expect(settings.getByLabel('Estimated delivery time')).toHaveValue('3-5 days');
    await expect(settings.getByLabel('Sunday')).toBeChecked();
    await expect(settings.getByLabel('Closing time')).toHaveValue('19:00');

    const face = page.getByRole('region', { name: 'Shop details' });
    await face.getByLabel('Banner').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not really') });
    await face.getByRole('button', { name: 'Save Changes' }).click();
    await expect(face.getByText('The banner field must be a file of type: jpg, jpeg, png, webp.')).toBeVisible();
  });

  test('the owner writes the shop’s short description in Arabic, which Arabic shoppers read', async ({ page, browser, baseURL }) => {
    const arabic = `أجهزة مختارة بعناية ${Date.now().toString(36)}`;
    await signIn(page, 'seller');
    await page.goto('/shop/profile');
    const face = page.getByRole('region', { name: 'Shop details' });
    // The language's group opens without script (a <details>; open already when the shop has Arabic texts) and is typed right to left.
    const arabicGroup = face.locator('details').filter({ has: page.getByText('العربية', { exact: true }) });
    if (!(await arabicGroup.evaluate((element: HTMLDetailsElement) => element.open))) await arabicGroup.locator('summary').click();
    const field = face.getByLabel('Short description (العربية)');
    await expect(field).toHaveAttribute('id', 'shop-ar-short_description');
    expect(await field.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await field.fill(arabic);
    await face.getByRole('button', { name: 'Save Changes' }).click();
    await expect(face.getByRole('status')).toHaveText('Shop updated successfully.');
    await expect(face.getByLabel('Short description (العربية)')).toHaveValue(arabic);

    const shopper = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await shopper.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
      const view = await shopper.newPage();
      await view.goto('/shops/technest-electronics');
      await expect(view.getByRole('main').getByText(arabic)).toBeVisible();
    } finally {
      await shopper.close();
    }
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
