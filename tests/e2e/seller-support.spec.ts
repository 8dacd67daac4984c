import type { Browser, BrowserContext, Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { axeViolations } from './support/axe';
import { expect, newShopperIn, signInAccount, test, type Shopper } from './support/fixtures';
import { signIn } from './support/session';
import { emptyCartWithAddress, firstChoice, flash, type ProductCard } from './support/shopper-api';
import { DEMO_ACCOUNTS } from '@/lib/demo-accounts';
import { shopOwners } from '@/server/db/seed/data/people';
import { SHOPS } from '@/server/db/seed/data/shops';

/**
 * The shop dashboard's support pages (docs/decisions/020-support-and-live-updates.md), as
 * the demo seller (owner of TechNest Electronics): a shopper, through the API, opens a
 * ticket about a TechNest order and a conversation about a TechNest product; the seller
 * finds both, reads them and answers through the pages' forms without JavaScript; with
 * JavaScript the open thread shows the shopper's next message without a reload; another
 * shop's owner gets Page Not Found; the pages read right to left in Arabic and fit a phone.
 * Each test has a shopper of its own. Flows are the same HTML at any width: they run at
 * 1280 px (the mobile project does not run this spec), and one test lays the pages out at 375 px.
 */

const SHOP = 'TechNest Electronics';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Customer {
  context: BrowserContext;
  shopper: Shopper;
  product: ProductCard;
}

/** A new shopper (a name of their own, for the search), in a context of their own, and a TechNest product in stock. */
async function newCustomer(browser: Browser, baseURL: string): Promise<Customer> {
  const context = await browser.newContext({ baseURL });
  const shopper = await newShopperIn(context, baseURL, `Chat Tester ${randomInt(100_000, 1_000_000)}`);
  const { body } = await shopper.call('GET', '/products?per_page=100&sort_type=newest');
  const product = (body.data.products as ProductCard[]).find((card) => card.shop.name === SHOP && card.quantity > 3);
  if (!product) throw new Error(`No ${SHOP} product in stock`);
  return { context, shopper, product };
}

/** The customer's cash order of the product and a ticket about it, through the API: its number and the order's code. */
async function ticketAboutOrder({ shopper, product }: Customer, subject: string): Promise<{ number: string; code: string }> {
  const address = await emptyCartWithAddress(shopper.call, shopper.name);
  expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1, ...firstChoice(product) })).status).toBe(200);
  const placed = await shopper.call('POST', '/place-order', { shop_ids: [product.shop.id], address_id: address.id, payment_method: 'cash' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const code = placed.body.data.orders[0].order_code as string;
  const opened = await shopper.call('POST', '/support-ticket', {
    issue_type: 'Damaged or wrong item',
    subject,
    message: `The box was open.\nOne part is missing.`,
    email: shopper.email,
    order_number: code,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { number: opened.body.data.support_ticket.ticket_no as string, code };
}

/** The customer opens the conversation with the shop about the product, with a first message. */
async function askAboutProduct({ shopper, product }: Customer, message: string): Promise<void> {
  const opened = await shopper.call('POST', '/store-message', { shop_id: product.shop.id, product_id: product.id, message });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
}

/** The demo seller in a new context (JavaScript on or off), at 1280 px. */
async function sellerPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'seller');
  return page;
}

const ticketMessage = (page: Page, text: string) => page.locator('[data-thread] article[data-message]').filter({ hasText: text });
const chatMessage = (page: Page, text: string) => page.locator('[data-chat-thread] article[data-chat-message]').filter({ hasText: text });

test('without JavaScript the seller finds a ticket about an order, reads it and answers with a file', async ({ browser, baseURL }) => {
  const customer = await newCustomer(browser, baseURL!);
  const page = await sellerPage(browser, baseURL!, false);
  try {
    const subject = `Missing part ${randomInt(100_000, 1_000_000)}`;
    const { number, code } = await ticketAboutOrder(customer, subject);

    await page.goto('/shop/tickets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support tickets');
    await expect(page.getByRole('navigation', { name: 'Shop dashboard' }).getByRole('link', { name: 'Support tickets' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#seller-tickets-live')).toHaveAttribute('data-live-region', 'ticket:*');
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(['all', 'running', 'completed', 'cancel'].map(async (key) => [key, Number(await page.locator(`[data-ticket-tab="${key}"] [data-count]`).innerText())])),
      );
    const before = await counts();
    expect(before.running).toBeGreaterThanOrEqual(1);
    expect(before.all).toBe(before.running + before.completed + before.cancel);
    const row = page.locator(`li[data-ticket="${number}"]`);
    await expect(row).toContainText('Damaged or wrong item');
    await expect(row.locator('[data-ticket-order]')).toHaveText(code);
    await expect(row.locator('[data-ticket-status]')).toHaveText('Pending');

    // The Running tab lists it; Completed does not.
    await page.locator('[data-ticket-tab="completed"]').click();
    await expect(page).toHaveURL(/\/shop\/tickets\?status=completed$/);
    await expect(page.locator(`li[data-ticket="${number}"]`)).toHaveCount(0);
    await page.locator('[data-ticket-tab="running"]').click();
    await expect(page.locator('[data-ticket-tab="running"]')).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: subject }).click();

    await expect(page).toHaveURL(new RegExp(`/shop/tickets/${number}$`));
    await expect(page.locator('#ticket-title')).toHaveText(subject);
    await expect(page.locator('[data-section="ticket-summary"] [data-ticket-status]')).toHaveText('Pending');
    await expect(page.locator('[data-ticket-order]')).toHaveText(code);
    await expect(page.locator('#seller-ticket-live')).toHaveAttribute('data-live-region', `ticket:${number}`);
    const question = ticketMessage(page, 'The box was open.');
    await expect(question).toHaveAttribute('data-sender-role', 'customer');
    await expect(question.locator('[data-sender-name]')).toHaveText(customer.shopper.name);
    expect(await question.locator('[data-message-text]').innerText()).toBe('The box was open.\nOne part is missing.');

    // An empty answer is refused under its field; the answer with a picture joins the thread.
    const reply = page.locator('form[data-reply-form]');
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('#reply-message-error')).toHaveText('The message field is required.');
    await expect(reply.getByLabel('Message')).toHaveAttribute('aria-describedby', 'reply-message-error');
    await reply.getByLabel('Message').fill('Sorry about that.\nThe part ships <b>tomorrow</b>.');
    await reply.getByLabel('Attachments').setInputFiles([{ name: 'label.png', mimeType: 'image/png', buffer: PNG }]);
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/tickets/${number}#message-\\d+$`));
    await expect(flash(page)).toHaveText('Message sent successfully');
    const answer = ticketMessage(page, 'Sorry about that.');
    await expect(answer).toHaveAttribute('data-sender-role', 'shop');
    await expect(answer.locator('[data-sender-name]')).toHaveText(SHOP);
    await expect(answer).toContainText('Your shop');
    // Plain text: the markup shows as typed, the line break is kept.
    expect(await answer.locator('[data-message-text]').innerText()).toBe('Sorry about that.\nThe part ships <b>tomorrow</b>.');
    const image = answer.locator('a[data-attachment="image"]');
    await expect(image.getByRole('img', { name: 'label.png' })).toBeVisible();
    expect((await page.request.get((await image.getAttribute('href'))!)).status()).toBe(200);

    // The shopper reads the shop's answer.
    const shown = await customer.shopper.call('GET', `/support-ticket/show?ticket_number=${number}`);
    expect(shown.body.data.support_ticket.messages.map((message: { sender_role: string }) => message.sender_role)).toEqual(['customer', 'shop']);
  } finally {
    await page.context().close();
    await customer.context.close();
  }
});

