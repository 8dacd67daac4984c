import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createCategory, createLanguages } from '@tests/fixtures';
import { createTestApp, newSeller, request, type TestApp } from '@tests/support/api';

/**
 * A seller writes a product's texts in the shop's other languages (docs/product.md §9.1)
 * with the product form: shoppers read them in their language, with slugs unique per
 * language, and a save that leaves a language out keeps it.
 */
let app: TestApp;
let dataDir: string;
let seller: Awaited<ReturnType<typeof newSeller>>;
let categoryId: number;
let png: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'product-translations-'));
  app = await createTestApp(createLanguages, { DATA_DIR: dataDir });
  seller = await newSeller(app.db);
  categoryId = (await createCategory(app.db, { name: 'Lamps' })).id;
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc8833' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ category: String(categoryId), price: '20', quantity: '5', ...fields })) body.append(name, value);
  body.append('thumbnail', new File([png as BlobPart], 'lamp.png', { type: 'image/png' }));
  return body;
}
const store = (fields: Record<string, string>) => app.json('/seller/product/store', { method: 'POST', headers: seller.auth, body: form(fields) });
const update = (id: number, body: Record<string, unknown>) =>
  app.json(`/seller/product/${id}/update`, request('POST', seller.auth, { name: 'Desk Lamp', category: categoryId, price: 20, quantity: 5, ...body }));
const translationsOf = async (id: number) => (await app.db.select({ translations: products.translations }).from(products).where(eq(products.id, id)))[0]!.translations;
const shopperName = async (id: number, language: string) => (await app.json(`/product-details?product_id=${id}`, { headers: { 'Accept-Language': language } })).body.data.product;

describe('a product in other languages', () => {
  it('is written from the form’s translation fields, with a slug in each language, and read by shoppers in theirs', async () => {
    const { status, body } = await store({
      name: 'Desk Lamp',
      'translations.ar.name': 'مصباح مكتب',
      'translations.ar.description': '<p>ضوء <script>x</script>دافئ</p>',
      'translations.ir.name': 'چراغ مطالعه',
      'translations.ir.short_description': '',
    });
    expect(status).toBe(201);
    const id = body.data.product.id as number;
    expect(await translationsOf(id)).toEqual({
      ar: { name: 'مصباح مكتب', slug: 'مصباح-مكتب', description: '<p>ضوء دافئ</p>' },
      ir: { name: 'چراغ مطالعه', slug: 'چراغ-مطالعه' },
    });
    expect(await shopperName(id, 'ar')).toMatchObject({ name: 'مصباح مكتب', slug: 'مصباح-مكتب', description: '<p>ضوء دافئ</p>' });
    expect(await shopperName(id, 'fa')).toMatchObject({ name: 'چراغ مطالعه' });
    // The seller's edit form reads them back.
    expect((await app.json(`/seller/product/${id}/show`, request('GET', seller.auth))).body.data.product.translations.ar.name).toBe('مصباح مكتب');

    // The same Arabic name on another product gets the next free slug in Arabic.
    const second = await store({ name: 'Desk Lamp', 'translations.ar.name': 'مصباح مكتب' });
    expect((await translationsOf(second.body.data.product.id)).ar!.slug).toBe('مصباح-مكتب-2');
  });

  it('keeps a language a save leaves out, removes blank fields, and keeps the slug while the name stays', async () => {
    const { body } = await store({ name: 'Floor Lamp', 'translations.ar.name': 'مصباح أرضي', 'translations.ir.name': 'چراغ ایستاده' });
    const id = body.data.product.id as number;
    // An older client's update without translations changes none of them.
    expect((await update(id, {})).status).toBe(200);
    expect((await translationsOf(id)).ar).toEqual({ name: 'مصباح أرضي', slug: 'مصباح-أرضي' });
    // Persian sent blank: removed, so Persian shoppers read English. Arabic renamed: a new slug.
    expect((await update(id, { translations: { ir: { name: '' }, ar: { name: 'مصباح أرضي طويل', short_description: 'للزاوية' } } })).status).toBe(200);
    expect(await translationsOf(id)).toEqual({ ar: { name: 'مصباح أرضي طويل', short_description: 'للزاوية', slug: 'مصباح-أرضي-طويل' } });
    expect((await shopperName(id, 'ir')).name).toBe('Desk Lamp');
  });

  it('refuses a translated text over its limit with a 422 naming the field, and writes nothing', async () => {
    const { body } = await store({ name: 'Wall Lamp', 'translations.ar.name': 'مصباح حائط' });
    const id = body.data.product.id as number;
    const before = await translationsOf(id);
    const refused = await update(id, { name: 'Changed', translations: { ar: { name: 'م'.repeat(201) } } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['translations.ar.name']);
    expect(await translationsOf(id)).toEqual(before);
    const [row] = await app.db.select({ name: products.name }).from(products).where(eq(products.id, id));
    expect(row!.name).toBe('Wall Lamp');
  });

  it('gives each of two products saved at once its own slug in a language', async () => {
    const saves = await Promise.all([1, 2, 3].map(() => store({ name: 'Reading Lamp', 'translations.ar.name': 'مصباح قراءة' })));
    expect(saves.map((save) => save.status)).toEqual([201, 201, 201]);
    const slugs = await Promise.all(saves.map(async (save) => (await translationsOf(save.body.data.product.id)).ar!.slug));
    expect(new Set(slugs).size).toBe(3);
  });
});
