import type { Browser, Page } from '@playwright/test';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { expect, newShopperIn, test } from './support/fixtures';
import { startPreparedServer, type VariantServer } from './support/servers';
import { emptyCartWithAddress, firstChoice, type ProductCard } from './support/shopper-api';

/**
 * Online payment end to end (ADR 012): a production server with Stripe keys pointing at
 * the local Stripe-compatible server (tests/support/stripe-server.ts), whose payment page
 * delivers the signed checkout.session.completed event to the shop's webhook, as Stripe
 * does. The demo server of the other specs has no keys: its checkout says so.
 */
test.describe.configure({ mode: 'serial' });

const WEBHOOK_SECRET = 'whsec_e2eStorefrontSecret';

let stripe: StripeServer;
let server: VariantServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern: none here.
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the payment round trip is the same on every viewport; checkout.spec covers the layout');
  test.setTimeout(180_000);
  stripe = await startStripeServer();
  server = await startPreparedServer([], { STRIPE_SECRET_KEY: 'sk_test_e2eStorefront', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
  stripe.deliverTo(`${server.baseURL}/api/payments/stripe/webhook`, WEBHOOK_SECRET);
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** A new signed-in shopper of the Stripe server with an address and one product in the cart. */
async function shopperWithCart(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { call } = await newShopperIn(context, server.baseURL, 'Payment Tester');
  await emptyCartWithAddress(call, 'Payment Tester');
  const { data } = await (await page.request.get('/api/products?per_page=50&sort_type=newest')).json();
  const product = (data.products as ProductCard[]).find((card) => card.quantity > 20)!;
  expect((await call('POST', '/cart/store', { product_id: product.id, quantity: 1, ...firstChoice(product) })).status).toBe(200);
  return { page, call, shopId: product.shop.id, close: () => context.close() };
}

async function checkOutWithStripe(page: Page, shopId: number) {
  await page.goto(`/checkout?shop_ids=${shopId}`);
  await page.getByRole('radio', { name: 'Stripe' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+$`));
}

for (const javaScriptEnabled of [true, false]) {
  test(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}: an online order is paid on the Stripe page and shows as paid`, async ({ browser }) => {
    const shopper = await shopperWithCart(browser, javaScriptEnabled);
    const { page } = shopper;
    await checkOutWithStripe(page, shopper.shopId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay \d+\.\d{2} USD$/);

    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/order-history/\\d+\\?payment=success$`));
    await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
    await expect(page.getByText('Payment successful. Thank you!')).toBeVisible();
    expect(stripe.deliveries().at(-1)).toEqual({ type: 'checkout.session.completed', status: 200 });
    await shopper.close();
  });
}

test('cancelling on the Stripe page keeps the order, and Pay Now opens a new payment page', async ({ browser }) => {
  const shopper = await shopperWithCart(browser, false);
  const { page } = shopper;
  await checkOutWithStripe(page, shopper.shopId);
  const first = page.url();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/order-history/\\d+\\?payment=cancelled$`));
  await expect(page.getByText('The payment was cancelled. Your order is kept: you can pay with Pay now.')).toBeVisible();
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'pending');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_\\w+$`));
  expect(page.url()).not.toBe(first);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('[data-payment-status]')).toHaveAttribute('data-payment-status', 'paid');
  await shopper.close();
});

test('without Stripe keys the checkout offers cash on delivery only and says so', async ({ page, twoShopCart }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one viewport is enough');
  // The demo server of the other specs (playwright.config.ts) has no Stripe keys.
  await page.goto(`/checkout?shop_ids=${twoShopCart.first.shop.id}`);
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Stripe' })).toHaveCount(0);
  await expect(page.locator('[data-online-unavailable]')).toHaveText('Online payment is not available right now: pay with cash on delivery.');
});
