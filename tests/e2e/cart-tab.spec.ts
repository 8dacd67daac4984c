import { expect, test } from './support/fixtures';
import { controlsUnderTab, reachable } from './support/overlap';
import { cartTab, emptyCartWithAddress, twoShopsProducts } from './support/shopper-api';

/**
 * The floating cart tab never lies over a control (docs/product.md §2.10): on the pages
 * where it once covered one (a product page's Buy Now, /cart's Remove, an order's Cancel
 * Order, the address form's Flat No, the contact form's message), at 375 and 1280 px, in
 * English and Arabic (the tab then sits at the left), no button, link, input, select,
 * textarea or summary lies under it at any scroll the page allows.
 */

test('no control lies under the cart tab, at 1280 px in English and Arabic, and at 375 px where it is hidden', async ({ page, baseURL, shopper }) => {
  test.setTimeout(240_000);
  const [product, other] = await twoShopsProducts(page.request);
  const address = await emptyCartWithAddress(shopper.call, 'Tab Tester');
  expect((await shopper.call('POST', '/cart/store', { product_id: other.id, quantity: 1 })).status).toBe(200);
  const placed = await shopper.call('POST', '/place-order', { shop_ids: [other.shop.id], address_id: address.id, payment_method: 'cash' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId: number = placed.body.data.orders[0].id;
  expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1 })).status).toBe(200);
  expect((await shopper.call('POST', '/cart/store', { product_id: other.id, quantity: 1 })).status).toBe(200);

  // Each page with the control the tab used to cover on it.
  const pages: [string, string][] = [
    [`/products/${product.id}/details`, '[data-cart-actions] button[value="1"]'],
    ['/cart', 'form:has(input[name="action"][value="remove"]) button'],
    [`/order-history/${orderId}`, 'button:has-text("Cancel Order"), button:has-text("إلغاء الطلب")'],
    ['/manage-address/new', 'input[name="flat_no"]'],
    ['/contact-us', 'textarea'],
  ];
  // Below 640 px the tab is hidden (nothing can lie under it): that width once, right to left.
  for (const [locale, widths] of [
    ['en', [1280]],
    ['ar', [375, 1280]],
  ] as const) {
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 640 ? 740 : 800 });
      for (const [path, control] of pages) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator(control).first(), `${path} ${control}`).toBeVisible();
        // The tab shows from 640 px, where there is room for it, and never on the cart page.
        if (width >= 640 && path !== '/cart') await expect(cartTab(page), path).toBeVisible();
        else await expect(cartTab(page), path).toBeHidden();
        expect(await controlsUnderTab(page), `${locale} ${width}px ${path}`).toEqual([]);
        await reachable(page, control);
      }
    }
  }
});
