/**
 * Screenshots of pages as shoppers see them, for a look before shipping:
 *   npx tsx scripts/screenshots.ts http://127.0.0.1:4321 / /products
 * Writes screenshots/<page>-<width>-<locale>.png at 375px and 1280px, in en and ar
 * (LOCALES=ar,ir for others).
 * SIGN_IN=<email> signs in as that account first (demo password), for account pages.
 * AXE=1 also runs the end-to-end tests' axe check (WCAG 2.1 A/AA, serious and critical) on
 * each page at each width and language, prints what it finds and exits 1 if anything.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { axeViolations } from '../tests/e2e/support/axe.ts';

const [base = 'http://127.0.0.1:4321', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
mkdirSync('screenshots', { recursive: true });
const findings: string[] = [];
for (const locale of (process.env.LOCALES ?? 'en,ar').split(',')) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 640 ? 800 : 900 } });
    await context.addCookies([{ name: 'locale', value: locale, url: base }]);
    if (process.env.SIGN_IN) {
      const login = await context.request.post(`${base}/api/login`, { data: { phone: process.env.SIGN_IN, password: process.env.SIGN_IN_PASSWORD ?? 'password' } });
      if (!login.ok()) throw new Error(`Sign-in as ${process.env.SIGN_IN} failed: ${login.status()}`);
    }
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^\w-]+/g, '_');
      await page.screenshot({ path: `screenshots/${name}-${width}-${locale}.png`, fullPage: true });
      if (process.env.AXE) for (const violation of await axeViolations(page)) findings.push(`${path} ${width}px ${locale}: ${violation}`);
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots/ written for ${pages.join(', ')}`);
if (process.env.AXE) {
  console.log(findings.length ? findings.join('\n') : 'axe: no serious or critical violation');
  if (findings.length) process.exitCode = 1;
}
