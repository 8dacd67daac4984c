import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { flash, productNameIn, type ProductCard } from './support/shopper-api';

/**
 * The shopper chooses a size and colour (docs/product.md §3.2, §4.3, §4.6): a card's Add to
 * Cart opens a chooser, the product page requires the choice, and the price shown for a
 * choice is the price the cart line gets; nothing is added without the choice. With
 * JavaScript and without, in English and Arabic; at phone width too (the mobile project) the
 * card's chooser and the drawer, whose layout differs there; the product and cart page forms are
 * the same at any width (`@any-width`).
 */

type Option = { id: number; name: string; price: number };
type ChoiceCard = ProductCard & { sizes: Option[]; colors: Option[] };

/** A product in stock in several sizes and colours, a size and a colour of which cost extra. */
async function choiceProduct(request: APIRequestContext): Promise<ChoiceCard> {
  const { data } = await (await request.get('/api/products?per_page=100&sort_type=newest')).json();
  const product = (data.products as ChoiceCard[]).find(
    (card) => card.quantity > 20 && card.sizes.length > 1 && card.colors.length > 1 && card.sizes.some((size) => size.price > 0) && card.colors.some((color) => color.price > 0),
  );
  if (!product) throw new Error('No product in stock with sizes and colours that cost extra');
  return product;
}

const cents = (amount: number) => Math.round(amount * 100);
/** The unit price of a choice by docs/product.md §4.3: the discount price when above 0, else the price, plus the surcharges. */
const unitOf = (card: ChoiceCard, size: Option, color: Option) =>
  (cents(card.discount_price > 0 ? card.discount_price : card.price) + cents(size.price) + cents(color.price)) / 100;
const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const dearest = (options: Option[]) => options.reduce((high, option) => (option.price > high.price ? option : high));
const cheapest = (options: Option[]) => options.reduce((low, option) => (option.price < low.price ? option : low));

interface Line {
  id: number;
  line_id: number;
  size: { id: number } | null;
  color: { id: number } | null;
  quantity: number;
  price: number;
  discount_price: number;
}
const linesOf = async (call: (method: 'GET' | 'POST', path: string, data?: unknown) => Promise<{ body: any }>) =>
  ((await call('GET', '/carts')).body.data.cart_items as { products: Line[] }[]).flatMap((group) => group.products);
/** What a cart line's unit costs, as the cart shows it. */
const lineUnit = (line: Line) => (line.discount_price > 0 ? line.discount_price : line.price);

async function inLocale(page: Page, baseURL: string, locale: string): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL }]);
}

const ADDED = { en: 'Product added to cart successfully', ar: 'تمت إضافة المنتج إلى السلة بنجاح' } as const;
const UPDATED = { en: 'Cart updated', ar: 'تم تحديث السلة' } as const;
const CHOOSE_SIZE = { en: 'Please choose a size.', ar: 'يرجى اختيار المقاس.' } as const;
type Locale = keyof typeof ADDED;

