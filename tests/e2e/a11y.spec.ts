import { axeOncePerPhoneLayout, axeViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration';

// No serious or critical accessibility violation on the shell's main pages, in en and ar at
// 1280 px and in ar at 375 px (support/axe.ts axeAtThisWidth).
for (const locale of ['en', 'ar']) {
  for (const path of ['/', '/products', '/no-such-page', '/dashboard']) {
    test(`${path} in ${locale} has no serious or critical axe violations`, async ({ page, baseURL }, testInfo) => {
      axeOncePerPhoneLayout(testInfo, locale);
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.goto(path); // /dashboard: the account redirect lands on /
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
