import { axeViolations } from './support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated, siteSettingsLoaded } from './support/hydration';
import { apiData } from './support/shopper-api';

/** Seconds a countdown shows, read from its days, hours, minutes and seconds. */
async function timerSeconds(timer: Locator): Promise<number> {
  const text = (await timer.textContent()) ?? '';
  const match = /(\d+)\s*days\s*(\d+)\s*hours\s*(\d+)\s*minutes\s*(\d+)\s*seconds/.exec(text);
  if (!match) throw new Error(`not a countdown: "${text}"`);
  const [days, hours, minutes, seconds] = match.slice(1).map(Number) as [number, number, number, number];
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

const secondsUntil = (iso: string, from = Date.now()) => (Date.parse(iso) - from) / 1000;

/**
 * The countdown is true to the second: never more than was left when the page was
 * requested (`requestedAt`), never more than a second (rounding down) below what is left now.
 */
async function expectCountdownTo(timer: Locator, iso: string, requestedAt: number) {
  const shown = await timerSeconds(timer);
  expect(shown).toBeLessThanOrEqual(secondsUntil(iso, requestedAt));
  expect(shown).toBeGreaterThanOrEqual(secondsUntil(iso) - 1);
}

const section = (page: Page, heading: string) => page.getByRole('region', { name: heading, exact: true });

test.describe('home page sections', () => {
  test('show the banners, categories, flash sales, popular products, best deals, shops and picks from the API', async ({ page, request }) => {
    const home = await apiData(request, '/home');
    await page.goto('/');

    const hero = page.getByRole('region', { name: 'Banners' }).getByRole('img');
    await expect(hero).toHaveCount(home.banners.length);
    await expect(hero.first()).toHaveAttribute('alt', home.banners[0].title);
    await expect(hero.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(hero.first()).toHaveAttribute('loading', 'eager');
    await expect(hero.nth(1)).toHaveAttribute('loading', 'lazy');

    const expectations = [
      ['Categories', '/categories', home.categories[0].name],
      ['Running Flash Sale', `/flash-sale/${home.running_flash_sale.id}`, home.running_flash_sale.products[0].name],
      ['Upcoming Flash Sale', `/flash-sale/${home.incoming_flash_sale.id}`, home.incoming_flash_sale.name],
      ['Popular Products', '/most-popular', home.popular_products[0].name],
      ['Best Deals', '/best-deal', home.best_deals[0].name],
      ['Shops', '/shops', home.shops[0].name],
      ['Just For You', '/products?sort_type=just_for_you', home.just_for_you.products[0].name],
    ] as const;
    for (const [heading, viewAll, firstItem] of expectations) {
      const region = section(page, heading);
      await expect(region.getByRole('heading', { level: 2, name: heading })).toBeAttached();
      await expect(region.getByRole('link', { name: `View all: ${heading}` })).toHaveAttribute('href', viewAll);
      await expect(region.getByText(firstItem).first()).toBeAttached();
    }
    await expect(section(page, 'Popular Products').getByRole('listitem')).toHaveCount(home.popular_products.length);
    await expect(section(page, 'Shops').getByRole('link', { name: home.shops[0].name })).toHaveAttribute('href', `/shops/${home.shops[0].id}`);
  });

  test('a "View all" link leads to its full list', async ({ page }) => {
    await page.goto('/');
    await section(page, 'Popular Products').getByRole('link', { name: 'View all: Popular Products' }).click();
    await expect(page).toHaveURL(/\/most-popular$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Most Popular' })).toBeVisible();
  });
});

test.describe('clean pages', () => {
  for (const path of ['/', '/most-popular', '/best-deal', '/flash-sale/1', '/flash-sale/2']) {
    test(`${path} runs without console errors, CSP violations or axe findings, islands hydrated`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      // Every island, the client:visible countdowns too (scrolled into view), and /master loaded.
      await hydrated(page);
      await siteSettingsLoaded(page);
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      expect(problems).toEqual([]);
      expect(await axeViolations(page, { bestPractice: true, all: true })).toEqual([]);
    });
  }
});

test.describe('flash sale countdown', () => {
  test('ticks every second and shows the time left until the running sale ends', async ({ page, request }) => {
    const { running_flash_sale: sale } = await apiData(request, '/home');
    const requestedAt = Date.now();
    await page.goto('/');
    const timer = section(page, 'Running Flash Sale').getByRole('timer', { name: 'Ends in' });
    await timer.scrollIntoViewIfNeeded();
    const first = await timerSeconds(timer);
    await expect.poll(() => timerSeconds(timer), { timeout: 2500, intervals: [200] }).toBeLessThan(first);
    await expectCountdownTo(timer, sale.end_date, requestedAt);
    const ticked = await timerSeconds(timer);
    await expect.poll(() => timerSeconds(timer), { timeout: 2500, intervals: [200] }).toBe(ticked - 1);
  });

  test('counts down to the start of the upcoming sale', async ({ page, request }) => {
    const { incoming_flash_sale: sale } = await apiData(request, '/home');
    const requestedAt = Date.now();
    await page.goto('/');
    const timer = section(page, 'Upcoming Flash Sale').getByRole('timer', { name: 'Starts in' });
    await timer.scrollIntoViewIfNeeded();
    await expect(timer).toHaveAttribute('datetime', sale.start_date);
    await expectCountdownTo(timer, sale.start_date, requestedAt);
  });

  test('is right in the HTML the server sends, before any script runs', async ({ browser, baseURL, request }) => {
    const { running_flash_sale: sale } = await apiData(request, '/home');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const requestedAt = Date.now();
    await page.goto('/');
    await expectCountdownTo(section(page, 'Running Flash Sale').getByRole('timer', { name: 'Ends in' }), sale.end_date, requestedAt);
    await context.close();
  });

  test('says the sale has ended when it reaches zero', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const region = section(page, 'Running Flash Sale');
    const timer = region.getByRole('timer', { name: 'Ends in' });
    await timer.scrollIntoViewIfNeeded();
    const before = await timerSeconds(timer);
    await page.clock.fastForward('10:00:00');
    await expect.poll(() => timerSeconds(timer)).toBeLessThanOrEqual(before - 36_000);
    await page.clock.fastForward(10 * 24 * 3600 * 1000);
    await expect(region.getByRole('status')).toHaveText('This flash sale has ended.');
    await expect(region.getByRole('timer')).toHaveCount(0);
  });
});

test.describe('flash sale page', () => {
  test('a running sale shows its banner, countdown to the end and its products with sale prices, page by page', async ({ page, request }) => {
    const { running_flash_sale: home } = await apiData(request, '/home');
    const details = await apiData(request, `/flash-sale/${home.id}/details`);
    const requestedAt = Date.now();
    const response = await page.goto(`/flash-sale/${home.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.name);
    await expect(page.getByRole('img', { name: home.name })).toHaveAttribute('fetchpriority', 'high');
    await expectCountdownTo(page.getByRole('timer', { name: 'Ends in' }), home.end_date, requestedAt);

    const products = page.getByRole('region', { name: 'Products' }).getByRole('listitem');
    await expect(products).toHaveCount(details.flash_sale.products.length);
    const first = details.flash_sale.products[0];
    await expect(products.first()).toContainText(first.name);
    await expect(products.first()).toContainText(`$${first.sale_price.toFixed(2)}`);
    await expect(products.first()).toContainText(`${first.sale_sold} of ${first.sale_quantity} sold`);

    // The seeded running sale has more products than a page holds (FLASH_SALES in the seed data).
    expect(details.total).toBeGreaterThan(details.flash_sale.products.length);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/flash-sale/${home.id}\\?page=2$`));
    const second = await apiData(request, `/flash-sale/${home.id}/details?page=2`);
    await expect(products.first()).toContainText(second.flash_sale.products[0].name);
  });

  test('an upcoming sale counts down to its start and shows the prices to come', async ({ page, request }) => {
    const { incoming_flash_sale: sale } = await apiData(request, '/home');
    const details = await apiData(request, `/flash-sale/${sale.id}/details`);
    const requestedAt = Date.now();
    const response = await page.goto(`/flash-sale/${sale.id}`);
    expect(response?.status()).toBe(200);
    await expectCountdownTo(page.getByRole('timer', { name: 'Starts in' }), sale.start_date, requestedAt);
    const first = details.flash_sale.products[0];
    await expect(page.getByRole('listitem').filter({ hasText: first.name }).first()).toContainText(`Sale price: $${first.sale_price.toFixed(2)}`);
  });

  test('carries a BreadcrumbList for search engines and the same trail on screen', async ({ page, request }) => {
    const { running_flash_sale: sale } = await apiData(request, '/home');
    await page.goto(`/flash-sale/${sale.id}`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trail.locator('[aria-current="page"]')).toHaveText(sale.name);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const breadcrumbs = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumbs.itemListElement.map((item: { position: number; name: string }) => [item.position, item.name])).toEqual([
      [1, 'Home'],
      [2, sale.name],
    ]);
  });

  for (const path of ['/flash-sale/999999', '/flash-sale/abc', '/flash-sale/0']) {
    test(`${path} is Page Not Found with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });
  }
});

test.describe('most popular and best deal', () => {
  for (const [path, heading, sort] of [
    ['/most-popular', 'Most Popular', 'popular_product'],
    ['/best-deal', 'Best Deal', 'best_deal'],
  ] as const) {
    test(`${path} lists products in ${sort} order, page by page without JavaScript`, async ({ browser, baseURL, request }) => {
      const [first, second] = [await apiData(request, `/products?sort_type=${sort}`), await apiData(request, `/products?sort_type=${sort}&page=2`)];
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(10);
      await expect(cards.first()).toContainText(first.products[0].name);
      await expect(page.getByText(`Showing 1 to 10 of ${first.total} results`)).toBeVisible();
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?page=2$`));
      await expect(cards.first()).toContainText(second.products[0].name);
      await expect(page).toHaveTitle(new RegExp(`^${heading} \\(Page 2\\) \\| `));
      await context.close();
    });
  }

  test('a page number that is not a number goes back to the first page', async ({ page }) => {
    await page.goto('/best-deal?page=abc');
    await expect(page).toHaveURL(/\/best-deal$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the largest paint is reported: no carousel scrolls itself on load', async ({ page }) => {
    // A scroll ends Chrome's largest-contentful-paint observation: a snapping row whose first
    // item does not sit at its start would scroll on load, and Lighthouse would find no LCP.
    await page.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { largestPaints: seen });
      new PerformanceObserver((list) => seen.push(...list.getEntries().map((entry) => entry.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { largestPaints: number[] }).largestPaints.length)).toBeGreaterThan(0);
    const scrolled = await page
      .locator('ul')
      .evaluateAll((lists) => lists.filter((list) => list.scrollLeft !== 0).map((list) => list.getAttribute('aria-label') ?? list.className));
    expect(scrolled).toEqual([]);
  });
});
