import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration';

// No serious or critical accessibility violation on the shell's main pages, in en and ar.
for (const locale of ['en', 'ar']) {
  for (const path of ['/', '/products', '/no-such-page', '/dashboard']) {
    test(`${path} in ${locale} has no serious or critical axe violations`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      await page.goto(path); // /dashboard: the account redirect lands on /
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
