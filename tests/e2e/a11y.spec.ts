import { axeOncePerLayout, axeViolations } from './support/axe';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration';

// No serious or critical accessibility violation on the shell's main pages, once per layout:
// in en at 1280 px, in ar at 375 px (support/axe.ts axeAtThisWidth). `/` in en at 1280 px is
// home.spec.ts's "clean pages", which holds it to axe's best practices as well.
for (const locale of ['en', 'ar']) {
  for (const path of ['/', '/products', '/no-such-page']) {
    test(`${path} in ${locale} has no serious or critical axe violations`, async ({ page, baseURL }, testInfo) => {
      axeOncePerLayout(testInfo, locale);
      testInfo.skip(path === '/' && locale === 'en', "home.spec.ts's clean pages check it, best practices included");
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.goto(path);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
