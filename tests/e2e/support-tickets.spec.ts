import type { Page } from '@playwright/test';
import { expect, newShopperIn, test, type Shopper } from './support/fixtures';
import { emptyCartWithAddress, firstChoice, flash, type ProductCard } from './support/shopper-api';

/**
 * The shopper's support tickets (docs/decisions/020-support-and-live-updates.md): the list with its
 * tabs and the form that opens a ticket, and a ticket's thread with its reply form, all
 * plain forms posting multipart to their own page, so they work without JavaScript. Files
 * are checked by what they hold and served only to their ticket's owner. Each test has a
 * shopper of its own (fixtures.ts), so counts are exact. Flows are the same HTML at any
 * width: they run at 1280 px, and one check lays the pages out at 375 px in Arabic.
 */

/** A 1×1 PNG, and the smallest file the API takes for a PDF (its header, and %%EOF at the end). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const png = (name = 'photo.png') => ({ name, mimeType: 'image/png', buffer: PNG });
const pdf = (name = 'receipt.pdf') => ({ name, mimeType: 'application/pdf', buffer: PDF });

// The mobile project does not run this spec (playwright.config.ts): a run at 375 px sets its viewport itself.
test.skip(({ isMobile }) => isMobile, 'the same HTML at any width: one run at 1280 px');

const form = (page: Page) => page.locator('form[data-ticket-form]');
const thread = (page: Page) => page.locator('[data-thread]');
const message = (page: Page, text: string) => thread(page).locator('article[data-message]').filter({ hasText: text });

/** Opens the list page's form (a <details>, open by itself while the shopper has no ticket). */
async function openForm(page: Page) {
  const details = page.locator('details[data-section="new-ticket"]');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(form(page)).toBeVisible();
}

async function fillTicket(page: Page, subject: string, text: string) {
  await form(page).getByLabel('Issue Type').selectOption('Damaged or wrong item');
  await form(page).getByLabel('Subject').fill(subject);
  await form(page).getByLabel('Message').fill(text);
}

/** A ticket opened through the API (JSON, no file), for tests about what comes after; its number. */
async function apiTicket(shopper: Shopper, subject: string): Promise<string> {
  const answer = await shopper.call('POST', '/support-ticket', { issue_type: 'Payment problem', subject, message: `About: ${subject}`, email: shopper.email });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.support_ticket.ticket_no as string;
}

