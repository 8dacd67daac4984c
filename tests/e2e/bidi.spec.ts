import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, type Shopper } from './support/fixtures';
import { hydrated } from './support/hydration';
import { cartTab, emptyCartWithAddress, twoShopsProducts, type ProductCard } from './support/shopper-api';

/**
 * Right-to-left pages as they are seen (lib/bidi.ts, docs/product.md §9.1): in Arabic and
 * Persian the runs a sentence embeds (amounts with their sign, order codes, addresses,
 * delivery times, what sellers typed) keep their own order on screen. Positions are measured
 * with ranges over the rendered text, so a scrambled run ("days 3-2", "$50.00−", "TN000001#")
 * fails. Also: Latin digits, plural counts, local flash-sale times, and toasts that cover no
 * control and speak the page's language.
 */

type Messages = Record<string, string>;

const messagesOf = async (request: APIRequestContext, locale: string): Promise<Messages> => (await (await request.get(`/api/lang/${locale}`)).json()).data;

/** Arabic-Indic and Persian digits: the pages write Latin digits in every language (lib/locales.ts intlLocale). */
const NATIVE_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

/** The left edge on screen of the first character of `needle` in the element's text (its first occurrence). */
function leftOf(locator: Locator, needle: string): Promise<number> {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes: { node: Text; start: number }[] = [];
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: text.length });
      text += (node as Text).data;
    }
    const at = text.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" is not in "${text}"`);
    const { node, start } = nodes.filter((entry) => entry.start <= at).at(-1)!;
    const range = document.createRange();
    range.setStart(node, at - start);
    range.setEnd(node, at - start + 1);
    return range.getBoundingClientRect().left;
  }, needle);
}

/** `needles` appear on screen from left to right, in this order. */
async function expectLeftToRight(locator: Locator, needles: string[]): Promise<void> {
  const xs = await Promise.all(needles.map((needle) => leftOf(locator, needle)));
  for (let index = 1; index < xs.length; index += 1)
    expect(xs[index - 1], `"${needles[index - 1]}" left of "${needles[index]}" in ${await locator.innerText()}`).toBeLessThan(xs[index]!);
}

/** A product with a size surcharge, a unit of measure and a shop whose delivery time is a range of days ("2-3 days"). */
async function productWithSurchargeAndRange(request: APIRequestContext, locale: string) {
  for (let page = 1; page <= 6; page += 1) {
    const { data } = await (await request.get(`/api/products?per_page=100&page=${page}`)).json();
    const cards = (data.products as (ProductCard & { sizes: { price: number }[] })[]).filter((card) => card.quantity > 0 && card.sizes.some((size) => size.price > 0));
    for (const card of cards) {
      // Its texts as the page in `locale` shows them; the shop's delivery time as its seller typed it.
      const details = (await (await request.get(`/api/product-details?product_id=${card.id}`, { headers: { 'Accept-Language': locale } })).json()).data.product;
      const range = /^(\d+)-(\d+) days$/.exec(details.shop.estimated_delivery_time ?? '');
      if (range && details.unit)
        return { id: card.id as number, unit: details.unit.name as string, min: range[1]!, max: range[2]!, shortDescription: (details.short_description ?? '') as string };
    }
  }
  throw new Error('No product with a size surcharge, a unit and a delivery time of "N-M days" in the demo catalogue');
}

/** The shopper's cart holds `card` enough times for its shop's amount voucher, applied. */
async function cartWithVoucher(shopper: Shopper, card: ProductCard): Promise<{ code: string }> {
  const vouchers = (await shopper.call('GET', `/get-vouchers?shop_id=${card.shop.id}`)).body.data.coupons as { code: string; discount_type: string; min_order_amount: number }[];
  const voucher = vouchers.find((each) => each.discount_type === 'Amount')!;
  const unit = card.discount_price > 0 ? card.discount_price : card.price;
  expect((await shopper.call('POST', '/cart/store', { product_id: card.id, quantity: Math.max(1, Math.ceil(voucher.min_order_amount / unit)) })).status).toBe(200);
  expect((await shopper.call('POST', '/apply-voucher', { coupon_code: voucher.code, shop_id: card.shop.id })).status).toBe(200);
  return voucher;
}

/** The toast overlaps none of `controls` on screen. */
async function expectClear(toast: Locator, controls: Locator[]): Promise<void> {
  const box = (await toast.boundingBox())!;
  for (const control of controls) {
    const other = (await control.boundingBox())!;
    const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    expect(overlaps, `the toast covers ${await control.evaluate((element) => element.outerHTML.slice(0, 80))}`).toBe(false);
  }
}

/**
 * Drags the toast sideways by `share` of its width with a finger (touch events through the
 * DevTools protocol: a mouse drag would select text, which sonner takes for no swipe).
 */
async function swipe(page: Page, toast: Locator, share: number): Promise<void> {
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', from);
  for (let step = 1; step <= 10; step += 1) await touch('touchMove', from + (box.width * share * step) / 10);
  await touch('touchEnd', 0);
  await cdp.detach();
}

