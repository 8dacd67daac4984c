import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomEmail, randomPhone } from '../support/people';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { startVariantServer, type VariantServer } from './support/servers';
import { emptyCartWithAddress, shopperCaller, twoShopsProducts, type ProductCard } from './support/shopper-api';
import { outboxPath } from './support/outbox';

/**
 * The checkout island (docs/product.md §4.6) with JavaScript on: vouchers change the figures in place,
 * Confirm places the orders through the API once however often it is clicked, refusals come
 * back as toasts, the dialogs are modal and accessible, and the OTP modal verifies an account
 * before its first order. checkout.spec.ts covers the same checkout without JavaScript.
 */

const unitPrice = (card: ProductCard) => (card.discount_price > 0 ? card.discount_price : card.price);
const payable = (page: Page) => page.locator('[data-cart-figures] > div').last().locator('dd');
const toast = (page: Page, type: 'success' | 'error') => page.locator(`[data-sonner-toast][data-type="${type}"]`);

/** The checkout of the shops in the cart, hydrated, with a marker that a reload would lose. */
async function openCheckout(page: Page, shopIds: number[]) {
  await page.goto(`/checkout?${shopIds.map((id) => `shop_ids=${id}`).join('&')}`);
  await hydrated(page, 'Checkout', 'Toasts');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
}

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

test('two shops, a voucher applied in place, placed through the island: two orders, one payment', async ({ page, shopper: { call } }) => {
  await emptyCartWithAddress(call, 'Island Tester');
  const [first, second] = await twoShopsProducts(page.request);
  // Enough of the first product for the shop's amount voucher (its minimum spend).
  const vouchers = (await call('GET', `/get-vouchers?shop_id=${first.shop.id}`)).body.data.coupons as {
    code: string;
    discount_type: string;
    discount: number;
    min_order_amount: number;
  }[];
  const voucher = vouchers.find((each) => each.discount_type === 'Amount')!;
  const quantity = Math.max(1, Math.ceil(voucher.min_order_amount / unitPrice(first)));
  await call('POST', '/cart/store', { product_id: first.id, quantity });
  await call('POST', '/cart/store', { product_id: second.id, quantity: 1 });
  const before = (await call('GET', '/orders')).body.data.total as number;

  await openCheckout(page, [first.shop.id, second.shop.id]);
  await expect(page.locator('[data-checkout-shop]')).toHaveCount(2);
  const payableBefore = await payable(page).textContent();

  const shop = page.locator(`[data-checkout-shop="${first.shop.id}"]`);
  await shop.getByText('Apply Store voucher').click();
  await shop.getByLabel('Voucher code').fill(voucher.code);
  await shop.getByRole('button', { name: 'Apply', exact: true }).last().click();
  await expect(shop.locator('[data-applied-voucher]')).toContainText(voucher.code);
  await expect(page.locator('[data-coupon-discount]')).toBeVisible();
  await expect(payable(page)).not.toHaveText(payableBefore!);
  const figures = (await call('POST', '/cart/checkout', { shop_ids: [first.shop.id, second.shop.id] })).body.data.checkout;
  expect(figures.coupon_discount).toBe(voucher.discount);
  await expect(payable(page)).toHaveText(`$${figures.payable_amount.toFixed(2)}`);
  expect(await samePage(page)).toBe(true);

  await page.getByLabel('Note').fill('Island order');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(dialog).toContainText(`$${figures.payable_amount.toFixed(2)}`);
  // The answer as the island got it (read on its way: the page navigates away at once).
  const answers: { payment_id: number; orders: { id: number; shop_id: number; payable_amount: number }[]; payable_amount: number }[] = [];
  await page.route('**/api/place-order', async (route) => {
    const response = await route.fetch();
    answers.push((await response.json()).data);
    await route.fulfill({ response });
  });
  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/order-history$/);
  expect(answers, 'POST /api/place-order called once, by the island').toHaveLength(1);
  const placed = answers[0]!;
  // One order per shop, one payment for both, adding up to what the page showed.
  expect(placed.orders.map((order) => order.shop_id).sort()).toEqual([first.shop.id, second.shop.id].sort());
  expect(placed.payment_id).toBeGreaterThan(0);
  expect(placed.payable_amount).toBe(figures.payable_amount);
  expect(Math.round(placed.orders.reduce((sum, order) => sum + order.payable_amount * 100, 0))).toBe(Math.round(figures.payable_amount * 100));
  // The island's way: the message as a toast, no server flash (the no-JavaScript form would leave one).
  await expect(toast(page, 'success')).toHaveText(/Order placed successfully/);
  await expect(page.locator('[data-flash]')).toHaveCount(0);

  expect((await call('GET', '/orders')).body.data.total).toBe(before + 2);
  const details = await Promise.all(placed.orders.map(async (order) => (await call('GET', `/order-details?order_id=${order.id}`)).body.data.order));
  for (const order of details) expect(order).toMatchObject({ payment_method: 'Cash Payment', order_status: 'Pending', note: 'Island order' });
  expect(details.find((order) => order.shop.id === first.shop.id).coupon_discount).toBe(voucher.discount);
  expect((await call('GET', '/carts')).body.data.total).toBe(0);
});

