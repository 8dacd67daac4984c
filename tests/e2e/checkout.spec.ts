import { expect, test } from './support/fixtures';
import { emptyCartWithAddress, flash, twoShopsProducts } from './support/shopper-api';

/**
 * Checkout (docs/product.md §4.6, ADR 013), with JavaScript on and off: one checkout over two shops becomes
 * two orders and one payment; a buy-now is bought without touching the cart.
 */

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('one checkout over two shops places two orders, paid once on delivery', async ({ page, shopper, twoShopCart }) => {
      const { first, second } = twoShopCart;
      const before = (await shopper.call('GET', '/orders')).body.data.total as number;

      await page.goto(`/checkout?shop_ids=${first.shop.id}&shop_ids=${second.shop.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.locator('[data-checkout-shop]')).toHaveCount(2);
      // Each shop says when its parcel should arrive (its seller's estimate, else 2-4 days).
      for (const product of [first, second]) {
        await expect(page.locator(`[data-checkout-shop="${product.shop.id}"] [data-delivery-estimate]`)).toHaveText(
          `Estimated Delivery: ${product.shop.estimated_delivery_time ?? '2-4 days'}`,
        );
      }
      await expect(page.locator('[data-checkout-address] input[type=radio]:checked')).toHaveCount(1);
      await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
      await page.getByLabel('Note').fill('Leave it with the neighbour');

      await page.getByRole('button', { name: 'Place Order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/order-history$/);
      // Without JavaScript the server's flash says it; with it, the checkout island's toast does
      // (or the flash, when Confirm was clicked before the island hydrated).
      if (javaScriptEnabled) await expect(page.getByText('Order placed successfully', { exact: true }).first()).toBeVisible();
      else await expect(flash(page)).toHaveText('Order placed successfully');

      const after = (await shopper.call('GET', '/orders')).body.data;
      expect(after.total).toBe(before + 2);
      const placed = after.orders.slice(0, 2);
      expect(placed.every((order: { order_status: string; payment_method: string }) => order.order_status === 'Pending' && order.payment_method === 'Cash Payment')).toBe(true);
      expect((await shopper.call('GET', '/carts')).body.data.total).toBe(0);
    });

    test('Buy Now buys one product without touching the cart', async ({ page, shopper }, testInfo) => {
      test.skip(testInfo.project.name === 'mobile', 'one viewport is enough for the buy-now path; the layout is covered above');
      await emptyCartWithAddress(shopper.call, 'Checkout Tester');
      const [first, second] = await twoShopsProducts(page.request);
      await shopper.call('POST', '/cart/store', { product_id: second.id });

      await page.goto(`/products/${first.id}/details`);
      await page.locator('[data-cart-actions]').getByRole('button', { name: 'Buy Now' }).click();
      await expect(page).toHaveURL(/\/buynow$/);
      await expect(page.locator('[data-checkout-shop]')).toHaveCount(1);
      await expect(page.locator(`[data-checkout-shop="${first.shop.id}"]`)).toContainText(first.name);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/order-history\/\d+$/);
      const cart = (await shopper.call('GET', '/carts')).body.data;
      expect(cart.cart_items.map((group: { products: { id: number }[] }) => group.products[0]!.id)).toEqual([second.id]);
    });
  });
}

test('a checkout without a selected shop goes back to the cart, which says what to do', async ({ page, twoShopCart: _cart }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'a redirect, the same on every viewport');
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(flash(page)).toHaveText('Please select at least one shop');
});

test('a checkout of an empty cart shows the empty cart, with no complaint', async ({ page, shopper: _signedIn }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'a redirect, the same on every viewport');
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('[data-cart-empty]')).toHaveText('Cart is empty');
  await expect(page.locator('[data-sonner-toast], [data-flash]')).toHaveCount(0);
});
