import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts';
import { axeViolations } from './support/axe';
import { expect, newShopperIn, test } from './support/fixtures';
import { addsInOneClick, emptyCartWithAddress, firstChoice, flash, productNameIn, shopperApi, type ProductCard } from './support/shopper-api';

/**
 * The shopper's conversations with shops, /chat (docs/decisions/020-support-and-live-updates.md):
 * "Message the shop" on a product, shop or order page opens the conversation without
 * JavaScript, the reply form posts to the page itself, a guest is asked to log in, and
 * nobody reads a conversation that is not theirs; with JavaScript, what the shop answers
 * appears in the open thread without a reload, and the unread counts follow. The demo
 * seller (TechNest Electronics) answers through the seller API. Flows are the same HTML at
 * any width: they run at 1280 px, and one check lays the page out at 375 px.
 */

// The mobile project does not run this spec (playwright.config.ts): the phone check sets its viewport itself.
test.skip(({ isMobile }) => isMobile, 'the same HTML at any width: one run at 1280 px');

interface Seller {
  token: string;
  shopId: number;
  shopName: string;
  /** POST /api/seller/send-message to a shopper. */
  send(userId: number, message: string): Promise<void>;
}

/** The demo seller signed in through POST /api/seller/login on a request context of its own (not the shopper's cookies). */
async function demoSeller(request: APIRequestContext): Promise<Seller> {
  const { email, password } = DEMO_ACCOUNTS.seller;
  const response = await request.post('/api/seller/login', { data: { contact: email, password } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  const token: string = data.access.token;
  return {
    token,
    shopId: data.user.shop.id,
    shopName: data.user.shop.name,
    async send(userId, message) {
      const answer = await shopperApi(request, token, 'POST', '/seller/send-message', { user_id: userId, message });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
  };
}

/** A product of the shop in stock, as GET /api/products lists it. */
async function productOf(request: APIRequestContext, shopId: number): Promise<ProductCard> {
  const { data } = await (await request.get(`/api/products?shop_id=${shopId}&per_page=20&sort_type=newest`)).json();
  const product = (data.products as ProductCard[]).find((card) => card.quantity > 3 && addsInOneClick(card));
  if (!product) throw new Error(`no product of shop ${shopId} in stock`);
  return product;
}

const thread = (page: Page) => page.locator('#chat-thread-live');
const row = (page: Page, shopId: number) => page.locator(`[data-conversation="${shopId}"]`);
const bubble = (page: Page, text: string) => thread(page).locator('[data-chat-message]').filter({ hasText: text });

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('from a product page "Message the shop" opens the conversation with the product card; a message is sent and shown as text', async ({
    page,
    shopper,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    try {
      const seller = await demoSeller(api);
      const product = await productOf(page.request, seller.shopId);
      await page.goto(`/products/${product.id}/details`);
      const price = (await page.locator('[data-price] [data-choice-current]').textContent())!.trim();
      await page.getByRole('button', { name: 'Message the shop' }).click();

      await expect(page).toHaveURL(new RegExp(`/chat\\?shop=${seller.shopId}(#chat-thread)?$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
      await expect(page.locator('#chat-thread-title')).toHaveText(seller.shopName);
      const card = thread(page).locator(`[data-chat-product="${product.id}"]`);
      await expect(card).toContainText(product.name);
      await expect(card.locator('[data-chat-price] > bdi').first()).toHaveText(price);
      await expect(card).toHaveAttribute('href', `/products/${product.id}/details`);
      await expect(row(page, seller.shopId)).toContainText(seller.shopName);
      await expect(row(page, seller.shopId)).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('[data-customer-service] a')).toHaveAttribute('href', '/support-tickets');

      // An empty message: the error by the field, 422.
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.locator('#chat-message-error')).toHaveText('The message field is required.');
      await expect(page.getByLabel(`Message to ${seller.shopName}`)).toHaveAttribute('aria-invalid', 'true');

      // A message with markup and a line break: plain text, both lines kept, no element made of it.
      await page.getByLabel(`Message to ${seller.shopName}`).fill('Is it <b>new</b>?\nAnd boxed?');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(new RegExp(`/chat\\?shop=${seller.shopId}(#chat-thread)?$`));
      const mine = bubble(page, 'Is it <b>new</b>?');
      await expect(mine).toHaveAttribute('data-sender', 'user');
      expect(await mine.locator('[data-chat-text]').innerText()).toBe('Is it <b>new</b>?\nAnd boxed?');
      await expect(thread(page).locator('b')).toHaveCount(0);
      await expect(row(page, seller.shopId).locator('[data-conversation-last]')).toContainText('Is it <b>new</b>?');
      // The API has it, newest first, after the product card.
      const { body } = await shopper.call('GET', `/get-message?shop_id=${seller.shopId}`);
      expect(body.data.data.map((message: { message: string | null; product: { id: number } | null }) => message.message ?? message.product?.id)).toEqual([
        'Is it <b>new</b>?\nAnd boxed?',
        product.id,
      ]);
      await expect(thread(page)).toHaveAttribute('data-live-region', /^chat:\d+$/);
      await expect(page.locator('#chat-list-live')).toHaveAttribute('data-live-region', 'chat:*');
    } finally {
      await api.dispose();
    }
  });

  test('from an order and from a shop page, the conversation is about the order; a search finds it by shop name', async ({ page, shopper }) => {
    const { data } = await (await page.request.get('/api/products?per_page=100&sort_type=newest')).json();
    const product = (data.products as ProductCard[]).find((card) => card.quantity > 20)!;
    const address = await emptyCartWithAddress(shopper.call, 'Chat Tester');
    expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1, ...firstChoice(product) })).status).toBe(200);
    const placed = await shopper.call('POST', '/place-order', { shop_ids: [product.shop.id], address_id: address.id, payment_method: 'cash' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data.orders[0] as { id: number; order_code: string };

    await page.goto(`/order-history/${order.id}`);
    // The order page's live regions are as they were, the new form inside its actions.
    await expect(page.locator('#order-actions-live')).toHaveAttribute('data-live-region', `order:${order.id}`);
    await expect(page.locator('#order-status-live')).toHaveAttribute('data-live-region', `order:${order.id}`);
    await expect(page.locator('#order-timeline-live')).toHaveAttribute('data-live-region', `order:${order.id}`);
    await page.locator('#order-actions-live').getByRole('button', { name: 'Message the shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?shop=${product.shop.id}(#chat-thread)?$`));
    const card = thread(page).locator(`[data-chat-order="${order.id}"]`);
    await expect(card.getByRole('link', { name: order.order_code })).toHaveAttribute('href', `/order-history/${order.id}`);
    await expect(card.locator('[data-order-status]')).toHaveText('Pending');
    await expect(row(page, product.shop.id).locator('[data-conversation-about]')).toContainText(order.order_code);

    // The shop's page: the same conversation, no second card.
    await page.goto(`/shops/${product.shop.id}`);
    await page.getByRole('button', { name: 'Message the shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?shop=${product.shop.id}(#chat-thread)?$`));
    await expect(thread(page).locator('[data-chat-message]')).toHaveCount(1);

    await page.goto('/chat');
    await page.getByRole('searchbox', { name: 'Search by shop name' }).fill(product.shop.name.slice(0, 4).toLowerCase());
    await page.getByRole('search', { name: 'Search by shop name' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('[data-conversation]')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search by shop name' }).fill('no shop is called this');
    await page.getByRole('search', { name: 'Search by shop name' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('[data-chat-empty="search"]')).toBeVisible();
  });

  test('a guest pressing "Message the shop" is asked to log in, and /chat sends a guest home', async ({ page }) => {
    const { data } = await (await page.request.get('/api/products?per_page=1')).json();
    const product = data.products[0] as ProductCard;
    await page.goto(`/products/${product.id}/details`);
    await page.getByRole('button', { name: 'Message the shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}/details$`));
    await expect(flash(page)).toContainText('Please login first!');
    await flash(page).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(login.locator('form')).toHaveAttribute('action', '/login');

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/$/);
  });

  test("another shopper's /chat?shop= for a shop they never wrote to is Page Not Found; a new shopper's list is empty", async ({ page, shopper, browser, baseURL }) => {
    const product = (await (await page.request.get('/api/products?per_page=1')).json()).data.products[0] as ProductCard;
    expect((await shopper.call('POST', '/store-message', { shop_id: product.shop.id, message: 'Hello' })).status).toBe(200);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await newShopperIn(context, baseURL!);
      const other = await context.newPage();
      const answer = await other.goto(`/chat?shop=${product.shop.id}`);
      expect(answer?.status()).toBe(404);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await other.goto('/chat');
      await expect(other.locator('[data-chat-empty]')).toContainText('You have no conversations with shops yet.');
      await expect(other.locator('[data-customer-service]')).toContainText('Customer service');
    } finally {
      await context.close();
    }
  });
});

test.describe('with JavaScript', () => {
  test("the shop's answer shows in the open thread without a reload; the unread counts follow", async ({ page, shopper, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    try {
      const seller = await demoSeller(api);
      const product = await productOf(page.request, seller.shopId);
      expect((await shopper.call('POST', '/store-message', { shop_id: seller.shopId, product_id: product.id, message: 'Does it come boxed?' })).status).toBe(200);
      await seller.send(shopper.id, 'Yes, sealed in its box.');

      // Unread: on the list's row, and on the account menu's Messages link.
      await page.goto('/chat');
      await expect(row(page, seller.shopId).locator('[data-unread]')).toHaveAttribute('data-unread', '1');
      const accountMenu = page.locator('details[data-menu]', { has: page.locator('[data-messages-link]') });
      await expect(accountMenu.locator('[data-unread-dot]')).toBeVisible();
      await accountMenu.locator('summary').click();
      const messagesLink = accountMenu.locator('[data-messages-link]');
      await expect(messagesLink).toHaveAttribute('href', '/chat');
      await expect(messagesLink.locator('[data-count="messages"]')).toContainText('1');
      await accountMenu.locator('summary').click();

      // Opening the thread reads it: the counts go.
      await row(page, seller.shopId).click();
      await expect(page).toHaveURL(new RegExp(`/chat\\?shop=${seller.shopId}$`));
      await expect(bubble(page, 'Yes, sealed in its box.')).toHaveAttribute('data-sender', 'shop');
      await expect(row(page, seller.shopId).locator('[data-unread]')).toHaveCount(0);
      await expect(page.locator('[data-count="messages"]')).toHaveCount(0);
      await expect(page.locator('[data-unread-dot]')).toHaveCount(0);

      // Live: the shop's next answer appears in the open thread; the page is not reloaded.
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live)).toBe('open');
      await page.evaluate(() => ((window as unknown as { chatMarker: number }).chatMarker = 1));
      await seller.send(shopper.id, 'It ships tomorrow.');
      await expect(bubble(page, 'It ships tomorrow.')).toBeVisible();
      await expect(row(page, seller.shopId).locator('[data-conversation-last]')).toHaveText('It ships tomorrow.');
      expect(await page.evaluate(() => (window as unknown as { chatMarker?: number }).chatMarker)).toBe(1);
      // Read where it appeared: no count is left.
      await expect(row(page, seller.shopId).locator('[data-unread]')).toHaveCount(0);
      await expect.poll(async () => (await shopper.call('GET', '/unread-messages')).body.data.unread_messages).toBe(0);

      // The reply form is outside the live regions: what is typed stays while the thread refreshes.
      await page.getByLabel(`Message to ${seller.shopName}`).fill('Thank you!');
      await seller.send(shopper.id, 'You are welcome in advance.');
      await expect(bubble(page, 'You are welcome in advance.')).toBeVisible();
      await expect(page.getByLabel(`Message to ${seller.shopName}`)).toHaveValue('Thank you!');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(bubble(page, 'Thank you!')).toHaveAttribute('data-sender', 'user');
    } finally {
      await api.dispose();
    }
  });

  test('in Arabic the page reads right to left, and at 375 px the thread replaces the list', async ({ page, shopper, baseURL }) => {
    const product = (await (await page.request.get('/api/products?per_page=1')).json()).data.products[0] as ProductCard;
    expect((await shopper.call('POST', '/store-message', { shop_id: product.shop.id, product_id: product.id, message: 'مرحبا' })).status).toBe(200);

    await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
    await page.goto(`/chat?shop=${product.shop.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الرسائل');
    await expect(page.getByRole('heading', { name: 'خدمة العملاء' })).toBeVisible();
    // The shopper's own messages sit on the end side: the left, right to left.
    const own = await bubble(page, 'مرحبا').boundingBox();
    const box = await thread(page).boundingBox();
    expect(own!.x - box!.x).toBeLessThan(box!.x + box!.width - (own!.x + own!.width));
    // The product card the conversation opened with names the product in Arabic.
    await expect(thread(page).getByText(await productNameIn(page.request, product.id, 'ar'), { exact: true })).toBeVisible();

    await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL! }]);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/chat?shop=${product.shop.id}`);
    await expect(page.locator('[data-section="conversations"]')).toBeHidden();
    await expect(bubble(page, 'مرحبا')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.locator('[data-chat-back]').click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(row(page, product.shop.id)).toBeVisible();
    await expect(page.locator('[data-chat-pick]')).toBeHidden();
    await expectNoHorizontalScroll(page);
  });

  for (const locale of ['en', 'ar']) {
    test(`the list and a thread have no serious or critical axe violations in ${locale}`, async ({ page, shopper, baseURL }) => {
      const product = (await (await page.request.get('/api/products?per_page=1')).json()).data.products[0] as ProductCard;
      expect((await shopper.call('POST', '/store-message', { shop_id: product.shop.id, product_id: product.id, message: 'Is it in stock?' })).status).toBe(200);
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      for (const path of ['/chat', `/chat?shop=${product.shop.id}`]) {
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  }
});
