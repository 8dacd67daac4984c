import { expect, test } from './support/fixtures';
import { badge, cartTab, flash, ONE_CLICK_ADD, twoShopsProducts } from './support/shopper-api';

/**
 * The cart and the wishlist without JavaScript (docs/product.md §4.6): Add to Cart and the heart are
 * forms that work and come back with a message; /cart changes quantities, removes,
 * collects and applies vouchers and selects shops with plain forms.
 */
test.use({ javaScriptEnabled: false });

/** Two products in stock from two shops with vouchers, the first costing at least $30 (a voucher's minimum spend). */
const VOUCHER_REACHING = { minPrice: 30, inStock: 5 };

test('a guest who adds to the cart is asked to log in', async ({ page }) => {
  const [product] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  await page.goto(`/products/${product.id}/details`);
  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
  await expect(flash(page)).toContainText('Please login first!');
});

test('add from two shops, select one, change quantities, vouchers and removal', async ({ page, shopper: _signedIn }) => {
  const [first, second] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  // A new shopper's cart is empty.
  await page.goto('/cart');
  await expect(page.locator('[data-cart-empty]')).toHaveText('Cart is empty');
  await expect(badge(page, 'cart')).toBeHidden();

  // The product page's form, and a card's.
  await page.goto(`/products/${first.id}/details`);
  await page.locator('[data-cart-actions]').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${first.id}/details$`));
  await expect(flash(page)).toHaveText('Product added to cart successfully');
  // The server renders the shopper's figures: the badge and the tab say so without JavaScript.
  await expect(badge(page, 'cart')).toHaveText('1');
  await expect(cartTab(page)).toContainText(/(?<!\d)1 item(?!s)/);
  const unit = first.discount_price > 0 ? first.discount_price : first.price;
  await expect(cartTab(page).locator('[data-cart-tab-amount]')).toHaveText(`$${unit.toFixed(2)}`);
  // A card's own form on the second shop's page: the first card that can be added.
  await page.goto(`/shops/${second.shop.id}`);
  const cardButton = page.locator(`${ONE_CLICK_ADD}:enabled`).first();
  const cardName = ((await cardButton.textContent()) ?? '').replace(/^Add to Cart,\s*/, '').trim();
  await cardButton.click();
  await expect(flash(page)).toHaveText('Product added to cart successfully');
  expect(cardName.length).toBeGreaterThan(0);
  await expect(badge(page, 'cart')).toHaveText('2');
  await expect(cartTab(page)).toContainText('2 items');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/My Cart \(\d+ items\)/);
  const firstShop = page.locator(`[data-cart-shop="${first.shop.id}"]`);
  await expect(firstShop.getByRole('heading', { name: first.shop.name })).toBeVisible();
  const secondShop = page.locator(`[data-cart-shop="${second.shop.id}"]`);
  await expect(secondShop).toBeVisible();
  // docs/product.md §4.6: the cart opened from the tab selects the shop of what was added last.
  await expect(secondShop.getByRole('checkbox')).toBeChecked();
  await expect(firstShop.getByRole('checkbox')).not.toBeChecked();
  await expect(page.locator('[data-cart-figures]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', `/checkout?shop_ids=${second.shop.id}`);

  // No shop ticked stays so (the form says a selection was made), and asks for one.
  await secondShop.getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: 'Update selected shops' }).click();
  await expect(page.locator('[data-select-shop]')).toHaveText('Please select at least one shop');
  await expect(secondShop.getByRole('checkbox')).not.toBeChecked();

  // Select the first shop: its figures only.
  await firstShop.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Update selected shops' }).click();
  await expect(page).toHaveURL(new RegExp(`shop_ids=${first.shop.id}$`));
  await expect(page.locator('[data-cart-figures]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', `/checkout?shop_ids=${first.shop.id}`);

  // Quantities: plus, then minus, the selection kept.
  const line = page.locator(`[data-cart-line="${first.id}"]`);
  await line.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await expect(flash(page)).toHaveText('Cart quantity updated');
  await expect(line.locator('[data-quantity]')).toHaveText('2');
  await expect(page).toHaveURL(new RegExp(`shop_ids=${first.shop.id}$`));
  await line.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(line.locator('[data-quantity]')).toHaveText('1');

  // Vouchers: the list opens without JavaScript; collect one, then apply it.
  await firstShop.getByText('Apply Store voucher').click();
  await expect(firstShop.getByRole('heading', { name: `Voucher from: ${first.shop.name}` })).toBeVisible();
  const tenPercent = firstShop.locator('[data-voucher]').filter({ hasText: '10% OFF' });
  await tenPercent.getByRole('button', { name: 'Collect' }).click();
  await expect(flash(page)).toHaveText('Voucher collected successfully');
  await firstShop.getByText('Apply Store voucher').click();
  await expect(tenPercent.getByText('Collected')).toBeVisible();
  await tenPercent.getByRole('button', { name: 'Apply' }).click();
  await expect(flash(page)).toHaveText('Voucher applied successfully');
  await expect(firstShop.locator('[data-applied-voucher]')).toBeVisible();
  await expect(page.locator('[data-cart-figures]')).toContainText('Coupon Discount');

  // A code that is not this shop's is refused with the reason.
  await firstShop.getByText('Apply Store voucher').click();
  await firstShop.getByLabel('Voucher code').fill('NOPE123');
  await firstShop.getByRole('button', { name: 'Apply', exact: true }).last().click();
  await expect(flash(page)).toHaveText('This voucher is not valid.');

  // Removal: the line goes, the shop's selection goes with it.
  await line.getByRole('button', { name: `Remove ${first.name}` }).click();
  await expect(flash(page)).toHaveText('product removed from cart');
  await expect(page.locator(`[data-cart-shop="${first.shop.id}"]`)).toHaveCount(0);
  await expect(page.locator('[data-select-shop]')).toBeVisible();
});

test('the heart adds to and removes from the wishlist', async ({ page, shopper: _signedIn }) => {
  const [product] = await twoShopsProducts(page.request, VOUCHER_REACHING);
  await page.goto(`/products/${product.id}/details`);
  // A new shopper's wishlist is empty.
  await expect(page.getByRole('button', { name: `Add ${product.name} to wishlist` }).first()).toHaveAttribute('aria-pressed', 'false');
  await page
    .getByRole('button', { name: `Add ${product.name} to wishlist` })
    .first()
    .click();
  await expect(flash(page)).toHaveText('Product added to wishlist');
  await expect(badge(page, 'wishlist')).toHaveText('1');
  await expect(page.getByRole('button', { name: `Add ${product.name} to wishlist` }).first()).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
  await expect(flash(page)).toHaveText('Product removed from wishlist');
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('link', { name: product.name })).toHaveCount(0);
});
