import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { twoShopsProducts } from './support/shopper-api';

/**
 * An address's country, state and city (docs/product.md §3.5 Address, §7.4 "The address
 * fields") on the shop's own forms, with JavaScript on and off: the address book's form
 * in English (tests/e2e/addresses.spec.ts) and in Arabic here, right to left, with the
 * API's messages under the fields; the checkout's "Add New Address", refused and then
 * saved, shown as the chosen address, and the order placed to it showing the region on
 * its page and its invoice.
 */

const lines = (page: Page, scope: string) => page.locator(`${scope} [data-postal-address]`);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the address form in Arabic requires the country, state and city and the address book reads them', async ({ page, baseURL, shopper: _signedIn }) => {
      await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
      await page.goto('/manage-address/new');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.locator('#address-name').fill('نورة صالح');
      await page.locator('#address-phone').fill('+966 55 123 4567');
      await page.locator('#address-address_line').fill('12 طريق الملك فهد');
      // The type is a dwelling, not the home page.
      await expect(page.getByRole('radio', { name: 'منزل', exact: true })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'مكتب', exact: true })).toBeVisible();
      await page.locator('form[data-address-form] button[type=submit]').click();

      await expect(page.getByRole('alert')).toHaveText('يرجى تصحيح الحقول المحددة.');
      await expect(page.locator('#address-country-error')).toHaveText('حقل الدولة مطلوب.');
      await expect(page.locator('#address-state-error')).toHaveText('حقل الولاية / المحافظة مطلوب.');
      await expect(page.locator('#address-city-error')).toHaveText('حقل المدينة مطلوب.');
      await expect(page.locator('#address-country')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#address-name')).toHaveValue('نورة صالح');

      await page.getByLabel('الدولة').selectOption('Saudi Arabia');
      await page.getByLabel('الولاية / المحافظة').fill('منطقة الرياض');
      await page.getByLabel('المدينة').fill('الرياض');
      await page.locator('#address-post_code').fill('12211');
      await page.locator('form[data-address-form] button[type=submit]').click();
      await expect(page).toHaveURL(/\/manage-address\?done=added$/);
      await expect(page.getByRole('status')).toHaveText('تمت إضافة العنوان بنجاح');
      const card = page.locator('li[data-address]').filter({ hasText: 'نورة صالح' });
      await expect(card.locator('address')).toContainText('الرياض, منطقة الرياض 12211\nSaudi Arabia', { useInnerText: true });
      await expect(card).toContainText('منزل');
      await expect(card).not.toContainText('الرئيسية');
      await expect(card.locator('[data-address-incomplete]')).toHaveCount(0);

      // Edited: the form holds the region; a blank city is refused, not cleared.
      await card.getByRole('link', { name: 'تعديل' }).click();
      await expect(page.getByLabel('الدولة')).toHaveValue('Saudi Arabia');
      await expect(page.getByLabel('المدينة')).toHaveValue('الرياض');
      await page.getByLabel('المدينة').fill(' ');
      await page.locator('form[data-address-form] button[type=submit]').click();
      await expect(page.locator('#address-city-error')).toHaveText('حقل المدينة مطلوب.');
      await page.getByLabel('المدينة').fill('الدرعية');
      await page.locator('form[data-address-form] button[type=submit]').click();
      await expect(page).toHaveURL(/\/manage-address\?done=updated$/);
      await expect(card.locator('address')).toContainText('الدرعية, منطقة الرياض 12211');
    });

    test('the checkout adds a new address with its region, chooses it, and the order and its invoice show it', async ({ page, shopper }) => {
      const [product] = await twoShopsProducts(page.request);
      expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1 })).status).toBe(200);
      await page.goto(`/checkout?shop_ids=${product.shop.id}`);
      const form = page.locator('form[data-checkout-address-form]');
      // No address yet: the form is open. Sent without the region, it comes back with the API's messages.
      await form.getByLabel('Name').fill('Checkout Region');
      await form.getByLabel('Phone').fill('2025550188');
      await form.getByLabel('Address Line').fill('500 Congress Avenue');
      await form.getByRole('button', { name: 'Save Address' }).click();
      await expect(form.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
      await expect(page.locator('#checkout-address-country-error')).toHaveText('The country field is required.');
      await expect(page.locator('#checkout-address-state-error')).toHaveText('The state field is required.');
      await expect(page.locator('#checkout-address-city-error')).toHaveText('The city field is required.');
      await expect(form.getByLabel('Name')).toHaveValue('Checkout Region');
      await expect(form.getByLabel('Address Line')).toHaveValue('500 Congress Avenue');

      await form.getByLabel('Country').selectOption('United States');
      await form.getByLabel('State / Province').fill('Texas');
      await form.getByLabel('City').fill('Austin');
      await form.getByLabel('Post Code').fill('73301');
      await form.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/address_id=\d+/);
      await expect(page.getByText('Address added successfully').first()).toBeVisible();
      const chosen = page.locator('[data-checkout-address]').filter({ has: page.locator('input:checked') });
      await expect(chosen).toContainText('500 Congress Avenue, Austin, Texas 73301, United States');
      await expect(chosen).toContainText('Home address');

      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('dialog', { name: 'Confirm your order' }).getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveURL(/\/order-history\/\d+$/);
      await expect(lines(page, '[data-section="order-address"]')).toContainText('500 Congress Avenue\nAustin, Texas 73301\nUnited States', { useInnerText: true });
      await page.getByRole('link', { name: 'Invoice' }).click();
      await expect(page).toHaveURL(/\/invoice$/);
      await expect(lines(page, 'main')).toContainText('500 Congress Avenue\nAustin, Texas 73301\nUnited States', { useInnerText: true });
    });
  });
}

