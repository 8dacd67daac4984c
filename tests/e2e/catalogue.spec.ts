import { axeOncePerLayout, axeViolations } from './support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './support/hydration';
import { shownPrice } from '../../src/lib/price';
import { isMobile } from './support/session';
import { apiData as api } from './support/shopper-api';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Card {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  discount_percentage: number;
  quantity: number;
  brand: string | null;
  total_reviews: string;
  shop: { id: number; name: string };
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; price: number }[];
}
interface Category {
  id: number;
  name: string;
  slug: string;
  sub_categories: { id: number; name: string }[];
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
/** The price a card shows (the price rule's), in dollars. */
async function cardPrices(scope: Locator): Promise<number[]> {
  const texts = await scope.locator('article').evaluateAll((cards) => cards.map((card) => card.querySelector('[data-card-price] bdi[dir="ltr"]')?.textContent ?? ''));
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}
/** On phones the filters sit behind a disclosure. */
const openFilters = (page: Page) => page.locator('summary', { hasText: 'Filters' }).click();
const ascending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

test.describe('browsing', () => {
  test('home → category → sub-category → product', async ({ page, request }) => {
    const { categories } = await api<{ categories: Category[] }>(request, '/categories');
    const category = categories.find((item) => item.sub_categories.length > 1)!;
    const sub = category.sub_categories[1]!;

    await page.goto('/');
    await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/categories/${category.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);

    await page.getByRole('navigation', { name: 'Sub Category' }).getByRole('link', { name: sub.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/categories/${category.slug}\\?subcategory=${sub.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sub.name);
    await expect(page.getByRole('link', { name: sub.name, exact: true })).toHaveAttribute('aria-current', 'page');

    const first = page.locator('main article').first();
    const name = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/products\/\d+\/details$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // The product really is in that sub-category: its breadcrumb trail says so.
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: category.name })).toHaveAttribute('href', `/categories/${category.slug}`);
    await expect(trail.getByRole('link', { name: sub.name })).toHaveAttribute('href', `/categories/${category.slug}?subcategory=${sub.id}`);
  });

  test('the category menu form /categories/{id}?subcategory={id} works too, with breadcrumbs for search engines', { tag: '@any-width' }, async ({ page, request }) => {
    const { categories } = await api<{ categories: Category[] }>(request, '/categories');
    const category = categories[0]!;
    const sub = category.sub_categories[0]!;
    const response = await page.goto(`/categories/${category.id}?subcategory=${sub.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sub.name);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const breadcrumbs = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', 'Categories', category.name, sub.name]);
  });

  test('/categories lists every category with its sub-categories', { tag: '@any-width' }, async ({ page, request }) => {
    const { categories } = await api<{ categories: Category[] }>(request, '/categories');
    expect(categories.some((category) => category.sub_categories.length > 0)).toBe(true);
    await page.goto('/categories');
    for (const category of categories) {
      await expect(page.getByRole('heading', { name: category.name, level: 2 })).toBeVisible();
      // None when the category has none.
      await expect(page.getByRole('list', { name: `Sub-categories of ${category.name}` }).getByRole('link')).toHaveCount(category.sub_categories.length);
    }
  });
});

test.describe('search', () => {
  test('the navbar search lands on /products?search= with matching results', async ({ page }) => {
    await page.goto('/');
    if (isMobile(page)) await page.getByRole('button', { name: 'Search', exact: true }).click();
    const box = page.getByRole('searchbox', { name: 'Search products' }).locator('visible=true');
    await box.fill('kettle');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=kettle$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "kettle"');
    const names = await results(page).locator('article h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('kettle');
    // Only here does the search box show the current search (docs/product.md §2.4).
    const searchBoxes = page.locator('input[name="search"]');
    await expect(searchBoxes).not.toHaveCount(0);
    for (const searchBox of await searchBoxes.all()) await expect(searchBox).toHaveValue('kettle');
  });

  test('products-shops shows matching products and shops', { tag: '@any-width' }, async ({ page, request }) => {
    const [products, shops] = await Promise.all([
      api<{ total: number }>(request, '/products?search=casa&per_page=1'),
      api<{ total: number; shops: { name: string }[] }>(request, '/shops?search=casa'),
    ]);
    expect(products.total).toBeGreaterThan(0);
    expect(shops.total).toBeGreaterThan(0);
    await page.goto('/products-shops?search=casa');
    const productSection = page.getByRole('region', { name: /^Products/ });
    const shopSection = page.getByRole('region', { name: /^Shops/ });
    await expect(productSection.getByRole('heading', { level: 2 })).toContainText(`(${products.total})`);
    await expect(productSection.locator('article').first()).toBeVisible();
    await expect(shopSection.getByRole('link', { name: shops.shops[0]!.name })).toBeVisible();
  });
});

for (const javaScriptEnabled of [false, true]) {
  test(`filter, sort and paginate /products (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL, request }, testInfo) => {
    const { filters } = await api<{ filters: { brands: { id: number; name: string; total: number }[] } }>(request, '/products?per_page=1');
    const [a, b] = filters.brands;
    const { viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch } = testInfo.project.use;
    const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile: mobile, hasTouch, javaScriptEnabled, baseURL });
    const page = await context.newPage();
    await page.goto('/products');
    if (isMobile(page)) await openFilters(page);
    for (const brand of [a!, b!]) await page.getByRole('checkbox', { name: new RegExp(`^${escape(brand.name)} \\d+$`) }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    // One tidy address holds the state.
    await expect(page).toHaveURL(new RegExp(`/products\\?brand_id=${a!.id},${b!.id}$`));
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: `Remove filter: ${a!.name}` })).toBeVisible();
    const brands = await results(page).locator('article p:first-of-type').allTextContents();
    expect(brands.length).toBe(10);
    for (const brand of brands) expect([a!.name, b!.name]).toContain(brand.trim());