const inLanguage = async (page: Page, baseURL: string, locale: string) => page.context().addCookies([{ name: 'locale', value: locale, url: baseURL }]);

for (const locale of ['ar', 'ir']) {
  test.describe(`${locale === 'ar' ? 'Arabic' : 'Persian'} pages`, () => {
    test.beforeEach(async ({ page, baseURL }) => inLanguage(page, baseURL!, locale));

    test('a product page: the delivery time, a surcharge, the unit and the seller’s text read in order', async ({ page }) => {
      const t = await messagesOf(page.request, locale);
      const product = await productWithSurchargeAndRange(page.request, locale);
      await page.goto(`/products/${product.id}/details`);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // "2-3 days" in the page's words, the lower bound first in reading order.
      const delivery = page.locator('[data-delivery-time]');
      // A range takes the plural form of its upper bound (lib/delivery-time.ts).
      const form = new Intl.PluralRules(locale === 'ir' ? 'fa' : locale).select(Number(product.max));
      await expect(delivery).toHaveText(t[`{{min}}-{{max}} days_${form}`]!.replace('{{min}}', product.min).replace('{{max}}', product.max));
      const [before, after] = [product.min, product.max];
      if (locale === 'ar') await expectLeftToRight(delivery, [before, after]);
      // Persian writes "2 تا 3 روز": read from the right, so the upper bound is on the left.
      else await expectLeftToRight(delivery, [after, 'تا', before]);

      // A size's surcharge keeps its "+" before the amount.
      const surcharge = page.locator('[data-product-options] label').filter({ hasText: '+' }).first();
      await expectLeftToRight(surcharge, ['+', '$']);
      // The unit of measure in the page's words (the API answers it in the page's language).
      expect(product.unit).toMatch(/\p{Script=Arabic}/u);
      await expect(page.locator('[data-product-options]')).toContainText(`${t['Unit']}: ${product.unit}`);
      // The seller's English sentence ends with its full stop, on the right.
      if (/[a-z]\.$/.test(product.shortDescription)) {
        const description = page.locator('p[dir="ltr"]').filter({ hasText: product.shortDescription }).first();
        await expectLeftToRight(description, [product.shortDescription.slice(0, 1), product.shortDescription.slice(-2)]);
      }
      expect(await page.locator('main').innerText()).not.toMatch(NATIVE_DIGITS);
      // The operator's footer text may open with the Latin brand name ("ShopHub صدها ..."), yet it is
      // a sentence of the page's language: right to left by most of its words, its full stop at the end.
      await expect(page.locator('footer p[dir]').filter({ hasText: 'ShopHub' }).first()).toHaveAttribute('dir', 'rtl');
    });

    test('the cart drawer, checkout and order page: "#CODE", "−$X" and an address in reading order', async ({ page, shopper }) => {
      const t = await messagesOf(page.request, locale);
      await emptyCartWithAddress(shopper.call, 'Bidi Tester');
      const address = (
        await shopper.call('POST', '/address/store', { name: 'Bidi Tester', phone: '2025550142', address_line: '295 Franklin Road', area: 'West Hilario', address_type: 'office' })
      ).body.data;
      const [card] = await twoShopsProducts(page.request, { minPrice: 30, inStock: 5 });
      const voucher = await cartWithVoucher(shopper, card);

      // The drawer (an island): its title counts in the page's plural form, the discount keeps its sign in front.
      await page.goto('/products');
      await page.waitForLoadState('load');
      await expect(cartTab(page)).toContainText(t['{{count}} items_one']!.replace('{{count}}', '1'));
      await expect(page.locator('[data-count-label="cart"]').first()).toHaveText(t['{{count}} items_one']!.replace('{{count}}', '1'));
      await cartTab(page).click();
      const drawer = page.locator('dialog[data-cart-drawer]');
      await expect(drawer.getByRole('heading', { level: 2 })).toHaveText(t['My Cart ({{count}} items)_one']!.replace('{{count}}', '1'));
      await drawer.locator(`[data-cart-shop="${card.shop.id}"] input[type="checkbox"]`).check();
      await expect(drawer.locator('[data-applied-voucher]')).toHaveText(voucher.code);
      const drawerDiscount = drawer.locator('[data-cart-figures] dd').filter({ hasText: '−' });
      await expectLeftToRight(drawerDiscount, ['−', '$']);
      await page.keyboard.press('Escape');

      // The checkout (an island): the discount and the applied code.
      await page.goto(`/checkout?shop_ids=${card.shop.id}`);
      await hydrated(page, 'Checkout');
      await expectLeftToRight(page.locator('[data-coupon-discount] dd'), ['−', '$']);
      const placed = await shopper.call('POST', '/place-order', { shop_ids: [card.shop.id], address_id: address.address?.id ?? address.id, payment_method: 'cash' });
      expect(placed.status).toBe(201);
      const order = placed.body.data.orders[0] as { id: number; order_code: string };

      await page.goto(`/order-history/${order.id}`);
      const code = page.locator('[data-order-code]');
      await expect(code).toHaveText(order.order_code);
      expect(order.order_code).toMatch(/^#[A-Z]/);
      await expectLeftToRight(code, ['#', order.order_code.slice(1, 2)]);
      await expectLeftToRight(page.locator('[data-order-figures] dd').filter({ hasText: '−' }), ['−', '$']);
      // The house number stays at the start of its street.
      await expectLeftToRight(page.locator('[data-section="order-address"] address'), ['295', 'Franklin', 'Road']);
      expect(await page.locator('main').innerText()).not.toMatch(NATIVE_DIGITS);
    });

    test('a flash sale’s times are the shopper’s own, in Latin digits; without JavaScript they say UTC', async ({ page, browser, baseURL }) => {
      const { flash_sales: sales } = (await (await page.request.get('/api/flash-sales')).json()).data as { flash_sales: { id: number; start_date: string; status: string }[] };
      const sale = sales.find((each) => each.status !== 'ended')!;
      const minutes = new Date(sale.start_date).getUTCMinutes();
      const tehran = await browser.newContext({ timezoneId: 'Asia/Tehran' });
      await tehran.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const local = await tehran.newPage();
      await local.goto(`/flash-sale/${sale.id}`);
      const start = local.locator('[data-sale-times] time').first();
      await expect(start).toHaveAttribute('datetime', sale.start_date);
      // Tehran is UTC+3:30: the minutes move on by 30.
      await expect(start).toContainText(`:${String((minutes + 30) % 60).padStart(2, '0')}`);
      await expect(start).not.toContainText('UTC');
      expect(await local.locator('main').innerText()).not.toMatch(NATIVE_DIGITS);
      await tehran.close();

      const plain = await browser.newContext({ timezoneId: 'Asia/Tehran', javaScriptEnabled: false });
      await plain.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const server = await plain.newPage();
      await server.goto(`/flash-sale/${sale.id}`);
      await expect(server.locator('[data-sale-times] time').first()).toContainText(`:${String(minutes).padStart(2, '0')}`);
      await expect(server.locator('[data-sale-times] time').first()).toContainText('UTC');
      await plain.close();
    });

    test('toasts speak the page’s language, cover none of the drawer’s and the navbar’s controls, and go at 60 % of a swipe', async ({ page, shopper }) => {
      test.skip((page.viewportSize()?.width ?? 0) < 1024, 'positions are measured on a wide screen');
      const t = await messagesOf(page.request, locale);
      const [card] = await twoShopsProducts(page.request);
      expect((await shopper.call('POST', '/cart/store', { product_id: card.id, quantity: 1 })).status).toBe(200);
      await page.goto('/products');
      await hydrated(page, 'Toasts');

      // The drawer's own toaster: a refused checkout (docs/product.md §5) shows under its header.
      await cartTab(page).click();
      const drawer = page.locator('dialog[data-cart-drawer]');
      await expect(drawer.locator(`[data-cart-line="${card.id}"]`)).toBeVisible();
      await drawer.locator('[data-cart-shop] input[type="checkbox"]').first().uncheck();
      await drawer.getByRole('button', { name: t['Proceed to Checkout'] }).click();
      const refused = drawer.locator('[data-sonner-toast]').filter({ hasText: t['Please select at least one shop']! });
      await expect(refused).toBeVisible();
      const controls = [drawer.getByRole('heading', { level: 2 }), drawer.locator('header button'), drawer.getByRole('button', { name: t['Proceed to Checkout'] })];
      await expectClear(refused, controls);
      await expect(drawer.locator(`section[aria-label^="${t['Notifications']}"]`)).toHaveCount(1);
      await expect(refused.locator('[data-close-button]')).toHaveAttribute('aria-label', t['Close']!);

      // Half its width does not dismiss it; 65 % does (docs/product.md §9.4).
      await swipe(page, refused, 0.5);
      await page.waitForTimeout(400);
      await expect(refused).toBeVisible();
      await swipe(page, refused, 0.65);
      await expect(refused).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The page's toaster: at the bottom of the inline start (the right), clear of the navbar.
      // A card that adds at once (no size or colour to choose first).
      await page.locator('button[data-card-add]:enabled').filter({ visible: true }).nth(1).click();
      const added = page.locator('[data-cart-toast]').first();
      await expect(added).toBeVisible();
      const box = (await added.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 60);
      expect(box.y).toBeGreaterThan(viewport.height / 2);
      await expectClear(added, [page.locator('header a[href="/cart"]').first(), page.locator('header details[data-menu] summary').first()]);
      await expect(page.locator(`section[aria-label^="${t['Notifications']}"]`).filter({ has: added })).toHaveCount(1);
    });
  });
}

test('the sign-up page without JavaScript has a space before "and"', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/register');
  await expect(page.locator('main')).toContainText('By signing up you agree to our Terms & Conditions and Privacy Policy');
  await context.close();
});
