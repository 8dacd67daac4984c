// Full-page screenshots after scrolling (so lazy images load), for my own review.
import { chromium } from '@playwright/test';
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const locale of ['en', 'ar']) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 640 ? 800 : 900 } });
    await context.addCookies([{ name: 'locale', value: locale, url: base! }]);
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${locale} ${width} ${m.type()}]`, m.text()); });
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); }
        document.querySelectorAll('img[loading="lazy"]').forEach((img) => ((img as HTMLImageElement).loading = 'eager'));
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^\w-]+/g, '_');
      await page.screenshot({ path: `/tmp/helperA-shots/${name}-${width}-${locale}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
