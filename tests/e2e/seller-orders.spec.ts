import type { Browser, BrowserContext } from '@playwright/test';
import { expect, newShopperIn, test, type Shopper } from './support/fixtures';
import { signIn } from './support/session';
import { emptyCartWithAddress, firstChoice, flash, TEST_REGION, TEST_REGION_LINE, type ProductCard } from './support/shopper-api';

/**
 * The shop dashboard's order pages (docs/decisions/017-sellers.md "Orders"), as the demo
 * seller (owner of the active TechNest Electronics shop): a fresh shopper's order of a
 * TechNest product is found in the list and moved step by step to delivered, each step on
 * the shopper's order page; with JavaScript off the status form and the confirmed cancel
 * work as well; the list in Arabic reads right to left.
 */

const SHOP = 'TechNest Electronics';

/** A new shopper's cash order of one TechNest product, placed through the API. */
async function placeTechNestOrder(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; shopper: Shopper; orderId: number; code: string }> {
  const context = await browser.newContext({ baseURL });
  const shopper = await newShopperIn(context, baseURL, 'Order Tester');
  const { body } = await shopper.call('GET', '/products?per_page=100&sort_type=newest');
  const product = (body.data.products as ProductCard[]).find((card) => card.shop.name === SHOP && card.quantity > 3);
  if (!product) throw new Error(`No ${SHOP} product in stock`);
  const address = await emptyCartWithAddress(shopper.call, 'Order Tester');
  expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1, ...firstChoice(product) })).status).toBe(200);
  const placed = await shopper.call('POST', '/place-order', { shop_ids: [product.shop.id], address_id: address.id, payment_method: 'cash' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const [order] = placed.body.data.orders as { id: number; order_code: string }[];
  return { context, shopper, orderId: order!.id, code: order!.order_code };
}

test('the seller finds a new order and moves it to delivered; the shopper sees each step', async ({ browser, baseURL, page }) => {
  const { context, orderId, code } = await placeTechNestOrder(browser, baseURL!);
  try {
    await signIn(page, 'seller');
    await page.goto('/shop/orders');
    await expect(page.locator('[data-order-tab="pending"] [data-order-tab-count]')).not.toHaveText('0');
    await page.getByLabel('Search by order code or customer').fill(code.slice(1).toLowerCase());
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const rows = page.locator('[data-seller-order]');
    await expect(rows).toHaveCount(1);
    await expect(page.locator('[data-order-tab="all"] [data-order-tab-count]')).toHaveText('1');
    await rows.getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/orders/${orderId}$`));
    await expect(page.locator('[data-seller-net]')).toBeVisible();
    // Where to send it: the address the order kept, city, state and country included.
    await expect(page.locator('[data-postal-address]')).toContainText(`${TEST_REGION_LINE}\n${TEST_REGION.country}`, { useInnerText: true });

    for (const [key, label] of [
      ['confirm', 'Confirm'],
      ['processing', 'Processing'],
      ['pickup', 'Pickup'],
      ['on_the_way', 'On The Way'],
      ['delivered', 'Delivered'],
    ] as const) {
      await expect(page.getByLabel('Next status')).toHaveValue(key);
      await page.getByRole('button', { name: 'Update status' }).click();
      await expect(flash(page)).toContainText(`The order is now ${label}.`);
      await expect(page.locator('[data-section="seller-order-summary"] [data-order-status]')).toHaveText(label);
    }
    await expect(page.getByText('This order can no longer change.')).toBeVisible();
    await expect(page.locator('[data-seller-order-payment]')).toContainText('Paid');
    await expect(page.locator('[data-history-actor="seller"]')).toHaveCount(5);

    const shopperPage = await context.newPage();
    await shopperPage.goto(`/order-history/${orderId}`);
    const timeline = shopperPage.locator('[data-order-timeline] [data-timeline-status]');
    await expect(timeline).toHaveCount(6);
    for (const [index, key] of ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered'].entries()) {
      await expect(timeline.nth(index)).toHaveAttribute('data-timeline-status', key);
    }
  } finally {
    await context.close();
  }
});

test('without JavaScript the seller confirms an order, then cancels it after confirming the cancel', async ({ browser, baseURL, viewport }) => {
  const { context, orderId } = await placeTechNestOrder(browser, baseURL!);
  const seller = await browser.newContext({ baseURL, javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  try {
    const page = await seller.newPage();
    await signIn(page, 'seller');
    await page.goto(`/shop/orders/${orderId}`);
    await page.getByLabel('Note (optional)').fill('Packed today');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/orders/${orderId}$`));
    await expect(flash(page)).toContainText('The order is now Confirm.');
    await expect(page.locator('[data-history-status="confirm"]')).toContainText('Packed today');

    // The cancel is behind its confirmation.
    await expect(page.getByRole('button', { name: 'Yes, cancel the order' })).toBeHidden();
    await page.getByText('Cancel order').click();
    await page.getByLabel('Reason (optional)').fill('Out of stock');
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(flash(page)).toContainText('The order is now Cancelled.');
    await expect(page.locator('[data-section="seller-order-summary"] [data-order-status]')).toHaveText('Cancelled');
    await expect(page.locator('[data-history-status="cancelled"]')).toContainText('By the shop');
    await expect(page.locator('[data-history-status="cancelled"]')).toContainText('Out of stock');

    // Another shop's order, or none, is Page Not Found.
    expect((await page.goto('/shop/orders/999999999'))?.status()).toBe(404);
  } finally {
    await seller.close();
    await context.close();
  }
});

test('the order list in Arabic reads right to left', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, 'seller');
  await page.goto('/shop/orders');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible();
  await expect(page.getByLabel('ابحث برمز الطلب أو العميل')).toBeVisible();
  await expect(page.locator('[data-order-tab="all"]')).toHaveAttribute('aria-current', 'page');
});