test('the confirmation modal: keyboard, focus, axe; a double click on Confirm places once', async ({ page, shopper: { call } }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one viewport is enough; the layout at 375px is covered above and in Arabic below');
  await emptyCartWithAddress(call, 'Island Tester');
  const [first] = await twoShopsProducts(page.request);
  await call('POST', '/cart/store', { product_id: first.id, quantity: 1 });
  const before = (await call('GET', '/orders')).body.data.total as number;
  await openCheckout(page, [first.shop.id]);

  const place = page.getByRole('button', { name: 'Place Order' });
  await place.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(':modal') && element.contains(document.activeElement))).toBe(true);
  expect(await axeViolations(page, { include: '#confirm-order', all: true })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(place).toBeFocused();

  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/place-order')) requests += 1;
  });
  await place.click();
  await dialog.getByRole('button', { name: 'Confirm Order' }).dblclick();
  await expect(page).toHaveURL(/\/order-history\/\d+$/);
  await expect(toast(page, 'success')).toHaveText(/Order placed successfully/);
  expect((await call('GET', '/orders')).body.data.total).toBe(before + 1);
  // The island sends it once (the button is disabled while in flight); the key would make a second harmless.
  expect(requests).toBe(1);
});

test('a price changed since the page was drawn: refused with the server message as a toast, figures reloaded', async ({ page, shopper: { call } }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one viewport is enough: the refusal is the same on every one');
  await emptyCartWithAddress(call, 'Island Tester');
  const [first] = await twoShopsProducts(page.request);
  await call('POST', '/cart/store', { product_id: first.id, quantity: 1 });
  const before = (await call('GET', '/orders')).body.data.total as number;
  await openCheckout(page, [first.shop.id]);

  // Another tab changes the cart: what this page shows to pay is no longer what the server would charge.
  await call('POST', '/cart/increment', { product_id: first.id });
  const now = (await call('POST', '/cart/checkout', { shop_ids: [first.shop.id] })).body.data.checkout.payable_amount as number;

  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/place-order'));
  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(409);
  const { message } = await refused.json();
  await expect(toast(page, 'error')).toHaveText(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(dialog).toBeHidden();
  await expect(payable(page)).toHaveText(`$${now.toFixed(2)}`);
  expect((await call('GET', '/orders')).body.data.total).toBe(before);
  expect(await samePage(page)).toBe(true);

  // The figures shown now are the server's: the same checkout goes through.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await dialog.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/order-history\/\d+$/);
  expect((await call('GET', '/orders')).body.data.total).toBe(before + 1);
});

test('in Arabic the checkout reads right to left and the confirmation modal passes axe', async ({ page, baseURL, shopper: { call } }, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'the phone width, where right-to-left layout breaks first');
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await emptyCartWithAddress(call, 'Island Tester');
  const [first] = await twoShopsProducts(page.request);
  await call('POST', '/cart/store', { product_id: first.id, quantity: 1 });
  await openCheckout(page, [first.shop.id]);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.locator('aside[aria-labelledby="checkout-summary"] button[command="show-modal"]').click();
  const dialog = page.locator('#confirm-order');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-labelledby', 'confirm-order-title');
  expect(await axeViolations(page, { include: '#confirm-order', all: true })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('the shop asks for a verified account before the first order', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1280, 'one run on its own server is enough');

  let server: VariantServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startVariantServer({ order_place_account_verify: true });
  });
  test.afterAll(async () => server?.stop());

  /** The latest code the outbox page shows for a recipient. */
  async function codeFor(request: APIRequestContext, recipient: string): Promise<string> {
    let code = '';
    await expect
      .poll(async () => {
        const html = await (await request.get(`${server.baseURL}${outboxPath()}`)).text();
        const at = html.indexOf(`data-recipient="${recipient}"`);
        code = at < 0 ? '' : (/verification code is (\d{4})/.exec(html.slice(at))?.[1] ?? '');
        return code;
      })
      .toMatch(/^\d{4}$/);
    return code;
  }

  /** A new shopper of the variant server (registration signs in, not yet verified) with one product in the cart. */
  async function unverifiedShopper(browser: Browser, javaScriptEnabled: boolean) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    const email = randomEmail('island');
    const registered = await page.request.post('/api/registration', {
      data: { name: 'Island Verifier', country: 'United States', phone_code: '+1', phone: randomPhone(), email, password: 'a-good-secret' },
    });
    expect(registered.status()).toBe(201);
    const login = await registered.json();
    expect(login.data.user.account_verified).toBe(false);
    await page.addInitScript(
      (state) => window.localStorage.setItem('auth', state),
      JSON.stringify({ user: login.data.user, addresses: [], token: login.data.access.token, favoriteProducts: 0, loginModal: false }),
    );
    const call = shopperCaller(page.request, login.data.access.token);
    await emptyCartWithAddress(call, 'Island Tester');
    const [first] = await twoShopsProducts(page.request);
    await call('POST', '/cart/store', { product_id: first.id, quantity: 1 });
    return { context, page, email, call, shopId: first.shop.id };
  }

  test('without JavaScript the code dialog comes back open after each step, then the confirmation', async ({ browser }) => {
    const { context, page, email, call, shopId } = await unverifiedShopper(browser, false);
    await page.goto(`/checkout?shop_ids=${shopId}`);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const otp = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(otp).toBeVisible();
    await otp.getByRole('button', { name: `Send a code to ${email}` }).click();
    await expect(page).toHaveURL(/code=sent/);
    await expect(otp).toBeVisible();
    await expect(otp.locator('[data-code-message]')).not.toBeEmpty();
    const code = await codeFor(page.request, email);
    await otp.getByLabel('Enter the 4-digit code sent to').fill(code);
    await otp.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/code=verified/);
    const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
    expect((await call('GET', '/orders')).body.data.total).toBe(1);
    await context.close();
  });

  test('the OTP modal sends a code, shows the messages, verifies, then the order is confirmed', async ({ browser }) => {
    const { context, page, email, call, shopId } = await unverifiedShopper(browser, true);
    await openCheckout(page, [shopId]);
    const place = page.getByRole('button', { name: 'Place Order' });
    await place.click();
    const otp = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(otp).toBeVisible();
    expect(await otp.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect(await axeViolations(page, { include: '#verify-account', all: true })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(otp).toBeHidden();
    await expect(place).toBeFocused();

    await place.click();
    await otp.getByRole('button', { name: `Send a code to ${email}` }).click();
    await expect(otp.locator('[data-code-message]')).not.toBeEmpty();
    const field = otp.getByLabel('Enter the 4-digit code sent to');
    await expect(field).toBeFocused();
    const code = await codeFor(page.request, email);
    await field.fill(code === '0000' ? '1111' : '0000');
    await otp.getByRole('button', { name: 'Verify' }).click();
    await expect(otp.locator('[data-code-message]')).toHaveClass(/text-red-700/);
    await expect(otp).toBeVisible();
    await field.fill(code);
    await otp.getByRole('button', { name: 'Verify' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
    await expect(confirm).toBeVisible();
    await expect(otp).toHaveCount(0);
    expect(page.url()).toContain('/checkout');
    await confirm.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
    expect((await call('GET', '/orders')).body.data.total).toBe(1);
    await context.close();
  });
});
