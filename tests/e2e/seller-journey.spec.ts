import sharp from 'sharp';
import { expect, newShopperIn, signInAccount, test } from './support/fixtures';
import { emptyCartWithAddress } from './support/shopper-api';
import { startPreparedServer, type VariantServer } from './support/servers';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';

/**
 * A seller's whole way, as a new user takes it (docs/decisions/017-sellers.md), on a server
 * of its own so the operator's command can run on its embedded database between a stop and
 * a start: sign up, register a shop, wait under review, get approved by `npm run shops`,
 * add a product with a picture and a voucher, see both on the storefront, sell the product
 * to another shopper who uses the voucher, fulfil the order to delivered while the
 * shopper's order page shows each step, find the net earning available, ask for a
 * withdrawal; and another seller reaches none of it.
 */
test.describe.configure({ mode: 'serial' });

let server: VariantServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startPreparedServer([]);
});
test.afterAll(async () => {
  await server?.stop();
});

const picture = () =>
  sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

test('a new seller registers, is approved, sells, fulfils, earns and withdraws; another seller reaches nothing of it', async ({ browser, isMobile }) => {
  test.skip(isMobile, 'one journey is enough: the pages themselves are checked at both widths by their own specs');
  test.setTimeout(300_000);
  const base = server.baseURL;
  const sellerContext = await browser.newContext({ baseURL: base });
  const page = await sellerContext.newPage();
  const seller = await newShopperIn(sellerContext, base, 'Harbour Seller');

  // 1. Registration, then the review's first state.
  await page.goto('/shop/register');
  const main = page.getByRole('main');
  await main.getByLabel('Shop Name').fill('Harbour Lights');
  await main.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture() });
  await main.getByLabel('Description').fill('Lamps and lanterns from the harbour.');
  await main.getByLabel('Opening time').fill('08:00');
  await main.getByLabel('Closing time').fill('20:00');
  await main.getByRole('checkbox', { name: /I accept the/ }).check();
  await main.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator('[data-shop-state="under-review"]')).toContainText('Under review');
  const details = await seller.call('GET', '/seller/details');
  const shopId: number = details.body.data.user.shop.id;

  // 2. The operator approves it; the dashboard opens.
  const said = await server.operate(['src/server/cli/shops.ts', 'approve', String(shopId)]);
  expect(said).toContain('Harbour Lights');
  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Shop dashboard' }).getByRole('link', { name: 'Orders' })).toBeVisible();

  // 3. A product with a picture, and a voucher.
  const productName = `Harbour Lantern ${Date.now()}`;
  await page.goto('/shop/products/new');
  await main.getByRole('textbox', { name: 'Product name', exact: true }).fill(productName);
  await main.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ index: 1 });
  await main.getByRole('textbox', { name: 'Price', exact: true }).fill('40.00');
  await main.getByLabel('Quantity in stock').fill('12');
  await main.getByLabel('Thumbnail').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: await picture() });
  await main.getByRole('button', { name: 'Create product' }).click();
  const productUrl = (await main.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!;
  const code = `HARBOUR${Date.now() % 100000}`;
  await page.goto('/shop/vouchers/new');
  await page.getByLabel('Code').fill(code);
  await page.locator('#voucher-discount').fill('10');
  await page.getByRole('button', { name: 'Create voucher' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: code, exact: true })).toBeVisible();

  // 4. Both on the storefront, for anyone.
  const shopperContext = await browser.newContext({ baseURL: base });
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(productUrl);
  await expect(shopperPage.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(shopperPage.getByText('$40.00').first()).toBeVisible();
  await shopperPage.goto(`/products?search=${encodeURIComponent(productName)}`);
  await expect(shopperPage.getByRole('main').getByRole('link', { name: productName }).first()).toBeVisible();

  // 5. Another shopper buys it with the voucher.
  const buyer = await newShopperIn(shopperContext, base, 'Harbour Buyer');
  const address = await emptyCartWithAddress(buyer.call, 'Harbour Buyer');
  const productId: number = (await seller.call('GET', `/seller/products?search=${encodeURIComponent(productName)}`)).body.data.products[0].id;
  const offered = await buyer.call('GET', `/get-vouchers?shop_id=${shopId}`);
  expect(JSON.stringify(offered.body.data)).toContain(code);
  expect((await buyer.call('POST', '/cart/store', { product_id: productId, quantity: 2 })).status).toBe(200);
  expect((await buyer.call('POST', '/apply-voucher', { coupon_code: code, shop_id: shopId })).status).toBe(200);
  const placed = await buyer.call('POST', '/place-order', { address_id: address.id, payment_method: 'cash', shop_ids: [shopId], idempotency_key: `journey-${Date.now()}-abcdef` });
  expect(placed.status).toBe(201);
  const orders = await seller.call('GET', '/seller/orders');
  const order = orders.body.data.orders[0];
  expect(order.amount).toBeCloseTo(72, 2);

  // 6. Fulfilled from the dashboard, each step on the shopper's order page.
  await page.goto(`/shop/orders/${order.id}`);
  for (const step of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) {
    await expect(page.getByLabel('Next status')).toHaveValue(step);
    await page.getByRole('button', { name: 'Update status' }).click();
    await shopperPage.goto(`/order-history/${order.id}`);
    await expect(shopperPage.locator(`[data-order-timeline] [data-timeline-status="${step}"][aria-current="step"]`)).toHaveCount(1);
  }
  await expect(page.getByText('This order can no longer change.')).toBeVisible();

  // 7. The net after commission is available, and part of it withdrawn.
  const wallet = (await seller.call('GET', '/seller/wallet')).body.data;
  const net = (await seller.call('GET', `/seller/orders/${order.id}`)).body.data.order.seller_net;
  expect(net).toBeGreaterThan(0);
  expect(net).toBeLessThan(order.amount);
  expect(Number(String(wallet.withdrawable_amount).replace(/,/g, ''))).toBeCloseTo(net, 2);
  await page.goto('/shop/earnings');
  await page.locator('#withdraw-amount').fill('20');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.locator('[data-flash]')).toBeVisible();
  const history = (await seller.call('GET', '/seller/wallet/history')).body.data;
  expect(history.withdraws).toHaveLength(1);
  const withdrawalId: number = history.withdraws[0].id;

  // 8. Another seller, with every id of this shop: 404 everywhere, nothing changed.
  const otherContext = await browser.newContext({ baseURL: base });
  const other = await signInAccount(otherContext, base, DEMO_ACCOUNTS.seller);
  const voucherId: number = (await seller.call('GET', '/seller/vouchers')).body.data.vouchers[0].id;
  const tries: [string, string, unknown?][] = [
    ['GET', `/seller/orders/${order.id}`],
    ['GET', `/seller/orders/details?order_id=${order.id}`],
    ['POST', '/seller/orders/status-update', { order_id: order.id, order_status: 'cancelled' }],
    ['GET', `/seller/product/${productId}/show`],
    ['POST', `/seller/product/${productId}/update`, { name: 'Taken over', price: 1 }],
    ['POST', `/seller/product/status/toggle/${productId}`],
    ['GET', `/seller/vouchers/${voucherId}`],
    ['POST', `/seller/vouchers/${voucherId}`, { code: 'TAKEN' }],
    ['POST', `/seller/vouchers/${voucherId}/end`],
    ['GET', `/seller/wallet/withdraws/${withdrawalId}`],
  ];
  for (const [method, path, body] of tries) {
    const answer = await other.call(method as 'GET' | 'POST', path, body);
    expect(answer.status, `${method} ${path}`).toBe(404);
  }
  const after = (await seller.call('GET', `/seller/product/${productId}/show`)).body.data.product;
  expect(after.name).toBe(productName);
  expect(after.is_active).toBe(true);
  expect((await seller.call('GET', `/seller/orders/${order.id}`)).body.data.order.status).toBe('delivered');
  await Promise.all([sellerContext.close(), shopperContext.close(), otherContext.close()]);
});
