import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { randomEmail } from '../support/people';
import { expect, signInAccount, test } from './support/fixtures';
import { startPreparedServer, type VariantServer } from './support/servers';
import { emptyCartWithAddress, firstChoice, flash, TEST_REGION, TEST_REGION_LINE, type ProductCard } from './support/shopper-api';

/**
 * The order pages (docs/product.md §2.2, §7.4), with JavaScript on and off: the history with its status tabs
 * and counts, an order's details, cancelling it through the confirmation dialog, ordering
 * it again, its invoice; and, on a server of its own where the operator command
 * (npm run orders -- status) has delivered an order, reviewing its products.
 */

/** Nothing wider than the viewport (375px phones included). */
async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('history with tab counts, details, cancel through the dialog, invoice, order again', async ({ page, shopper }) => {
      const address = await emptyCartWithAddress(shopper.call, 'Order Tester');
      const { data } = await (await page.request.get('/api/products?per_page=100&sort_type=newest')).json();
      const product = (data.products as ProductCard[]).find((card) => card.quantity > 20)!;
      await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 2, ...firstChoice(product) });
      const placed = await shopper.call('POST', '/place-order', { shop_ids: [product.shop.id], address_id: address.id, payment_method: 'cash', note: 'Leave it at the door' });
      expect(placed.status).toBe(201);
      const order = placed.body.data.orders[0] as { id: number; order_code: string };
      const counts = (await shopper.call('GET', '/orders')).body.data.status_wise_orders as Record<string, number>;

      // The history: a tab per status with its count, the order in the list.
      await page.goto('/order-history');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order History');
      const tabs = page.getByRole('navigation', { name: 'Orders by status' });
      for (const [key, label] of Object.entries({
        all: 'All',
        pending: 'Pending',
        confirm: 'Confirm',
        processing: 'Processing',
        pickup: 'Pickup',
        on_the_way: 'On The Way',
        delivered: 'Delivered',
        cancelled: 'Cancelled',
      })) {
        await expect(tabs.locator(`[data-order-tab="${key}"]`)).toContainText(label);
        await expect(tabs.locator(`[data-order-tab="${key}"] [data-count]`)).toHaveText(String(counts[key]));
      }
      await expect(tabs.locator('[data-order-tab="all"]')).toHaveAttribute('aria-current', 'page');
      const row = page.locator(`[data-order="${order.id}"]`);
      await expect(row).toContainText(order.order_code);
      await expect(row).toContainText(product.shop.name);
      await expect(row).toContainText('2 items');
      await expect(row.locator('[data-order-status]')).toHaveText('Pending');
      await expectNoHorizontalScroll(page);

      await tabs.locator('[data-order-tab="pending"]').click();
      await expect(page).toHaveURL(/\/order-history\?order_status=pending$/);
      await expect(tabs.locator('[data-order-tab="pending"]')).toHaveAttribute('aria-current', 'page');
      await expect(row).toBeVisible();
      await tabs.locator('[data-order-tab="delivered"]').click();
      await expect(page).toHaveURL(/order_status=delivered$/);
      await expect(row).toHaveCount(0);
      await tabs.locator('[data-order-tab="all"]').click();

      // The details.
      await row.locator('[data-order-code]').click();
      await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Details');
      await expect(page.locator('[data-section="order-summary"] [data-order-code]')).toHaveText(order.order_code);
      await expect(page.locator('[data-order-shop]')).toContainText(product.shop.name);
      await expect(page.locator(`[data-order-line="${product.id}"]`)).toContainText(product.name);
      await expect(page.locator(`[data-order-line="${product.id}"] [data-qty]`)).toContainText('2');
      await expect(page.locator('[data-order-note]')).toHaveText('Leave it at the door');
      await expect(page.locator('[data-payment-method]')).toHaveText('Cash on Delivery');
      await expect(page.locator('[data-payment-status]')).toHaveText('Pending');
      await expect(page.locator('[data-order-timeline] [data-timeline-status]')).toHaveCount(1);
      await expect(page.locator('[data-order-timeline] [data-timeline-status="pending"]')).toContainText('Pending');
      await expect(page.locator('[data-section="order-address"]')).toContainText(address.name);
      // City, state and post code on one line, the country below it (lib/postal-address.ts).
      await expect(page.locator('[data-section="order-address"] [data-postal-address]')).toContainText(`${TEST_REGION_LINE}\n${TEST_REGION.country}`, { useInnerText: true });
      await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      // Cancel: the dialog asks first; No keeps the order.
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'No' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
      await expect(flash(page)).toHaveText('Order cancelled successfully');
      await expect(page.locator('[data-section="order-summary"] [data-order-status]')).toHaveText('Cancelled');
      await expect(page.locator('[data-order-timeline] [data-timeline-status="cancelled"]')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
      const after = (await shopper.call('GET', '/orders')).body.data.status_wise_orders;
      expect(after).toMatchObject({ pending: counts.pending! - 1, cancelled: counts.cancelled! + 1 });

      // The invoice: printable, not indexed; its Print button needs JavaScript.
      await page.getByRole('link', { name: 'Invoice' }).click();
      await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}/invoice$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice');
      await expect(page.locator('[data-invoice] [data-order-code]')).toHaveText(order.order_code);
      await expect(page.locator('[data-invoice-shop]')).toHaveText(product.shop.name);
      await expect(page.locator('[data-invoice-lines]')).toContainText(product.name);
      await expect(page.locator('[data-postal-address]')).toContainText(`${TEST_REGION_LINE}\n${TEST_REGION.country}`, { useInnerText: true });
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(javaScriptEnabled ? 1 : 0);
      await expectNoHorizontalScroll(page);
      await page.getByRole('link', { name: 'Back to the order' }).click();

      // Order again: the products go back into the cart.
      await page.getByRole('button', { name: 'Order Again' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(flash(page)).toHaveText('The products are back in your cart');
      await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();

      // Nobody's order, or no order at all: Page Not Found.
      for (const path of ['/order-history/abc', '/order-history/999999999', '/order-history/999999999/invoice']) {
        expect((await page.goto(path))?.status(), path).toBe(404);
      }
    });
  });
}

