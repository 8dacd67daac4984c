import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('renders on the server from the API: app name, logo, theme and categories', async ({ page, request }) => {
    const master = (await (await request.get('/api/master')).json()).data;
    const { categories } = (await (await request.get('/api/categories')).json()).data;

    // The HTML as sent by the server, before any JavaScript.
    const html = await (await request.get('/')).text();
    expect(html).toContain(`<title>Home | ${master.app_name}</title>`);
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain(master.web_logo);
    const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    for (const category of categories) expect(html).toContain(`>${escapeHtml(category.name)}<`);

    await page.goto('/');
    await expect(page).toHaveTitle(`Home | ${master.app_name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(master.app_name);
    await expect(page.getByRole('link', { name: categories[0].name })).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary-600').trim());
    expect(primary.toLowerCase()).toBe(master.theme_colors.primary600.toLowerCase());
  });

  test('the stores fill the persistent site settings from /master on their first use, not before', async ({ page, request }) => {
    const master = (await (await request.get('/api/master')).json()).data;
    await page.goto('/');
    await expect(page.getByLabel('Currency')).toBeEnabled();
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.localStorage.getItem('siteSettings'))).toBeNull();
    // The first use: the navbar basket opens the cart drawer.
    await page.locator('header a[data-open-cart]').first().click();
    await expect.poll(async () => page.evaluate(() => window.localStorage.getItem('siteSettings'))).toContain(`"appName":"${master.app_name}"`);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('siteSettings') ?? '{}'));
    expect(stored.defaultCurrency).toBe(master.currency.name);
    expect(stored.selectedCurrency.name).toBe(master.currency.name);
    expect(stored.currencies).toHaveLength(master.currencies.length);
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
  });
});

test.describe('unknown paths', () => {
  test('show Page Not Found with HTTP 404 in the bare layout', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.locator('header')).toHaveCount(0);
  });

  test('unknown API paths answer JSON 404, not the HTML page', async ({ request }) => {
    const response = await request.get('/api/no-such-thing');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/application\/json/);
    expect((await response.json()).message).toBeTruthy();
  });
});

test.describe('HTTP', () => {
  test('every response carries the security headers', async ({ request }) => {
    for (const path of ['/', '/api/master', '/favicon.svg', '/no/such/page']) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).not.toContain('unsafe-eval');
    }
  });

  test('built scripts are sent pre-compressed with long-lived caching, pages compressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /component-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');
    const page = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers()['content-encoding']).toBe('gzip');
  });

  test('uploaded images are served at the URLs the API gives', async ({ request }) => {
    const { categories } = (await (await request.get('/api/categories')).json()).data;
    const image = await request.get(categories[0].thumbnail);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
  });
});
