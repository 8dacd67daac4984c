import { axeAtThisWidth, axeViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * Every page of the shop dashboard (src/lib/seller-pages.ts), as the demo seller sees it, at
 * both widths in English and Arabic: nothing scrolls sideways, and no serious or critical
 * accessibility violation (checked once per layout: English at 1280 px, Arabic at 375 px,
 * support/axe.ts axeAtThisWidth).
 */
for (const locale of ['en', 'ar']) {
  test(`the dashboard's pages in ${locale} fit the screen and are axe-clean`, async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const withAxe = axeAtThisWidth(testInfo, locale);
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await signIn(page, 'seller');
    await page.goto('/shop/orders');
    const firstOrder = await page.locator('a[href^="/shop/orders/"]').first().getAttribute('href');
    const paths = [
      '/shop',
      '/shop/orders',
      firstOrder!,
      '/shop/products',
      '/shop/products/new',
      '/shop/vouchers',
      '/shop/vouchers/new',
      '/shop/earnings',
      '/shop/notifications',
      '/shop/profile',
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      if (withAxe) expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