    await page.getByText('Sort by:').click();
    await page.getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(new RegExp(`brand_id=${a!.id},${b!.id}&sort_type=low_to_high$`));
    const firstPage = await cardPrices(results(page));
    expect(ascending(firstPage)).toBe(true);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    // Page links keep every parameter (the comma may come encoded).
    await expect(page).toHaveURL(new RegExp(`brand_id=${a!.id}(,|%2C)${b!.id}&sort_type=low_to_high&page=2$`));
    await expect(page.getByText(`Showing 11 to 20 of ${a!.total + b!.total} results`)).toBeVisible();
    const secondPage = await cardPrices(results(page));
    expect(ascending([...firstPage, ...secondPage])).toBe(true);

    await page.getByText('Sort by:').click();
    await page.getByRole('link', { name: 'Price: high to low' }).click();
    await expect(page).toHaveURL(/sort_type=high_to_low$/);
    const descending = await cardPrices(results(page));
    expect(ascending([...descending].reverse())).toBe(true);
    expect(descending[0]).toBeGreaterThanOrEqual(Math.max(...secondPage));
    await context.close();
  });
}

test.describe('listing navigation', () => {
  test('the last page is one link away, and a keyboard skips the filters to the products', async ({ page, request }) => {
    const { total } = await api<{ total: number }>(request, '/products?per_page=1');
    const last = Math.ceil(total / 10); // the listing's page of 10 (docs/product.md §9)
    expect(last).toBeGreaterThan(7);
    await page.goto('/products');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: String(last), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/products\\?page=${last}$`));
    await expect(pagination.locator('[aria-current="page"]')).toHaveText(String(last));
    await expect(pagination.getByRole('link', { name: '1', exact: true })).toBeVisible();
    // Every page link on the bar fits the screen's width, at 375 px too.
    const width = page.viewportSize()!.width;
    for (const link of await pagination.getByRole('link').all()) {
      if (!(await link.isVisible())) continue;
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }

    await page.goto('/products');
    await page.keyboard.press('Tab'); // the layout's skip link
    const skip = page.getByRole('link', { name: 'Skip to results' });
    for (let stops = 0; stops < 60 && !(await skip.evaluate((element) => element === document.activeElement)); stops++) await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#results')).toBeFocused();
    // The next stop is the results' own first control (the sort), no filter in between.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#results') !== null)).toBe(true);
  });
});

test.describe('listing state', () => {
  test('a price range and rating from the form filter by what the shopper pays', { tag: '@any-width' }, async ({ page }) => {
    await page.goto('/products?min_price=20&max_price=40&rating=4&sort_type=low_to_high');
    const prices = await cardPrices(results(page));
    expect(prices.length).toBeGreaterThan(0);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...prices)).toBeLessThanOrEqual(40);
    expect(ascending(prices)).toBe(true);
    if (isMobile(page)) await openFilters(page);
    await expect(page.getByLabel('Min')).toHaveValue('20');
    await expect(page.getByRole('radio', { name: '4 stars & up' })).toBeChecked();
  });

  test('bad values in the address show the page with a message, never an error', { tag: '@any-width' }, async ({ page }) => {
    const response = await page.goto('/products?sort_type=bogus&page=-1&rating=9');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Some filters in the address could not be used and were left out.')).toBeVisible();
    await expect(page.getByText('The rating field must not be greater than 5.')).toBeVisible();
    await expect(results(page).locator('article').first()).toBeVisible();
  });

  test('nothing found says so and offers to clear the filters', { tag: '@any-width' }, async ({ page }) => {
    await page.goto('/products?search=kettle&min_price=999999');
    await expect(page.getByText('No products found')).toBeVisible();
    await results(page).getByRole('link', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/products\?search=kettle$/);
    await expect(results(page).locator('article').first()).toBeVisible();
  });
});

test.describe('product details', () => {
  test('shows the price rule, discount badge, options, stock, reviews and valid Product JSON-LD', async ({ page, request }) => {
    const { products } = await api<{ products: Card[] }>(request, '/products?sort_type=best_deal&per_page=100');
    const surchargeOf = (item: Card) => [...item.sizes, ...item.colors].find((option) => option.price > 0);
    const product = products.find((item) => item.discount_price > 0 && item.sizes.length > 0 && item.colors.length > 0 && Number(item.total_reviews) > 0 && surchargeOf(item))!;
    expect(product).toBeDefined();
    const reviews = await api<{ summary: { total: number; average: number } }>(request, `/reviews?product_id=${product.id}`);

    await page.goto(`/products/${product.id}/details`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const price = page.locator('[data-price]');
    await expect(price).toContainText(`$${product.discount_price.toFixed(2)}`);
    await expect(price.locator('s')).toContainText(`$${product.price.toFixed(2)}`);
    await expect(price).toContainText(`${product.discount_percentage}% OFF`);
    for (const size of product.sizes) await expect(page.getByRole('radio', { name: new RegExp(`^${escape(size.name)}\\b`) })).toBeAttached();
    for (const color of product.colors) await expect(page.getByRole('radio', { name: new RegExp(`^${escape(color.name)}\\b`) })).toBeAttached();
    const surcharge = surchargeOf(product)!;
    await expect(page.getByRole('radio', { name: new RegExp(`^${escape(surcharge.name)} \\+\\$${surcharge.price.toFixed(2)}`) })).toBeAttached();
    await expect(page.locator('[data-stock]')).toHaveText(product.quantity > 0 ? /In stock|left in stock/ : 'Out of stock');
    await expect(page.getByLabel('Quantity')).toHaveValue('1');
    await expect(page.getByRole('link', { name: product.shop.name, exact: true })).toHaveAttribute('href', `/shops/${product.shop.id}`);
    const reviewSection = page.getByRole('region', { name: 'Reviews' });
    await expect(reviewSection).toContainText(`${reviews.summary.total} reviews`);
    await expect(page.locator('.rich-text')).not.toBeEmpty();

    const main = page.locator('[data-gallery-track] img').first();
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('loading', 'eager');

    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const jsonLd = data.find((item) => item['@type'] === 'Product');
    expect(jsonLd).toMatchObject({
      name: product.name,
      offers: {
        '@type': 'Offer',
        price: product.discount_price.toFixed(2),
        priceCurrency: 'USD',
        availability: `https://schema.org/${product.quantity > 0 ? 'InStock' : 'OutOfStock'}`,
      },
      aggregateRating: { ratingValue: reviews.summary.average, reviewCount: reviews.summary.total },
    });
    expect(data.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('a product in the running flash sale shows the offer as its price and links the sale (§4.3)', { tag: '@any-width' }, async ({ page, request }) => {
    type SaleCard = Card & { sale_price: number; sale_quantity: number; sale_sold: number };
    const { running_flash_sale: sale } = await api<{ running_flash_sale: { id: number; name: string; products: SaleCard[] } }>(request, '/home');
    // One whose allocation lasts and whose offer is below its own price: the offer prices it (lib/price.ts).
    const product = sale.products.find((item) => item.sale_sold < item.sale_quantity && item.discount_price === item.sale_price)!;
    expect(product).toBeDefined();
    await page.goto(`/products/${product.id}/details`);
    const price = page.locator('[data-price]');
    await expect(price).toContainText(`$${product.sale_price.toFixed(2)}`);
    await expect(price.locator('s')).toContainText(`$${product.price.toFixed(2)}`);
    await expect(page.getByRole('link', { name: `Flash Sale: ${sale.name}` })).toHaveAttribute('href', `/flash-sale/${sale.id}`);
  });

  test('reviews page through ?reviews_page and thumbnails switch the image', { tag: '@any-width' }, async ({ page, request }) => {
    const { products } = await api<{ products: Card[] }>(request, '/products?sort_type=just_for_you&per_page=20');
    let product: Card | undefined;
    // One with more than a page of reviews and more than one image (both exist in the seed).
    for (const item of products.filter((candidate) => Number(candidate.total_reviews) > 5)) {
      const { product: details } = await api<{ product: { thumbnail: string; thumbnails: { thumbnail: string }[] } }>(request, `/product-details?product_id=${item.id}`);
      if (new Set([details.thumbnail, ...details.thumbnails.map((image) => image.thumbnail)]).size > 1) {
        product = item;
        break;
      }
    }
    expect(product).toBeDefined();
    await page.goto(`/products/${product!.id}/details`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const firstNames = await reviews.locator('article h3').allTextContents();
    await reviews.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/reviews_page=2#reviews$/);
    const secondNames = await reviews.locator('article h3').allTextContents();
    expect(secondNames.length).toBeGreaterThan(0);
    expect(secondNames).not.toEqual(firstNames);

    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('link');
    await expect(thumbs.nth(1)).toBeVisible();
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-gallery-track] figure').nth(1)).toBeInViewport();
  });

  test('JSON-LD offers the price in the currency the page shows', { tag: '@any-width' }, async ({ page, request, baseURL }) => {
    const master = await api<{ currencies: { name: string; rate_from_default: number }[] }>(request, '/master');
    const euro = master.currencies.find((currency) => currency.name === 'EUR')!;
    const { products } = await api<{ products: Card[] }>(request, '/products?per_page=1');
    const product = products[0]!;
    await page.context().addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
    await page.goto(`/products/${product.id}/details`);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product');
    const paid = shownPrice(product).current;
    expect(jsonLd.offers).toMatchObject({ priceCurrency: 'EUR', price: (Math.round(paid * euro.rate_from_default * 100) / 100).toFixed(2) });
  });
});

test.describe('not found', { tag: '@any-width' }, () => {
  for (const path of ['/products/99999999/details', '/products/not-a-number/details', '/categories/no-such-category', '/categories/999999', '/categories/1?subcategory=999999']) {
    test(`${path} is Page Not Found with 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    });
  }
});

test.describe('accessibility', () => {
  for (const locale of ['en', 'ar']) {
    for (const path of ['/categories', '/categories/fashion?subcategory=1', '/products-shops?search=casa', '/products?search=shirt&size_id=3', '/products/158/details']) {
      test(`${path} in ${locale} has no serious or critical axe violations`, async ({ page, baseURL }, testInfo) => {
        axeOncePerLayout(testInfo, locale);
        await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
        expect((await page.goto(path))?.status()).toBe(200);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
