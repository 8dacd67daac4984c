import type { Page } from '@playwright/test';
import { axeAtThisWidth, axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { isMobile } from './support/session';
import { cartTab, ONE_CLICK_ADD, twoShopsProducts } from './support/shopper-api';

/**
 * The cart with JavaScript (docs/product.md §2.10 Cart drawer, §2.11 Toasts, §4.6, §8):
 * the forms of cards and product pages go through the cart store, the floating tab opens
 * the drawer, shops are selected, vouchers collected and applied, quantities changed, a
 * removed line comes back from its toast; a guest is asked to log in.
 */

interface Voucher {
  id: number;
  code: string;
  min_order_amount: number;
  started: string;
  validity: string;
}

/** Two products in stock from two shops, the first costing at least $30 (a voucher's minimum spend). */
const VOUCHER_REACHING = { minPrice: 30, inStock: 5 };

const drawer = (page: Page) => page.locator('dialog[data-cart-drawer]');
const cartToast = (page: Page, text: string) => page.locator('[data-cart-toast]').filter({ hasText: text }).last();

/**
 * The page's scripts have run (module scripts run before `load`): the cart forms go through
 * the cart store. The toasts and the drawer load on first use, as for a shopper.
 */
async function ready(page: Page): Promise<void> {
  await page.waitForLoadState('load');
}

test('add from two shops, select one, collect and apply a voucher, change quantities, remove and add again', async ({ page, shopper }) => {
  const [first, { shop: otherShop }] = await twoShopsProducts(page.request, VOUCHER_REACHING);

  // The product page's form: the added toast, the tab's count.
  await page.goto(`/products/${first.id}/details`);
  await ready(page);
  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartToast(page, 'has been added to cart')).toContainText(first.name);
  await expect(page).toHaveURL(new RegExp(`/products/${first.id}/details$`));
  // The floating tab is there from 640 px (docs/product.md §2.10); the navbar's basket always.
  if (!isMobile(page)) await expect(cartTab(page)).toContainText(/(?<!\d)1 item(?!s)/);
  await expect(page.locator('[data-count="cart"]').first()).toHaveText('1');

  // A card's Add to Cart on the second shop's page: the first card that can be added.
  await page.goto(`/shops/${otherShop.id}`);
  await ready(page);
  const cardButton = page.locator(`${ONE_CLICK_ADD}:enabled`).first();
  const secondId = Number(await cardButton.getAttribute('value'));
  const second = { id: secondId, name: (await page.locator(`a[href="/products/${secondId}/details"]`).first().innerText()).trim() };
  await cardButton.click();
  const added = cartToast(page, 'has been added to cart');
  await expect(added).toContainText(second.name);
  // View In Cart on the toast opens the drawer.
  await added.getByRole('button', { name: 'View In Cart' }).click();
  const cart = drawer(page);
  await expect(page.getByRole('dialog', { name: 'My Cart (2 items)' })).toBeVisible();
  const firstShop = cart.locator(`[data-cart-shop="${first.shop.id}"]`);
  const secondShop = cart.locator(`[data-cart-shop="${otherShop.id}"]`);
  await expect(firstShop.getByRole('heading', { name: first.shop.name })).toBeVisible();
  await expect(secondShop.getByRole('link', { name: second.name })).toHaveAttribute('href', `/products/${second.id}/details`);

  // docs/product.md §4.6: the shops of what was just added are selected, and the figures are theirs.
  await expect(firstShop.getByRole('checkbox', { name: first.shop.name })).toBeChecked();
  await expect(secondShop.getByRole('checkbox', { name: otherShop.name })).toBeChecked();
  await expect(cart.locator('[data-cart-figures]')).toBeVisible();

  // No shop selected: the foot says so, and Proceed to Checkout asks for one.
  await firstShop.getByRole('checkbox', { name: first.shop.name }).uncheck();
  await secondShop.getByRole('checkbox', { name: otherShop.name }).uncheck();
  await expect(cart.locator('[data-select-shop]')).toHaveText('Please select at least one shop');
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const selectShop = cart.locator('[data-sonner-toast]').filter({ hasText: 'Please select at least one shop' });
  await expect(selectShop).toBeVisible();
  // The pointer rests on the toast, which pauses it: close it (on a phone it covers the drawer's foot).
  await selectShop.getByRole('button', { name: 'Close' }).click();

  // Select the first shop: the figures are its own.
  await firstShop.getByRole('checkbox', { name: first.shop.name }).check();
  await expect(cart.locator('[data-select-shop]')).toHaveCount(0);
  const unit = first.discount_price > 0 ? first.discount_price : first.price;
  await expect(cart.locator('[data-cart-figures]')).toContainText(`$${unit.toFixed(2)}`);

  // Its vouchers: collect one the product reaches, then apply it.
  const { data: voucherData } = (await shopper.call('GET', `/get-vouchers?shop_id=${first.shop.id}`)).body;
  const usable = (voucherData.coupons as Voucher[]).find((voucher) => voucher.min_order_amount <= unit && new Date(voucher.started) <= new Date());
  expect(usable, 'a voucher of the first shop that its product reaches').toBeTruthy();
  await firstShop.getByRole('button', { name: 'Apply Store voucher' }).click();
  await expect(cart.getByRole('heading', { name: `Voucher from: ${first.shop.name}` })).toBeFocused();
  const voucher = cart.locator(`[data-voucher="${usable!.id}"]`);
  await voucher.getByRole('button', { name: 'Collect' }).click();
  await expect(page.getByText('Voucher collected successfully').last()).toBeVisible();
  await expect(voucher.getByText('Collected')).toBeVisible();
  await voucher.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Voucher applied successfully').last()).toBeVisible();
  await expect(cart.locator('[data-applied-voucher]').first()).toContainText(usable!.code);
  await expect(cart.locator('[data-cart-figures]')).toContainText('Coupon Discount');

  // Escape leaves the voucher list first, back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(firstShop.getByRole('button', { name: 'Apply Store voucher' })).toBeFocused();
  await expect(cart).toBeVisible();

  // Quantities.
  const line = cart.locator(`[data-cart-line="${first.id}"]`);
  await line.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(line.locator('[data-quantity]')).toHaveText('2');
  await expect(cart.locator('[data-cart-figures]')).toContainText(`$${(unit * 2).toFixed(2)}`);
  await line.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(line.locator('[data-quantity]')).toHaveText('1');

  // Remove the second shop's line, then add it again from the remove toast (quantity 1).
  await secondShop.getByRole('button', { name: `Remove ${second.name}` }).click();
  const removed = cartToast(page, 'has been remove to cart');
  await expect(removed).toContainText(second.name);
  await expect(secondShop).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'My Cart (1 item)' })).toBeVisible();
  await removed.getByRole('button', { name: 'Again Add to Cart' }).click();
  await expect(cart.locator(`[data-cart-line="${second.id}"] [data-quantity]`)).toHaveText('1');
  await expect(page.getByRole('dialog', { name: 'My Cart (2 items)' })).toBeVisible();
  await expect(firstShop.getByRole('checkbox')).toBeChecked();
  // Added again, so selected again; untick it to check out the first shop alone.
  await expect(secondShop.getByRole('checkbox')).toBeChecked();
  await secondShop.getByRole('checkbox').uncheck();

  // Proceed to Checkout with the selected shop.
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?shop_ids=${first.shop.id}$`));
});

test('a guest who adds to the cart is asked to log in', { tag: '@any-width' }, async ({ page }) => {
  const [product] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  await page.goto(`/products/${product.id}/details`);
  await ready(page);
  await hydrated(page, 'LoginDialog');
  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please login first!').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
});

test('a session that ends under a signed-in page opens the login dialog at once on Add to Cart', { tag: '@any-width' }, async ({ page, shopper }) => {
  const [product] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  await page.goto(`/products/${product.id}/details`);
  await ready(page);
  await hydrated(page, 'LoginDialog');
  // Signed out on another device: this page's token no longer signs anyone in.
  expect((await shopper.call('POST', '/logout')).status).toBe(200);
  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('Please login first!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
});

test('the heart toggles the wishlist in place and Buy Now leaves the cart as it is', { tag: '@any-width' }, async ({ page, shopper }) => {
  const [product, other] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  expect((await shopper.call('POST', '/cart/store', { product_id: other.id, quantity: 1 })).status).toBe(200);

  await page.goto(`/products/${product.id}/details`);
  await ready(page);
  if (!isMobile(page)) await expect(cartTab(page)).toContainText(/(?<!\d)1 item(?!s)/);
  const heart = page.getByRole('button', { name: `Add ${product.name} to wishlist` }).first();
  // A new shopper's wishlist is empty.
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Product added to wishlist').last()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
  const { data } = (await shopper.call('GET', '/favorite-products')).body;
  expect(data.total).toBe(1);
  if (!isMobile(page)) await expect(page.locator('[data-count="wishlist"]').first()).toHaveText('1');

  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/buynow$/);
  const { data: cart } = (await shopper.call('GET', '/carts')).body;
  expect(cart.total).toBe(1);
});

test('the tab is hidden on blog, cart and checkout pages and on phones; the basket still opens the drawer', async ({ page }) => {
  await page.goto('/cart');
  await expect(cartTab(page)).toHaveCount(0);
  await page.goto('/blogs');
  await ready(page);
  await expect(cartTab(page)).toHaveCount(0);
  await page
    .locator('a[data-open-cart]')
    .first()
    .click({ force: isMobile(page) });
  await expect(page.getByRole('dialog', { name: 'My Cart (0 items)' })).toBeVisible();
  await expect(drawer(page).getByText('Cart is empty')).toBeVisible();
  await page.goto('/products');
  await ready(page);
  // Below 640 px there is no room for it beside the page (docs/product.md §2.10).
  if (isMobile(page)) await expect(cartTab(page)).toBeHidden();
  else await expect(cartTab(page)).toBeVisible();
});

for (const locale of ['en', 'ar']) {
  test(`the open drawer is a keyboard dialog without serious axe violations in ${locale}`, async ({ page, baseURL, shopper }, testInfo) => {
    const rtl = locale === 'ar';
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const [product] = await twoShopsProducts(page.request, VOUCHER_REACHING);
    expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1 })).status).toBe(200);

    await page.goto('/products');
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
    // The floating tab, or on a phone the navbar's basket.
    const tab = isMobile(page) ? page.locator('header a[data-open-cart]').first() : cartTab(page);
    await tab.focus();
    await page.keyboard.press('Enter');
    const cart = drawer(page);
    await expect(cart).toBeVisible();
    await expect(cart.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
    // The drawer sits at the inline end: the right edge, the left one in right-to-left.
    const box = (await cart.boundingBox())!;
    const width = page.viewportSize()!.width;
    if (rtl) expect(box.x).toBeLessThan(1);
    else expect(box.x + box.width).toBeGreaterThan(width - 1);

    // Focus stays in the dialog.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog[data-cart-drawer]')));
      expect(inside, `focus after ${step + 1} tabs`).toBe(true);
    }

    // Once per layout: English at 1280 px, Arabic at 375 px (support/axe.ts axeAtThisWidth).
    const serious = async () => (axeAtThisWidth(testInfo, locale) ? axeViolations(page, { include: 'dialog[data-cart-drawer]' }) : []);
    expect(await serious()).toEqual([]);
    await cart.locator(`[data-cart-shop="${product.shop.id}"] [data-voucher-opener]`).click();
    await expect(cart.locator('[data-voucher-panel]')).toBeVisible();
    await expect(cart.locator('[data-voucher-panel]')).not.toHaveAttribute('aria-busy', 'true');
    expect(await serious()).toEqual([]);

    // Escape: the voucher list, then the drawer; focus goes back to the tab.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(tab).toBeFocused();
  });
}
