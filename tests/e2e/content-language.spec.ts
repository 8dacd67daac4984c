import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { flash } from './support/shopper-api';

/**
 * Content in the shopper's language (docs/product.md §9.1): the demo seller writes a
 * product's name in Arabic and Persian on the product form without JavaScript; shoppers
 * read the product in their language, the description falling back to English where
 * nobody translated it, and find it by its name typed the way Arabic and Persian
 * keyboards type it.
 */

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

test('a product written in three languages by its seller reads in each shopper’s language and is found in any', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const english = `Brass Lantern ${tag}`;
  const arabic = `فانوس نحاسي ${tag}`;
  const persian = `فانوس برنجی ${tag}`;

  const seller = await browser.newContext({ baseURL, javaScriptEnabled: false });
  let productUrl: string;
  try {
    const page = await seller.newPage();
    await signIn(page, 'seller');
    await page.goto('/shop/products/new');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Product name', exact: true }).fill(english);
    await main.getByLabel('Description', { exact: true }).fill('<p>Warm light for long evenings.</p>');
    await main.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ index: 1 });
    await main.getByRole('textbox', { name: 'Price', exact: true }).fill('30');
    await main.getByLabel('Quantity in stock').fill('4');
    await main.getByLabel('Thumbnail').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
    // Each language's group opens without script (a <details>), typed right to left.
    await main.getByText('العربية', { exact: true }).click();
    const arabicName = main.getByLabel('Product name (العربية)');
    await expect(arabicName).toBeVisible();
    await expect(main.locator('[lang="ar"][dir="rtl"]').getByLabel('Product name (العربية)')).toBeVisible();
    await arabicName.fill(arabic);
    await main.getByText('فارسی', { exact: true }).click();
    await main.getByLabel('Product name (فارسی)').fill(persian);
    await main.getByLabel('Short description (فارسی)').fill('نور گرم برای شب‌های بلند');
    await main.getByRole('button', { name: 'Create product' }).click();
    await expect(flash(page)).toContainText('Product created successfully.');
    // The edit form shows what was saved, its groups open.
    await expect(main.getByLabel('Product name (العربية)')).toHaveValue(arabic);
    productUrl = (await main.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!;
  } finally {
    await seller.close();
  }

  for (const { locale, name, description, direction } of [
    { locale: 'en', name: english, description: 'Warm light for long evenings.', direction: 'ltr' },
    { locale: 'ar', name: arabic, description: 'Warm light for long evenings.', direction: 'rtl' },
    { locale: 'ir', name: persian, description: 'Warm light for long evenings.', direction: 'rtl' },
  ]) {
    const context = await browser.newContext({ baseURL });
    try {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const page = await context.newPage();
      await page.goto(productUrl);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('main')).toContainText(description);
      if (locale === 'ir') await expect(page.getByRole('main')).toContainText('نور گرم برای شب‌های بلند');
    } finally {
      await context.close();
    }
  }

  // Found by its Arabic name typed with Persian letters and without the hamza, and by its
  // Persian name typed with Arabic letters, from a page in any language.
  const guest = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await guest.addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
    const page = await guest.newPage();
    for (const query of [`فانوس نحاسی ${tag}`, `فانوس برنجي ${tag}`, `lantern ${tag}`]) {
      await page.goto(`/products?search=${encodeURIComponent(query)}`);
      await expect(page.getByRole('main').getByRole('link', { name: arabic }).first(), query).toBeVisible();
    }
  } finally {
    await guest.close();
  }
});
