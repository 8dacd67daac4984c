import { expect, test } from '@playwright/test';
import { startVariantServer, type VariantServer } from './support/servers';

// Behaviour that follows site settings, checked on servers whose settings differ from the demo's.
test.describe('settings-driven shell', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1280, 'desktop controls; one run is enough');

  let single: VariantServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    single = await startVariantServer({ show_download_app: false, multi_vendor: false });
  });
  test.afterAll(async () => single?.stop());

  test('the download-app dropdown shows with the setting on and a link, and not otherwise', async ({ page, baseURL }) => {
    await page.goto(baseURL!);
    const dropdown = page.locator('summary', { hasText: 'Download App' });
    await expect(dropdown).toBeVisible();
    await dropdown.click();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' }).first()).toBeVisible();

    await page.goto(single.baseURL);
    await expect(page.locator('summary', { hasText: 'Download App' })).toHaveCount(0);
  });

  test('Become a Seller shows only in multi-vendor mode', async ({ page, baseURL }) => {
    await page.goto(baseURL!);
    await expect(page.getByRole('link', { name: 'Become a Seller' }).first()).toBeVisible();
    await page.goto(single.baseURL);
    await expect(page.getByRole('link', { name: 'Become a Seller' })).toHaveCount(0);
  });
});
