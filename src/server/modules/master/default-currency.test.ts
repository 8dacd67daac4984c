import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../db/schema';
import { createAddress, createProduct, createShop, createVoucher } from '@tests/fixtures';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import { chargeCurrency } from '../payments/currency';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(async (db) => {
    // A shop kept in euros, written after the amount; dollars listed first but not the default.
    await db.delete(currencies);
    await db.insert(currencies).values([
      { name: 'USD', symbol: '$', rateFromDefault: '1.09', position: 'prefix', isDefault: false },
      { name: 'EUR', symbol: '€', rateFromDefault: '1', position: 'suffix', isDefault: true },
    ]);
  });
});
afterAll(() => app.close());

describe('the default currency (lib/money.ts defaultCurrencyOf) in /master, payments and server messages', () => {
  it('is the one /master names and payments charge in', async () => {
    const master = (await app.json('/master')).body.data;
    expect(master.currency).toMatchObject({ name: 'EUR', symbol: '€', position: 'suffix' });
    expect(await chargeCurrency(app.db)).toBe('eur');
  });

  it('states amounts in server messages with its symbol and position, not a "$"', async () => {
    const shopper = await newShopper(app.db);
    const address = await createAddress(app.db, { userId: shopper.id });
    const shop = await createShop(app.db, { deliveryCharge: 0 });
    const voucher = await createVoucher(app.db, { shopId: shop.id, discountType: 'Amount', discountPercent: null, discountAmount: 100, minOrderAmount: 2000 });
    const product = await createProduct(app.db, { shopId: shop.id, price: 1500, quantity: 10 });
    await app.json('/cart/store', request('POST', shopper.auth, { product_id: product.id }));

    const refused = await app.json('/apply-voucher', request('POST', shopper.auth, { coupon_code: voucher.code, shop_id: shop.id }));
    expect(refused.body.errors.coupon_code).toEqual(['Spend at least 20.00€ in this shop to use this voucher.']);

    // Applied while the cart reached the minimum, then below it: the figures say why it takes nothing off.
    await app.json('/cart/increment', request('POST', shopper.auth, { product_id: product.id }));
    expect((await app.json('/apply-voucher', request('POST', shopper.auth, { coupon_code: voucher.code, shop_id: shop.id }))).status).toBe(200);
    await app.json('/cart/decrement', request('POST', shopper.auth, { product_id: product.id }));
    const figures = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [shop.id] }));
    expect(figures.body.data.apply_coupon[0].message).toBe('Spend at least 20.00€ in this shop to use this voucher.');

    const stale = await app.json('/place-order', request('POST', shopper.auth, { shop_ids: [shop.id], address_id: address.id, payment_method: 'cash', payable_amount: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.errors.payable_amount).toEqual(['The amount to pay is now 15.00€.']);
  });
});
