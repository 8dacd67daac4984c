import { expect, test } from '@playwright/test';

test.describe('legal and policy pages', () => {
  for (const [path, heading] of [
    ['/terms-and-conditions', /Terms/],
    ['/privacy-policy', /Privacy/],
    ['/about-us', /About/],
    ['/page/return-policy', /Return/],
  ] as const) {
    test(`${path} shows its published content`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('.rich-text p').first()).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    });
  }

  test('an unknown policy page is Page Not Found with 404', async ({ page }) => {
    const response = await page.goto('/page/no-such-policy');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('contact form', () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`shows field errors in place, then a success message (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled, baseURL });
      const page = await context.newPage();
      await page.goto('/contact-us');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('The name field is required.')).toBeVisible();
      await expect(page.getByText('The email field must be a valid email address.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('not-an-email');

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
      await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Where is my parcel?');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Order #RS000123 has not arrived yet.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('status')).toHaveText('Your message has been sent.');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
      await context.close();
    });
  }
});
