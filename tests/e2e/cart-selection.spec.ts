import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { isMobile } from './support/session';
import { productNameIn, twoShopsProducts } from './support/shopper-api';

/**
 * The shop selection the cart opens with (docs/product.md §4.6 Shop selection): the shop of
 * what the shopper just added is selected, so the drawer's Cart Amount is that shop's and
 * the first Proceed to Checkout goes through; a cart filled elsewhere opens with the shop of
 * the line added last. With JavaScript (the drawer) and without (the cart page), in
 * English and Arabic.
 */

const drawer = (page: Page) => page.locator('dialog[data-cart-drawer]');

for (const locale of ['en', 'ar'] as const) {
  test.describe(`with JavaScript (${locale})`, () => {
    test('the drawer opens on the shop just added: its figures, and Proceed to Checkout goes to it', async ({ page, baseURL, shopper }) => {
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const [first, second] = await twoShopsProducts(page.request);
      // Already in the cart from another visit: a shop not selected by this add.
      expect((await shopper.call('POST', '/cart/store', { product_id: second.id, quantity: 1 })).status).toBe(200);
      await page.goto(`/products/${first.id}/details`);
      await page.waitForLoadState('load');
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(page.locator('[data-cart-toast]').last()).toContainText(await productNameIn(page.request, first.id, locale));
      await page.locator('header a[data-open-cart]').first().click();
      const cart = drawer(page);
      await expect(cart).toBeVisible();
      await expect(cart.locator(`[data-cart-shop="${first.shop.id}"] input[type="checkbox"]`)).toBeChecked();
      await expect(cart.locator(`[data-cart-shop="${second.shop.id}"] input[type="checkbox"]`)).not.toBeChecked();
      const { body } = await shopper.call('POST', '/cart/checkout', { shop_ids: [first.shop.id] });
      await expect(cart.locator('[data-cart-amount]')).toHaveText(`$${body.data.checkout.payable_amount.toFixed(2)}`);
      await expect(cart.locator('[data-select-shop]')).toHaveCount(0);
      await cart.locator('footer button').last().click();
      await expect(page).toHaveURL(new RegExp(`/checkout\\?shop_ids=${first.shop.id}$`));
    });

    test('a cart filled elsewhere opens on the shop of the line added last', async ({ page, baseURL, shopper }) => {
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const [first, second] = await twoShopsProducts(page.request);
      expect((await shopper.call('POST', '/cart/store', { product_id: first.id, quantity: 1 })).status).toBe(200);
      expect((await shopper.call('POST', '/cart/store', { product_id: second.id, quantity: 1 })).status).toBe(200);
      await page.goto('/products');
      await page.waitForLoadState('load');
      await page.locator('header a[data-open-cart]').first().click();
      const cart = drawer(page);
      await expect(cart.locator(`[data-cart-shop="${second.shop.id}"] input[type="checkbox"]`)).toBeChecked();
      await expect(cart.locator(`[data-cart-shop="${first.shop.id}"] input[type="checkbox"]`)).not.toBeChecked();
      await expect(cart.locator('[data-cart-amount]')).not.toHaveText('$0.00');
      // Unticked in the open drawer, it stays so: the selection is the shopper's.
      await cart.locator(`[data-cart-shop="${second.shop.id}"] input[type="checkbox"]`).uncheck();
      await expect(cart.locator('[data-select-shop]')).toBeVisible();
      await expect(cart.locator(`[data-cart-shop="${second.shop.id}"] input[type="checkbox"]`)).not.toBeChecked();
    });
  });

  test.describe(`without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the cart page opens on the shop just added, and Proceed to Checkout goes to it', async ({ page, baseURL, shopper }) => {
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      const [first, second] = await twoShopsProducts(page.request);
      expect((await shopper.call('POST', '/cart/store', { product_id: second.id, quantity: 1 })).status).toBe(200);
      await page.goto(`/products/${first.id}/details`);
      await page.locator('[data-cart-actions] button[value="0"]').click();
      await expect(page).toHaveURL(new RegExp(`/products/${first.id}/details$`));
      // The way to the cart without JavaScript: the tab from 640 px, the navbar's basket on a phone.
      await page
        .locator(isMobile(page) ? 'header a[data-open-cart]' : '[data-cart-tab]')
        .first()
        .click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.locator(`[data-cart-shop="${first.shop.id}"] input[type="checkbox"]`)).toBeChecked();
      await expect(page.locator(`[data-cart-shop="${second.shop.id}"] input[type="checkbox"]`)).not.toBeChecked();
      await expect(page.locator('[data-cart-figures]')).toBeVisible();
      await page.locator(`a[href="/checkout?shop_ids=${first.shop.id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/checkout\\?shop_ids=${first.shop.id}$`));
      await expect(page.locator(`[data-checkout-shop="${first.shop.id}"]`).first()).toBeVisible();
    });
  });
}