/** The card of `product` on a search for its name. */
async function cardOf(page: Page, product: ChoiceCard): Promise<Locator> {
  await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
  const card = page.locator('article', { has: page.locator(`a[href="/products/${product.id}/details"]`) }).first();
  await expect(card).toBeVisible();
  return card;
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`with JavaScript (${locale})`, () => {
    test(`a card's Add to Cart opens a chooser: nothing is added until a size and colour are chosen, at the price shown`, async ({ page, baseURL, shopper }) => {
      await inLocale(page, baseURL!, locale);
      const product = await choiceProduct(page.request);
      const card = await cardOf(page, product);
      await page.waitForLoadState('load');
      // The card's price is the cheapest choice's, "From" since the choice changes it.
      await expect(card.locator('[data-card-price]')).toContainText(dollars(unitOf(product, cheapest(product.sizes), cheapest(product.colors))));
      await card.locator('summary').click();
      const chooser = card.locator('form[data-choice-price]');
      await expect(chooser).toBeVisible();
      await expect(chooser.locator('[data-choice-from]')).toBeVisible();

      // Add to Cart without a choice: the browser asks for it, nothing is sent.
      await chooser.locator('button[type="submit"]').click();
      await expect(chooser.locator('select[name="size"]:invalid')).toHaveCount(1);
      await page.waitForTimeout(300);
      expect(await linesOf(shopper.call)).toEqual([]);

      const size = dearest(product.sizes);
      const color = dearest(product.colors);
      await chooser.locator('select[name="size"]').selectOption(String(size.id));
      await chooser.locator('select[name="color"]').selectOption(String(color.id));
      const shown = dollars(unitOf(product, size, color));
      await expect(chooser.locator('[data-choice-current]')).toHaveText(shown);
      await expect(chooser.locator('[data-choice-from]')).toBeHidden();
      await chooser.locator('button[type="submit"]').click();
      await expect(page.locator('[data-cart-toast]').last()).toContainText(await productNameIn(page.request, product.id, locale));
      // The chooser closes, focus back on its button.
      await expect(chooser).toBeHidden();
      await expect(card.locator('summary')).toBeFocused();
      const [line] = await linesOf(shopper.call);
      expect(line).toMatchObject({ id: product.id, size: { id: size.id }, color: { id: color.id }, quantity: 1 });
      expect(dollars(lineUnit(line!))).toBe(shown);
    });

    test('the product page asks for the choice, and its price follows it', { tag: '@any-width' }, async ({ page, baseURL, shopper }) => {
      await inLocale(page, baseURL!, locale);
      const product = await choiceProduct(page.request);
      await page.goto(`/products/${product.id}/details`);
      await page.waitForLoadState('load');
      await expect(page.locator('input[name="size"]:checked, input[name="color"]:checked')).toHaveCount(0);
      const price = page.locator('[data-price]');
      await expect(price.locator('[data-choice-from]')).toBeVisible();
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(page.locator('input[name="size"]:invalid').first()).toBeAttached();
      await page.waitForTimeout(300);
      expect(await linesOf(shopper.call)).toEqual([]);

      const size = dearest(product.sizes);
      const color = dearest(product.colors);
      await page.locator(`label:has(input[name="size"][value="${size.id}"])`).click();
      await page.locator(`label:has(input[name="color"][value="${color.id}"])`).click();
      const shown = dollars(unitOf(product, size, color));
      await expect(price.locator('[data-choice-current]')).toHaveText(shown);
      await expect(price.locator('[data-choice-from]')).toBeHidden();
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(page.locator('[data-cart-toast]').last()).toContainText(await productNameIn(page.request, product.id, locale));
      const [line] = await linesOf(shopper.call);
      expect(line).toMatchObject({ size: { id: size.id }, color: { id: color.id } });
      expect(dollars(lineUnit(line!))).toBe(shown);
    });

    test("the drawer changes a line's size and colour: merged into the line of that choice, priced again", async ({ page, baseURL, shopper }) => {
      await inLocale(page, baseURL!, locale);
      const product = await choiceProduct(page.request);
      const [small, other] = [cheapest(product.sizes), dearest(product.sizes)];
      const [plain, dear] = [cheapest(product.colors), dearest(product.colors)];
      expect((await shopper.call('POST', '/cart/store', { product_id: product.id, size: small.id, color: plain.id })).status).toBe(200);
      expect((await shopper.call('POST', '/cart/store', { product_id: product.id, size: other.id, color: plain.id, quantity: 2 })).status).toBe(200);
      const [first, second] = await linesOf(shopper.call);

      await page.goto('/products');
      await page.waitForLoadState('load');
      await page.locator('header a[data-open-cart]').first().click();
      const drawer = page.locator('dialog[data-cart-drawer]');
      await expect(drawer.locator('[data-cart-line-id]')).toHaveCount(2);
      await drawer.locator(`[data-cart-line-id="${first!.line_id}"] select`).first().selectOption(String(other.id));
      // One line of that choice now: 3 units, and focus stays in the drawer.
      await expect(drawer.locator('[data-cart-line-id]')).toHaveCount(1);
      const merged = drawer.locator(`[data-cart-line-id="${second!.line_id}"]`);
      await expect(merged.locator('[data-quantity]')).toHaveText('3');
      await expect(drawer.getByRole('heading', { level: 2 }).first()).toBeFocused();

      await merged.locator('select').nth(1).selectOption(String(dear.id));
      const shown = dollars(unitOf(product, other, dear));
      await expect(merged.locator('[data-line-price]')).toHaveText(shown);
      const [line] = await linesOf(shopper.call);
      expect(line).toMatchObject({ line_id: second!.line_id, size: { id: other.id }, color: { id: dear.id }, quantity: 3 });
      expect(dollars(lineUnit(line!))).toBe(shown);
    });
  });

  test.describe(`without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test("a card's chooser works as a form: required options, the server's refusal, then the line", async ({ page, baseURL, shopper }) => {
      await inLocale(page, baseURL!, locale);
      const product = await choiceProduct(page.request);
      const card = await cardOf(page, product);
      const back = `/products?search=${encodeURIComponent(product.name)}`;
      await card.locator('summary').click();
      const chooser = card.locator('form[data-choice-price]');
      await expect(chooser).toBeVisible();
      // Not sent without a choice (the browser's check), and refused when sent anyway.
      await chooser.locator('button[type="submit"]').click();
      await expect(chooser.locator('select[name="size"]:invalid')).toHaveCount(1);
      const posted = await page.request.post('/cart', { form: { action: 'add', product_id: String(product.id), return_to: back }, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(posted.status()).toBeGreaterThanOrEqual(300);
      expect(posted.headers()['location']).toBe(back);
      await page.goto(back);
      await expect(flash(page)).toHaveText(CHOOSE_SIZE[locale as Locale]);
      expect(await linesOf(shopper.call)).toEqual([]);

      const size = dearest(product.sizes);
      const color = dearest(product.colors);
      await card.locator('summary').click();
      // Each option names its surcharge, as the price of the choice is the cart's.
      await expect(chooser.locator(`select[name="size"] option[value="${size.id}"]`)).toContainText(dollars(size.price));
      await chooser.locator('select[name="size"]').selectOption(String(size.id));
      await chooser.locator('select[name="color"]').selectOption(String(color.id));
      await chooser.locator('button[type="submit"]').click();
      await expect(flash(page)).toHaveText(ADDED[locale as Locale]);
      const [line] = await linesOf(shopper.call);
      expect(line).toMatchObject({ id: product.id, size: { id: size.id }, color: { id: color.id } });
      expect(lineUnit(line!)).toBe(unitOf(product, size, color));
    });

    test('the product page requires the choice and adds it', { tag: '@any-width' }, async ({ page, baseURL, shopper }) => {
      await inLocale(page, baseURL!, locale);
      const product = await choiceProduct(page.request);
      await page.goto(`/products/${product.id}/details`);
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
      await expect(flash(page)).toHaveCount(0);
      expect(await linesOf(shopper.call)).toEqual([]);
      const size = dearest(product.sizes);
      const color = cheapest(product.colors);
      await page.locator(`label:has(input[name="size"][value="${size.id}"])`).click();
      await page.locator(`label:has(input[name="color"][value="${color.id}"])`).click();
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(flash(page)).toHaveText(ADDED[locale as Locale]);
      const [line] = await linesOf(shopper.call);
      expect(line).toMatchObject({ size: { id: size.id }, color: { id: color.id } });
      expect(lineUnit(line!)).toBe(unitOf(product, size, color));
    });
  });

  for (const javaScriptEnabled of [false, true]) {
    test.describe(`the cart page, JavaScript ${javaScriptEnabled ? 'on' : 'off'} (${locale})`, () => {
      test.use({ javaScriptEnabled });

      test('a line changes its size and colour: merged into the line of that choice, priced again', { tag: '@any-width' }, async ({ page, baseURL, shopper }) => {
        await inLocale(page, baseURL!, locale);
        const product = await choiceProduct(page.request);
        const [small, other] = [cheapest(product.sizes), dearest(product.sizes)];
        const [plain, dear] = [cheapest(product.colors), dearest(product.colors)];
        expect((await shopper.call('POST', '/cart/store', { product_id: product.id, size: small.id, color: plain.id })).status).toBe(200);
        expect((await shopper.call('POST', '/cart/store', { product_id: product.id, size: other.id, color: plain.id, quantity: 2 })).status).toBe(200);
        const [first, second] = await linesOf(shopper.call);

        await page.goto('/cart');
        const firstLine = page.locator(`[data-cart-line-id="${first!.line_id}"]`);
        await firstLine.locator('select[name="size"]').selectOption(String(other.id));
        await firstLine.locator('form[data-line-options] button').click();
        await expect(flash(page)).toHaveText(UPDATED[locale as Locale]);
        await expect(page.locator(`[data-cart-line="${product.id}"]`)).toHaveCount(1);
        const merged = page.locator(`[data-cart-line-id="${second!.line_id}"]`);
        await expect(merged.locator('[data-quantity]')).toHaveText('3');

        await merged.locator('select[name="color"]').selectOption(String(dear.id));
        await merged.locator('form[data-line-options] button').click();
        await expect(flash(page)).toHaveText(UPDATED[locale as Locale]);
        const shown = dollars(unitOf(product, other, dear));
        await expect(page.locator(`[data-cart-line-id="${second!.line_id}"]`)).toContainText(shown);
        await expect(page.locator(`[data-cart-line-id="${second!.line_id}"] select[name="color"]`)).toHaveValue(String(dear.id));
        const [line] = await linesOf(shopper.call);
        expect(line).toMatchObject({ size: { id: other.id }, color: { id: dear.id }, quantity: 3 });
        expect(dollars(lineUnit(line!))).toBe(shown);
      });
    });
  }
}
