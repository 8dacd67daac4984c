import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { flash } from './support/shopper-api';

/**
 * The shop dashboard's product pages (docs/decisions/017-sellers.md "Products"), as the
 * demo seller (owner of the active TechNest Electronics shop): a product created with a
 * picture with JavaScript off is on the storefront at once (its page and search), a
 * refused form keeps what was typed, its price is edited; the list in Arabic reads right
 * to left.
 */

const picture = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 140, b: 120 } } })
    .png()
    .toBuffer();

test('the demo seller creates a product with a picture without JavaScript, finds it on the storefront and edits its price', async ({ browser, baseURL, viewport }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  try {
    const page = await context.newPage();
    await signIn(page, 'seller');
    const name = `Lantern ${Date.now().toString(36)}`;

    await page.goto('/shop/products');
    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/shop\/products\/new$/);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Product name', exact: true }).fill(name);
    await main.getByLabel('Description', { exact: true }).fill('<p>Warm <strong>light</strong></p><script>alert(1)</script>');
    await main.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ index: 1 });
    await main.getByRole('textbox', { name: 'Price', exact: true }).fill('24.999');
    await main.getByLabel('Quantity in stock').fill('7');
    await main.getByLabel('Thumbnail').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
    await main.getByRole('button', { name: 'Create product' }).click();

    // Three decimals are refused; what was typed stays (the file must be chosen again).
    await expect(main.getByText('The price field must have at most 2 decimal places.')).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Product name', exact: true })).toHaveValue(name);
    await main.getByRole('textbox', { name: 'Price', exact: true }).fill('24.90');
    await main.getByLabel('Thumbnail').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
    await main.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/shop\/products\/\d+\/edit$/);
    await expect(flash(page)).toContainText('Product created successfully.');
    const image = main.getByRole('img', { name: 'Image 1' });
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-200\.webp$/);
    expect((await context.request.get(src.replace('-200.webp', '-800.webp'))).status()).toBe(200);

    // On the storefront at once: the product page and search.
    const productUrl = (await main.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!;
    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('$24.90').first()).toBeVisible();
    await expect(page.locator('script', { hasText: 'alert(1)' })).toHaveCount(0);
    await page.goto(`/products?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('main').getByRole('link', { name }).first()).toBeVisible();

    // The price edited from the form shows on the product page.
    await page.goto('/shop/products');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await main.getByRole('textbox', { name: 'Price', exact: true }).fill('19.50');
    await main.getByLabel('More images').setInputFiles([{ name: 'side.png', mimeType: 'image/png', buffer: await picture() }]);
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(flash(page)).toContainText('Product updated successfully.');
    const editUrl = page.url();
    await page.goto(productUrl);
    await expect(page.getByText('$19.50').first()).toBeVisible();

    // The second picture put first and the first removed: the second is the thumbnail now.
    await page.goto(editUrl);
    const second = (await main.getByRole('img', { name: 'Image 2' }).getAttribute('src'))!;
    await main.getByLabel('Order of image 2').fill('0');
    await main.getByLabel('Remove image 1').check();
    await main.getByRole('button', { name: 'Save changes' }).click();
    await expect(flash(page)).toContainText('Product updated successfully.');
    await expect(main.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', second);
    await expect(main.getByRole('img', { name: 'Image 2' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the product list in Arabic reads right to left', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, 'seller');
  await page.goto('/shop/products');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'إضافة منتج' })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /^تعديل / })
      .first(),
  ).toBeVisible();
});