test('without JavaScript the seller finds a conversation about a product, reads it and answers', async ({ browser, baseURL }) => {
  const customer = await newCustomer(browser, baseURL!);
  const page = await sellerPage(browser, baseURL!, false);
  try {
    await askAboutProduct(customer, 'Does it come in blue?\nI need two.');
    const name = customer.shopper.name;

    await page.goto('/shop/messages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
    await expect(page.locator('#seller-conversations-live')).toHaveAttribute('data-live-region', 'chat:*');
    // The dashboard's navigation counts the shop's unread messages.
    await expect(page.getByRole('navigation', { name: 'Shop dashboard' }).locator('[data-unread-messages]')).toBeVisible();
    await page.getByLabel('Search by customer name').fill(name.split(' ').pop()!);
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/shop\/messages\?search=\d+$/);
    const row = page.locator(`li[data-user="${customer.shopper.id}"]`);
    await expect(page.locator('li[data-conversation]')).toHaveCount(1);
    await expect(row.locator('[data-conversation-name]')).toHaveText(name);
    await expect(row.locator('[data-conversation-about]')).toContainText(customer.product.name);
    await expect(row.locator('[data-last-message]')).toContainText('Does it come in blue?');
    // The product's card and the message, both unread.
    await expect(row.locator('[data-unread-count]')).toHaveText(/^2\s*unread$/);

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/messages/${customer.shopper.id}$`));
    await expect(page.locator('[data-chat-with]')).toHaveText(name);
    await expect(page.locator('#seller-chat-live')).toHaveAttribute('data-live-region', /^chat:\d+$/);
    const card = page.locator(`[data-chat-thread] a[data-chat-product="${customer.product.id}"]`);
    await expect(card.locator('[data-chat-product-name]')).toHaveText(customer.product.name);
    await expect(card).toContainText('$');
    await expect(card).toHaveAttribute('href', `/products/${customer.product.id}/details`);
    const question = chatMessage(page, 'Does it come in blue?');
    await expect(question).toHaveAttribute('data-sender', 'user');
    expect(await question.locator('[data-chat-text]').innerText()).toBe('Does it come in blue?\nI need two.');
    // Oldest first: the card came before the message.
    const order = await page
      .locator('[data-chat-thread] article[data-chat-message]')
      .evaluateAll((items) => items.map((item) => (item.querySelector('[data-chat-product]') ? 'card' : 'text')));
    expect(order.slice(-2)).toEqual(['card', 'text']);

    // An empty answer is refused under its field; a real one joins the thread.
    const form = page.locator('form[data-chat-reply-form]');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('#chat-message-error')).toBeVisible();
    await expect(form.getByLabel('Your answer')).toHaveAttribute('aria-describedby', 'chat-message-error');
    await form.getByLabel('Your answer').fill('Yes, blue is in stock.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/messages/${customer.shopper.id}#message-\\d+$`));
    await expect(flash(page)).toHaveText('Message sent successfully');
    await expect(chatMessage(page, 'Yes, blue is in stock.')).toHaveAttribute('data-sender', 'shop');

    // Read now: the list shows no unread count for it.
    await page.goto(`/shop/messages?search=${encodeURIComponent(name)}`);
    await expect(row.locator('[data-last-message]')).toHaveText('Yes, blue is in stock.');
    await expect(row.locator('[data-unread-count]')).toHaveCount(0);

    // The shopper reads the answer.
    const thread = await customer.shopper.call('GET', `/get-message?shop_id=${customer.product.shop.id}`);
    expect(thread.body.data.data[0]).toMatchObject({ type: 'shop', message: 'Yes, blue is in stock.' });
  } finally {
    await page.context().close();
    await customer.context.close();
  }
});