test.describe('a delivered order, moved there by the operator command', () => {
  test.describe.configure({ mode: 'serial' });
  let server: VariantServer;
  // Two new shoppers of the variant server, one per JavaScript mode (the demo accounts' password).
  const shoppers = { off: randomEmail('e2e.delivered'), on: randomEmail('e2e.delivered') };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Each shopper gets a cash order of two products, delivered by `npm run orders -- status` step by step.
    server = await startPreparedServer([['tests/e2e/support/delivered-orders.ts', shoppers.off, shoppers.on]]);
  });
  test.afterAll(async () => server?.stop());

  for (const javaScriptEnabled of [false, true]) {
    test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled });

      test("the timeline shows every step; each product is reviewed once; another shopper's order is not found", async ({ page }) => {
        const base = server.baseURL;
        const email = javaScriptEnabled ? shoppers.on : shoppers.off;
        const shopper = await signInAccount(page.context(), base, { email, password: DEMO_ACCOUNTS.customer.password });
        const { body } = await shopper.call('GET', '/orders?order_status=delivered');
        expect(body.data.total).toBe(1);
        const order = body.data.orders[0] as { id: number; order_code: string };

        await page.goto(`${base}/order-history?order_status=delivered`);
        await expect(page.locator('[data-order-tab="delivered"] [data-count]')).toHaveText('1');
        await expect(page.locator(`[data-order="${order.id}"] [data-order-status]`)).toHaveText('Delivered');
        await page.locator(`[data-order="${order.id}"] [data-order-code]`).click();
        await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));

        const timeline = page.locator('[data-order-timeline] [data-timeline-status]');
        await expect(timeline).toHaveText(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'].map((label) => new RegExp(`^${label}`)));
        await expect(page.locator('[data-payment-status]')).toHaveText('Paid');
        await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

        // A form per product; once reviewed, a product's form is gone and its rating listed.
        const forms = page.locator('[data-review-form]');
        await expect(forms).toHaveCount(2);
        const first = forms.first();
        const productName = (await first.getByRole('heading', { level: 3 }).textContent())!.trim();
        await first.getByRole('radio', { name: '4 of 5 stars' }).check();
        await first.getByLabel('Review').fill('Works as described.');
        await first.getByRole('button', { name: 'Submit Review' }).click();
        await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}#reviews$`));
        await expect(flash(page)).toHaveText('Thank you for your review');
        await expect(forms).toHaveCount(1);
        await expect(page.getByRole('list', { name: 'Your reviews' })).toContainText(`${productName}: 4 of 5 stars`);
        await expectNoHorizontalScroll(page);

        // In Arabic, right to left.
        await page.goto(`${base}/order-history/${order.id}?lang=ar`);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.locator('[data-review-form]')).toHaveCount(1);
        await expectNoHorizontalScroll(page);

        // The other shopper's order on this server (ids 1 and 2 of a fresh database).
        const theirs = order.id === 1 ? 2 : 1;
        expect((await page.goto(`${base}/order-history/${theirs}`))?.status()).toBe(404);
        expect((await page.goto(`${base}/order-history/${theirs}/invoice`))?.status()).toBe(404);
      });
    });
  }
});
