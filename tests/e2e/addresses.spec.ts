import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

/**
 * The address pages (docs/product.md §2.2): add, edit, make default and delete, with JavaScript on
 * and off (plain forms posting to their own page). The runs of one viewport share an
 * account and take turns (another run's "make default" would move the badge under this
 * one's feet): the customer at 1280 px, the seller at 375 px.
 */
test.describe.configure({ mode: 'serial' });

const card = (page: Page, name: string) => page.locator('li[data-address]').filter({ hasText: name });

async function addAddress(page: Page, name: string, line: string) {
  await page.goto('/manage-address/new');
  await page.locator('#address-name').fill(name);
  await page.locator('#address-phone').fill('+1 202 555 0142');
  await page.getByLabel('Country').selectOption('United States');
  await page.getByLabel('State / Province').fill('New York');
  await page.getByLabel('City').fill('New York');
  await page.locator('#address-area').fill('Riverside');
  await page.locator('#address-address_line').fill(line);
  await page.locator('#address-post_code').fill('10001');
  await page.locator('form[data-address-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/manage-address\?done=added$/);
  await expect(page.getByRole('status')).toHaveText('Address added successfully');
  await expect(card(page, name)).toBeVisible();
  await expect(card(page, name).locator('address')).toContainText('New York, New York 10001\nUnited States', { useInnerText: true });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('add, edit, make default and delete an address', async ({ page, isMobile }) => {
      await signIn(page, isMobile ? 'seller' : 'customer');
      const tag = `${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now().toString(36)}`;
      const first = `First ${tag}`;
      const second = `Second ${tag}`;

      // A refused form keeps what was typed and shows the field's message under it.
      await page.goto('/manage-address/new');
      await page.locator('#address-name').fill(first);
      await page.locator('form[data-address-form] button[type=submit]').click();
      await expect(page.locator('#address-phone-error')).toHaveText('The phone field is required.');
      await expect(page.locator('#address-address_line-error')).toHaveText('The address line field is required.');
      await expect(page.locator('#address-country-error')).toHaveText('The country field is required.');
      await expect(page.locator('#address-state-error')).toHaveText('The state field is required.');
      await expect(page.locator('#address-city-error')).toHaveText('The city field is required.');
      await expect(page.locator('#address-name')).toHaveValue(first);

      await addAddress(page, first, '1 First Street');
      await addAddress(page, second, '2 Second Street');

      // Edit the second one.
      await card(page, second).getByRole('link', { name: 'Edit' }).click();
      await expect(page).toHaveURL(/\/manage-address\/\d+\/edit$/);
      await expect(page.locator('#address-address_line')).toHaveValue('2 Second Street');
      await expect(page.getByLabel('Country')).toHaveValue('United States');
      await expect(page.getByLabel('City')).toHaveValue('New York');
      await page.locator('#address-address_line').fill('22 Second Avenue');
      await page.getByLabel('City').fill('Buffalo');
      await page.getByLabel('Office address').check();
      await page.locator('form[data-address-form] button[type=submit]').click();
      await expect(page).toHaveURL(/\/manage-address\?done=updated$/);
      await expect(page.getByRole('status')).toHaveText('Address updated successfully');
      await expect(card(page, second)).toContainText('22 Second Avenue');
      await expect(card(page, second)).toContainText('Buffalo, New York 10001');
      await expect(card(page, second)).toContainText('Office address');

      // Make it the default: the badge moves to it, and only one card has it.
      await card(page, second).getByRole('button', { name: 'Make Default' }).click();
      await expect(page).toHaveURL(/\/manage-address\?done=default$/);
      await expect(card(page, second).locator('[data-default-badge]')).toBeVisible();
      await expect(page.locator('[data-default-badge]')).toHaveCount(1);
      await expect(card(page, second).getByRole('button', { name: 'Make Default' })).toHaveCount(0);

      // Delete asks first; deleting the default leaves another address the default.
      await card(page, second).locator('summary').click();
      await expect(card(page, second).getByText('Are you sure you want to delete this address?')).toBeVisible();
      await card(page, second).locator('form button[type=submit]', { hasText: 'Delete' }).click();
      await expect(page).toHaveURL(/\/manage-address\?done=deleted$/);
      await expect(page.getByRole('status')).toHaveText('Address deleted successfully');
      await expect(card(page, second)).toHaveCount(0);
      await expect(page.locator('[data-default-badge]')).toHaveCount(1);

      await card(page, first).locator('summary').click();
      await card(page, first).locator('form button[type=submit]', { hasText: 'Delete' }).click();
      await expect(card(page, first)).toHaveCount(0);
    });
  });
}

test("another user's address is Page Not Found, and posting to it changes nothing", async ({ page, browser, baseURL, isMobile }) => {
  test.skip(isMobile, 'no layout involved: one run is enough');
  const seller = await browser.newContext({ baseURL });
  const login = await seller.request.post('/api/login', { data: { phone: 'seller@example.com', password: 'password' } });
  const token = (await login.json()).data.access.token as string;
  const auth = { Authorization: `Bearer ${token}` };
  const stored = await seller.request.post('/api/address/store', { headers: auth, data: { name: 'Seller Only', phone: '0123456789', address_line: 'Seller Road 1' } });
  expect(stored.status()).toBe(201);
  const id = (await stored.json()).data.address.id as number;

  await signIn(page);
  expect((await page.goto(`/manage-address/${id}/edit`))?.status()).toBe(404);
  expect((await page.goto('/manage-address/abc/edit'))?.status()).toBe(404);
  await page.goto('/manage-address');
  await expect(card(page, 'Seller Only')).toHaveCount(0);
  // The customer's session on the seller's address, through the API: 404, and it is still there.
  const customer = { 'X-XSRF-TOKEN': (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' };
  expect((await page.request.post(`/api/address/${id}/update`, { headers: customer, data: { name: 'Taken' } })).status()).toBe(404);
  expect((await page.request.delete(`/api/address/${id}/delete`, { headers: customer })).status()).toBe(404);
  const list = await seller.request.get('/api/addresses', { headers: auth });
  expect((await list.json()).data.addresses).toContainEqual(expect.objectContaining({ id, name: 'Seller Only' }));
  expect((await seller.request.delete(`/api/address/${id}/delete`, { headers: auth })).status()).toBe(200);
  await seller.close();
});

test('a hostile post of the address form is a 4xx page, never a 500, and stores nothing', async ({ page, baseURL, isMobile }) => {
  test.skip(isMobile, 'no layout involved: one run is enough');
  await signIn(page);
  const before = await (await page.request.get('/api/addresses')).json();
  const post = (form: Record<string, string>) => page.request.post('/manage-address/new', { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  const valid = { name: 'Hostile', phone: '0123456789', address_line: 'Somewhere 1' };
  expect((await post({ ...valid, name: 'x'.repeat(2_000_000) })).status()).toBe(413);
  expect((await post({ ...valid, area: 'nul\u0000byte' })).status()).toBe(422);
  expect((await post({ ...valid, address_type: 'castle', latitude: '1e309' })).status()).toBe(422);
  // Another site's form is refused before anything runs.
  expect((await page.request.post('/manage-address/new', { form: valid, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 })).status()).toBe(403);
  expect(await (await page.request.get('/api/addresses')).json()).toEqual(before);
});