test("with JavaScript the open thread and ticket show the shopper's new messages without a reload", async ({ browser, baseURL }) => {
  const customer = await newCustomer(browser, baseURL!);
  const page = await sellerPage(browser, baseURL!, true);
  const live = () => page.waitForFunction(() => document.documentElement.dataset.live === 'open');
  try {
    await askAboutProduct(customer, 'Is it still available?');
    await page.goto(`/shop/messages/${customer.shopper.id}`);
    await expect(chatMessage(page, 'Is it still available?')).toBeVisible();
    await live();
    await page.evaluate(() => ((window as unknown as { unchanged: boolean }).unchanged = true));
    const sent = await customer.shopper.call('POST', '/send-message', { shop_id: customer.product.shop.id, message: 'Hello again, any news?' });
    expect(sent.status).toBe(200);
    await expect(chatMessage(page, 'Hello again, any news?')).toHaveAttribute('data-sender', 'user');
    expect(await page.evaluate(() => (window as unknown as { unchanged?: boolean }).unchanged)).toBe(true);

    const { number } = await ticketAboutOrder(customer, 'Live ticket');
    await page.goto(`/shop/tickets/${number}`);
    await live();
    await page.locator('form[data-reply-form]').getByLabel('Message').fill('Typing, not sent yet');
    const replied = await customer.shopper.call('POST', '/support-ticket-message', { ticket_number: number, message: 'Adding a photo later.' });
    expect(replied.status).toBe(200);
    await expect(ticketMessage(page, 'Adding a photo later.')).toHaveAttribute('data-sender-role', 'customer');
    // The reply form is outside the live region: what was typed stays.
    await expect(page.locator('form[data-reply-form]').getByLabel('Message')).toHaveValue('Typing, not sent yet');
  } finally {
    await page.context().close();
    await customer.context.close();
  }
});

