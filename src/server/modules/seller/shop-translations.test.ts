import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shops } from '../../db/schema';
import { createLanguages, createShop } from '@tests/fixtures';
import { createTestApp, newShopper, type TestApp } from '@tests/support/api';
import { formData } from '@tests/support/uploads';

/**
 * A shop's name and descriptions in its other languages (docs/product.md §9.1), written by
 * its seller on the shop profile (POST /api/seller/shop-update, JSON or the form's
 * `translations.ar.name`) and read by shoppers in their language.
 */
let api: TestApp;
beforeAll(async () => {
  api = await createTestApp(createLanguages);
});
afterAll(() => api.close());

const post = (auth: Record<string, string>, body: unknown) =>
  api.json('/seller/shop-update', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const stored = async (shopId: number) => (await api.db.select({ translations: shops.translations, name: shops.name }).from(shops).where(eq(shops.id, shopId)))[0]!;
const shopIn = async (id: number, language: string) => (await api.json(`/shops/${id}`, { headers: { 'Accept-Language': language } })).body.data.shop;

async function newShop(translations = {}) {
  const seller = await newShopper(api.db);
  const shop = await createShop(api.db, { userId: seller.id, name: 'Rose & Stone', shortDescription: 'Handmade rings', translations });
  return { seller, shop };
}

describe('a shop in its other languages', () => {
  it('is written by its seller and read by shoppers in their language, the default language filling what is left blank', async () => {
    const { seller, shop } = await newShop();
    const { status, body } = await post(seller.auth, {
      translations: { ar: { name: 'روز آند ستون', description: 'خواتم مصنوعة يدويا.\n\nنشحن كل يوم.' }, ir: { name: 'رز و استون' } },
    });
    expect(status).toBe(200);
    // The seller reads the description back as plain text, as the default language's.
    expect(body.data.user.shop.translations).toEqual({ ar: { name: 'روز آند ستون', description: 'خواتم مصنوعة يدويا. نشحن كل يوم.' }, ir: { name: 'رز و استون' } });
    expect(await shopIn(shop.id, 'ar')).toMatchObject({ name: 'روز آند ستون', short_description: 'Handmade rings', description: '<p>خواتم مصنوعة يدويا.</p><p>نشحن كل يوم.</p>' });
    expect(await shopIn(shop.id, 'fa')).toMatchObject({ name: 'رز و استون' });
    expect(await shopIn(shop.id, 'en')).toMatchObject({ name: 'Rose & Stone' });
  });

  it('takes the form’s translations.{language}.{field}, keeps the languages and texts a save leaves out, and drops a blank one', async () => {
    const { seller, shop } = await newShop({ ar: { name: 'قديم', estimated_delivery_time: '٢-٣ أيام' }, ir: { name: 'فروشگاه' } });
    const { status } = await api.json('/seller/shop-update', {
      method: 'POST',
      headers: seller.auth,
      body: formData({ name: 'Rose & Stone', 'translations.ar.name': 'جديد', 'translations.ar.short_description': 'خواتم' }),
    });
    expect(status).toBe(200);
    expect((await stored(shop.id)).translations).toEqual({ ar: { name: 'جديد', short_description: 'خواتم', estimated_delivery_time: '٢-٣ أيام' }, ir: { name: 'فروشگاه' } });

    expect((await post(seller.auth, { translations: { ir: { name: '' } } })).status).toBe(200);
    expect((await stored(shop.id)).translations).toEqual({ ar: { name: 'جديد', short_description: 'خواتم', estimated_delivery_time: '٢-٣ أيام' } });
    expect(await shopIn(shop.id, 'fa')).toMatchObject({ name: 'Rose & Stone' });
  });

  it('refuses an unknown language or field and an over-long text with a 422 on the field, writing nothing', async () => {
    const { seller, shop } = await newShop({ ar: { name: 'قديم' } });
    for (const translations of [{ xx: { name: 'X' } }, { ar: { slogan: 'X' } }, { ar: { name: 'ن'.repeat(121) } }, 'ar']) {
      const { status, body } = await post(seller.auth, { name: 'Renamed', translations });
      expect(status, JSON.stringify(translations)).toBe(422);
      expect(Object.keys(body.errors).some((key) => key.startsWith('translations'))).toBe(true);
    }
    const long = await post(seller.auth, { translations: { ar: { name: 'ن'.repeat(121) } } });
    expect(Object.keys(long.body.errors)).toEqual(['translations.ar.name']);
    expect(await stored(shop.id)).toEqual({ name: 'Rose & Stone', translations: { ar: { name: 'قديم' } } });
  });
});