test('the checkout in Arabic asks for the region in Arabic', async ({ page, baseURL, shopper }) => {
  await page.context().addCookies([{ name: 'locale', value: 'ar', url: baseURL! }]);
  const [product] = await twoShopsProducts(page.request);
  expect((await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1 })).status).toBe(200);
  await page.goto(`/checkout?shop_ids=${product.shop.id}`);
  const form = page.locator('form[data-checkout-address-form]');
  await expect(form.getByLabel('الدولة')).toBeVisible();
  await expect(form.getByLabel('نوع العنوان')).toHaveValue('home');
  await expect(form.getByLabel('نوع العنوان').locator('option:checked')).toHaveText('منزل');
  await form.getByRole('button', { name: 'حفظ العنوان' }).click();
  await expect(page.locator('#checkout-address-city-error')).toHaveText('حقل المدينة مطلوب.');
  await expect(page.locator('#checkout-address-state-error')).toHaveText('حقل الولاية / المحافظة مطلوب.');
});

test('an address saved without its region (an app that does not send one) asks to be completed', async ({ page, shopper }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'no layout of its own');
  const saved = await shopper.call('POST', '/address/store', { name: 'Old App', phone: '2025550111', address_line: '9 Legacy Lane' });
  expect(saved.status).toBe(201);
  const [product] = await twoShopsProducts(page.request);
  await shopper.call('POST', '/cart/store', { product_id: product.id, quantity: 1 });

  await page.goto('/manage-address');
  const card = page.locator(`li[data-address="${saved.body.data.address.id}"]`);
  await expect(card.locator('[data-address-incomplete]')).toHaveText('Add the country, state and city of this address so that a courier can find it.');
  await page.goto(`/checkout?shop_ids=${product.shop.id}`);
  const choice = page.locator(`[data-checkout-address="${saved.body.data.address.id}"]`);
  await choice.getByRole('link', { name: 'Complete this address' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-address/${saved.body.data.address.id}/edit$`));
  await expect(page.getByLabel('Country')).toHaveValue('');
});

for (const locale of ['en', 'ar']) {
  test(`the refused address form in ${locale} has no serious or critical axe violations`, async ({ page, baseURL, shopper: _signedIn }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'one viewport is enough');
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await page.goto('/manage-address/new');
    await page.locator('form[data-address-form] button[type=submit]').click();
    await expect(page.locator('#address-city-error')).toBeVisible();
    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });
}