test("another shop's owner gets Page Not Found for the ticket and the conversation", async ({ browser, baseURL }) => {
  const customer = await newCustomer(browser, baseURL!);
  const { number } = await ticketAboutOrder(customer, 'Only for TechNest');
  await askAboutProduct(customer, 'Only for TechNest too');
  // The owner of another active shop of the seed (src/server/db/seed/data/people.ts), with the demo accounts' password.
  const owner = shopOwners()[SHOPS.findIndex((shop) => shop.isActive && !shop.demoSeller)]!;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await signInAccount(context, baseURL!, { email: owner.email, password: DEMO_ACCOUNTS.seller.password });
    const page = await context.newPage();
    // Their own pages open.
    expect((await page.goto('/shop/tickets'))?.status()).toBe(200);
    await expect(page.locator(`li[data-ticket="${number}"]`)).toHaveCount(0);
    for (const path of [`/shop/tickets/${number}`, `/shop/messages/${customer.shopper.id}`]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.locator('body')).not.toContainText('Only for TechNest');
    }
    // Nor can they answer either.
    const ticketPost = await context.request.post(`/shop/tickets/${number}`, { headers: { Origin: baseURL! }, multipart: { message: 'Let me in' }, maxRedirects: 0 });
    expect(ticketPost.status()).toBe(404);
    const chatPost = await context.request.post(`/shop/messages/${customer.shopper.id}`, { headers: { Origin: baseURL! }, form: { message: 'Let me in' }, maxRedirects: 0 });
    expect(chatPost.status()).toBe(404);
    const shown = await customer.shopper.call('GET', `/support-ticket/show?ticket_number=${number}`);
    expect(shown.body.data.support_ticket.messages).toHaveLength(1);
  } finally {
    await context.close();
    await customer.context.close();
  }
});

test('in Arabic the pages read right to left with translated headings', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  await signIn(page, 'seller');
  await page.goto('/shop/tickets');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تذاكر الدعم');
  await expect(page.locator('[data-ticket-tab="running"]')).toContainText('جارية');
  await page.goto('/shop/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الرسائل');
  await expect(page.getByLabel('ابحث باسم العميل')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'لوحة تحكم المتجر' }).getByRole('link', { name: /^الرسائل/ })).toHaveAttribute('aria-current', 'page');
});

test('at 375 px the four pages fit the screen and have no serious accessibility violation', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const customer = await newCustomer(browser, baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await signIn(page, 'seller');
    const { number } = await ticketAboutOrder(customer, 'A subject long enough to wrap over several lines on a phone screen');
    await askAboutProduct(customer, 'x'.repeat(150));
    for (const path of ['/shop/tickets', `/shop/tickets/${number}`, '/shop/messages', `/shop/messages/${customer.shopper.id}`]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);
    }
  } finally {
    await context.close();
    await customer.context.close();
  }
});