/** A cash order placed through the API, which the shopper's ticket may be about; its code ("#TN000123"). */
async function placeOrder(shopper: Shopper): Promise<string> {
  const { body } = await shopper.call('GET', '/products?per_page=100&sort_type=newest');
  const product = (body.data.products as ProductCard[]).find((card) => card.quantity > 3)!;
  const address = await emptyCartWithAddress(shopper.call, 'Ticket Tester');
  expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1, ...firstChoice(product) })).status).toBe(200);
  const placed = await shopper.call('POST', '/place-order', { shop_ids: [product.shop.id], address_id: address.id, payment_method: 'cash' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.orders[0].order_code as string;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper opens a ticket about an order with a PDF and a PNG, reads it, downloads the PDF and replies', async ({ page, shopper }) => {
    const code = await placeOrder(shopper);
    await page.goto('/support-tickets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support Ticket');
    await expect(page.locator('[data-tickets-empty]')).toHaveText('You have not opened any support tickets yet.');
    await openForm(page);
    // The shopper's own e-mail is filled in already.
    await expect(form(page).getByLabel('Email')).toHaveValue(shopper.email);
    await fillTicket(page, 'The band is cracked', 'It came today.\nThe band is cracked.');
    await form(page).getByLabel('Order Number').selectOption(code);
    await form(page).getByLabel('Attachments').setInputFiles([pdf(), png()]);
    await form(page).getByRole('button', { name: 'Create Ticket' }).click();

    await expect(page).toHaveURL(/\/support-ticket\/[0-9A-Z]{12}$/);
    await expect(flash(page)).toHaveText('Support ticket created successfully');
    await expect(page.locator('#ticket-title')).toHaveText('The band is cracked');
    await expect(page.locator('[data-section="ticket-summary"] [data-ticket-status]')).toHaveText('Pending');
    await expect(page.locator('[data-section="ticket-summary"]')).toContainText(code);
    await expect(page.locator('#ticket-live')).toHaveAttribute('data-live-region', `ticket:${page.url().split('/').pop()}`);
    const first = message(page, 'It came today.');
    // Plain text with its line break kept.
    expect(await first.locator('[data-message-text]').innerText()).toBe('It came today.\nThe band is cracked.');
    await expect(first).toHaveAttribute('data-sender-role', 'customer');

    // The PNG as a thumbnail linking to the picture, the PDF as a download with its name and size.
    const image = first.locator('a[data-attachment="image"]');
    await expect(image.getByRole('img', { name: 'photo.png' })).toBeVisible();
    const picture = await page.request.get((await image.getAttribute('href'))!);
    expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/png']);
    const link = first.locator('a[data-attachment="pdf"]');
    await expect(link).toContainText('receipt.pdf');
    await expect(link).toContainText('kB');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('receipt.pdf');
    const file = await page.request.get((await link.getAttribute('href'))!);
    expect([file.status(), file.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect((await file.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    // A reply without text is refused under its field; with text and a file it joins the thread.
    const reply = page.locator('form[data-reply-form]');
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('#reply-message-error')).toHaveText('The message field is required.');
    await expect(reply.getByLabel('Message')).toHaveAttribute('aria-describedby', 'reply-message-error');
    await reply.getByLabel('Message').fill('Here is the box as well.');
    await reply.getByLabel('Attachments').setInputFiles([png('box.png')]);
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/support-ticket\/[0-9A-Z]{12}#message-\d+$/);
    await expect(flash(page)).toHaveText('Message sent successfully');
    await expect(thread(page).locator('article[data-message]')).toHaveCount(2);
    await expect(message(page, 'Here is the box as well.').getByRole('img', { name: 'box.png' })).toBeVisible();

    // The list shows it under All and Running.
    await page.goto('/support-tickets');
    const row = page.locator('li[data-ticket]').filter({ hasText: 'The band is cracked' });
    await expect(row).toContainText('Damaged or wrong item');
    await expect(row).toContainText(code);
    await expect(row.locator('[data-ticket-status]')).toHaveText('Pending');
  });

  test('a file that is not what its name says is refused under the field, the text is kept and no ticket is opened', async ({ page, shopper }) => {
    await page.goto('/support-tickets');
    await openForm(page);
    await form(page).getByLabel('Email').fill(`other-${shopper.email}`);
    await fillTicket(page, 'Not a PDF', 'See the file.');
    await form(page)
      .getByLabel('Attachments')
      .setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF') }]);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/support-tickets'),
      form(page).getByRole('button', { name: 'Create Ticket' }).click(),
    ]);
    expect(answer.status()).toBe(422);
    await expect(page.locator('#ticket-attachments-error')).toHaveText('The attachments field must be a file of type: jpg, jpeg, png, pdf.');
    await expect(form(page).getByLabel('Attachments')).toHaveAttribute('aria-invalid', 'true');
    await expect(form(page).getByLabel('Subject')).toHaveValue('Not a PDF');
    await expect(form(page).getByLabel('Message')).toHaveValue('See the file.');
    await expect(form(page).getByLabel('Issue Type')).toHaveValue('Damaged or wrong item');
    await expect(form(page).getByLabel('Email')).toHaveValue(`other-${shopper.email}`);
    await expect(page.locator('[data-ticket-tab="all"] [data-count]')).toHaveText('0');
    await expect(page.locator('li[data-ticket]')).toHaveCount(0);
  });

  test('the tabs count each status group and filter the list', async ({ page, shopper }) => {
    for (const subject of ['First question', 'Second question']) await apiTicket(shopper, subject);
    await page.goto('/support-tickets');
    const counts = Object.fromEntries(
      await Promise.all(['all', 'running', 'completed', 'cancel'].map(async (key) => [key, await page.locator(`[data-ticket-tab="${key}"] [data-count]`).innerText()])),
    );
    expect(counts).toEqual({ all: '2', running: '2', completed: '0', cancel: '0' });
    await expect(page.locator('[data-ticket-tab="all"]')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('li[data-ticket]')).toHaveCount(2);

    await page.getByRole('link', { name: /^Completed/ }).click();
    await expect(page).toHaveURL(/\/support-tickets\?status=completed$/);
    await expect(page.locator('[data-ticket-tab="completed"]')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-ticket-tab="all"]')).not.toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-tickets-empty]')).toHaveText('No Completed support tickets.');

    await page.getByRole('link', { name: /^Running/ }).click();
    await expect(page).toHaveURL(/\/support-tickets\?status=running$/);
    await expect(page.locator('li[data-ticket]')).toHaveCount(2);
    await page.getByRole('link', { name: 'First question' }).click();
    await expect(page).toHaveURL(/\/support-ticket\/[0-9A-Z]{12}$/);
    await expect(page.locator('#ticket-title')).toHaveText('First question');
  });

  test('another shopper gets Page Not Found for the ticket and a 404 for its file', async ({ page, shopper, browser, baseURL }) => {
    const created = await page.request.post('/api/support-ticket', {
      headers: { Authorization: `Bearer ${shopper.token}`, Accept: 'application/json' },
      multipart: { issue_type: 'Other', subject: 'Mine alone', message: 'Private', email: shopper.email, attachments: { name: 'private.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(created.status()).toBe(201);
    const number = (await created.json()).data.support_ticket.ticket_no as string;
    await page.goto(`/support-ticket/${number}`);
    const src = (await page.locator('a[data-attachment="image"]').getAttribute('href'))!;
    expect((await page.request.get(src)).status()).toBe(200);

    const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await newShopperIn(other, baseURL!, 'Other Shopper');
    const stranger = await other.newPage();
    const answer = await stranger.goto(`/support-ticket/${number}`);
    expect(answer?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(stranger.locator('body')).not.toContainText('Mine alone');
    expect((await other.request.get(src)).status()).toBe(404);
    // Nor can the stranger post to it.
    const posted = await other.request.post(`/support-ticket/${number}`, { headers: { Origin: baseURL! }, multipart: { message: 'Let me in' }, maxRedirects: 0 });
    expect(posted.status()).toBe(404);
    await other.close();
    await page.reload();
    await expect(thread(page).locator('article[data-message]')).toHaveCount(1);
  });

  test('in Arabic: right to left, translated labels and messages', async ({ page, baseURL, shopper }) => {
    await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
    await page.goto('/support-tickets');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تذاكر الدعم');
    await expect(page.locator('[data-ticket-tab="running"]')).toContainText('جارية');
    await openForm(page);
    await expect(form(page).locator('label[for="ticket-issue_type"]')).toHaveText('نوع المشكلة *');
    await expect(form(page).getByLabel('المرفقات')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.pdf');
    await expect(form(page).locator('#ticket-email')).toHaveValue(shopper.email);
    await form(page).getByRole('button', { name: 'إنشاء تذكرة' }).click();
    await expect(page.locator('#ticket-subject-error')).toHaveText('حقل الموضوع مطلوب.');
    await form(page).locator('#ticket-issue_type').selectOption('Payment problem');
    await expect(form(page).locator('#ticket-issue_type option:checked')).toHaveText('مشكلة في الدفع');
    await form(page).locator('#ticket-subject').fill('دفعت مرتين');
    await form(page).locator('#ticket-message').fill('تم خصم المبلغ مرتين من بطاقتي.');
    await form(page).getByRole('button', { name: 'إنشاء تذكرة' }).click();
    await expect(page).toHaveURL(/\/support-ticket\/[0-9A-Z]{12}$/);
    await expect(flash(page)).toHaveText('تم إنشاء تذكرة الدعم بنجاح');
    await expect(page.getByRole('heading', { level: 2, name: 'المحادثة' })).toBeVisible();
    await expect(page.locator('[data-section="ticket-summary"] [data-ticket-status]')).toHaveText('قيد الانتظار');
    await expect(page.locator('form[data-reply-form]').getByRole('button', { name: 'إرسال' })).toBeVisible();
  });
});

test('at 375 px in Arabic the list and a ticket with a long file name fit the screen', async ({ page, shopper, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  const created = await page.request.post('/api/support-ticket', {
    headers: { Authorization: `Bearer ${shopper.token}`, Accept: 'application/json' },
    multipart: {
      issue_type: 'Other',
      subject: 'A subject long enough to wrap over several lines on a phone screen',
      message: 'x'.repeat(120),
      email: shopper.email,
      attachments: pdf('a-very-long-file-name-that-would-push-the-thread-wider-than-the-phone-2025.pdf'),
    },
  });
  expect(created.status()).toBe(201);
  const number = (await created.json()).data.support_ticket.ticket_no as string;
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const path of ['/support-tickets', `/support-ticket/${number}`]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await fits(), path).toBe(true);
  }
  await expect(page.locator('a[data-attachment="pdf"]')).toBeVisible();
});
