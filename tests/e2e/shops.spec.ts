import { axeViolations } from './support/axe';
import { expect, test, type Browser } from '@playwright/test';
import { hydrated, siteSettingsLoaded } from './support/hydration';
import { apiData } from './support/shopper-api';

/** A page with JavaScript off: everything here must work as plain links and forms. */
async function staticPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('clean pages', () => {
  for (const path of ['/shops', '/shops?search=casa', '/shops/casa-living']) {
    test(`${path} runs without console errors, CSP violations or axe findings`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await hydrated(page);
      await siteSettingsLoaded(page);
      expect(problems).toEqual([]);
      expect(await axeViolations(page, { bestPractice: true, all: true })).toEqual([]);
    });
  }
});

test.describe('shops list', () => {
  test('pages through the shops without JavaScript', async ({ browser, baseURL, request }) => {
    const [first, second] = [await apiData(request, '/shops'), await apiData(request, '/shops?page=2')];
    expect(first.total).toBeGreaterThan(10);
    const { page, close } = await staticPage(browser, baseURL);
    await page.goto('/shops');
    await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(first.shops.length);
    await expect(cards.first().getByRole('heading')).toHaveText(first.shops[0].name);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/shops\?page=2$/);
    await expect(cards).toHaveCount(second.shops.length);
    await expect(cards.first().getByRole('heading')).toHaveText(second.shops[0].name);
    await expect(page.getByText(`Showing 11 to ${10 + second.shops.length} of ${first.total} results`)).toBeVisible();
    await close();
  });

  test('searches shops by name without JavaScript, and says when none match', async ({ browser, baseURL }) => {
    const { page, close } = await staticPage(browser, baseURL);
    await page.goto('/shops');
    await page.getByRole('searchbox', { name: 'Search shops' }).fill('casa');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/shops\?search=casa$/);
    await expect(page.getByText('Search results for "casa"')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search shops' })).toHaveValue('casa');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole('heading')).toHaveText('Casa Living');

    await page.getByRole('searchbox', { name: 'Search shops' }).fill('no such shop anywhere');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No shops found')).toBeVisible();
    await expect(cards).toHaveCount(0);
    await close();
  });

  test('a shop card opens the shop page', async ({ page, request }) => {
    const { shops } = await apiData(request, '/shops');
    await page.goto('/shops');
    await page.getByRole('link', { name: shops[1].name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shops/${shops[1].id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shops[1].name);
  });
});

test.describe('shop page', () => {
  test('shows the banner, logo, rating and description, and lists only that shop’s products', async ({ page, request }) => {
    const { shop } = await apiData(request, '/shops/casa-living');
    const listing = await apiData(request, `/products?shop_id=${shop.id}`);
    const response = await page.goto('/shops/casa-living');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.name);
    await expect(page.getByRole('img', { name: `${shop.name} logo` })).toBeVisible();
    await expect(page.getByText(`(${shop.total_reviews} reviews)`)).toBeVisible();
    await expect(page.getByText(shop.short_description)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Description' })).toContainText('Free returns within 14 days');

    const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
    await expect(cards).toHaveCount(listing.products.length);
    for (const [index, product] of listing.products.entries()) {
      expect(product.shop.id).toBe(shop.id);
      await expect(cards.nth(index)).toContainText(product.name);
    }
    await expect(page.getByText(`Showing 1 to 10 of ${listing.total} results`)).toBeVisible();
  });

  test('the same shop opens by id and by slug', async ({ page, request }) => {
    const { shop } = await apiData(request, '/shops/casa-living');
    expect((await page.goto(`/shops/${shop.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.name);
  });

  test('sorts, filters and pages its products without JavaScript', async ({ browser, baseURL, request }) => {
    const { shop } = await apiData(request, '/shops/casa-living');
    const cheapest = await apiData(request, `/products?shop_id=${shop.id}&sort_type=low_to_high`);
    const cheapestPage2 = await apiData(request, `/products?shop_id=${shop.id}&sort_type=low_to_high&page=2`);
    const { page, close } = await staticPage(browser, baseURL);
    await page.goto('/shops/casa-living');
    await page.getByLabel('Sort by').selectOption('low_to_high');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/shops\/casa-living\?sort_type=low_to_high$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('low_to_high');
    const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
    await expect(cards.first()).toContainText(cheapest.products[0].name);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/shops\/casa-living\?sort_type=low_to_high&page=2$/);
    await expect(cards.first()).toContainText(cheapestPage2.products[0].name);

    await page.getByLabel('Rating').selectOption('4');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/shops\/casa-living\?rating=4&sort_type=low_to_high$/);
    const rated = await apiData(request, `/products?shop_id=${shop.id}&sort_type=low_to_high&rating=4`);
    await expect(cards).toHaveCount(rated.products.length);
    await close();
  });

  test('links to the full product search for this shop', async ({ page, request }) => {
    const { shop } = await apiData(request, '/shops/casa-living');
    await page.goto('/shops/casa-living');
    await expect(page.getByRole('link', { name: 'More filters: brands, colours and sizes' })).toHaveAttribute('href', `/products?shop_id=${shop.id}`);
  });

  test('carries a BreadcrumbList: Home, Shops, the shop', async ({ page, baseURL }) => {
    await page.goto('/shops/casa-living');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'Shops' })).toHaveAttribute('href', '/shops');
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const breadcrumbs = jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` },
      { '@type': 'ListItem', position: 2, name: 'Shops', item: `${baseURL}/shops` },
      { '@type': 'ListItem', position: 3, name: 'Casa Living' },
    ]);
  });

  for (const [path, why] of [
    ['/shops/no-such-shop', 'an unknown shop'],
    ['/shops/999999', 'an unknown id'],
    ['/shops/nova-home-decor', 'a shop under review'],
    ['/shops/bad_slug!', 'a malformed slug'],
  ] as const) {
    test(`${why} is Page Not Found with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });
  }
});
