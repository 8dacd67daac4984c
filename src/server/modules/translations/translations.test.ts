import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, categories, legalPages, menus } from '../../db/schema';
import { createBrand, createCategory, createLanguages } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { exportTranslations, importTranslations, TranslationsRefused } from './service';

/** The operator's translations file (`npm run translations`, docs/product.md §9.1). */
let api: TestApp;
let categoryId: number;
let brandId: number;
let pageId: number;

beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await createLanguages(db);
    categoryId = (await createCategory(db, { name: 'Garden', slug: 'garden', translations: { ir: { name: 'باغ' } } })).id;
    brandId = (await createBrand(db, { name: 'Verdant' })).id;
    pageId = (await db.insert(legalPages).values({ slug: 'about-us', title: 'About us', content: '<p>Hi</p>', status: 'published' }).returning())[0]!.id;
    await db.insert(menus).values({ name: 'Deals', url: '/best-deal' });
  });
});
afterAll(() => api.close());

const read = async () => ({
  category: (await api.db.select().from(categories).where(eq(categories.id, categoryId)))[0]!.translations,
  brand: (await api.db.select().from(brands).where(eq(brands.id, brandId)))[0]!.translations,
  page: (await api.db.select().from(legalPages).where(eq(legalPages.id, pageId)))[0]!.translations,
});

describe('npm run translations', () => {
  it('exports each row with its default-language texts and its translations', async () => {
    const file = await exportTranslations(api.db, ['categories', 'menus']);
    expect(file.categories).toEqual([{ id: categoryId, source: { name: 'Garden', slug: 'garden' }, translations: { ir: { name: 'باغ' } } }]);
    expect(file.menus).toEqual([expect.objectContaining({ source: { name: 'Deals' }, translations: {} })]);
  });

  it('imports a file in one go: the languages it names replace theirs, the others stay, HTML is sanitised, shoppers read it at once', async () => {
    expect((await api.json('/categories', { headers: { 'Accept-Language': 'ar' } })).body.data.categories[0].name).toBe('Garden');
    const rows = await importTranslations(api.db, {
      categories: [{ id: categoryId, source: { name: 'ignored' }, translations: { ar: { name: 'حديقة', slug: 'حديقة' } } }],
      brands: [{ id: brandId, translations: { ar: { name: 'فيردانت' } } }],
      legal_pages: [{ id: pageId, translations: { ir: { title: 'درباره ما', content: '<p>سلام<script>x</script></p>' } } }],
    });
    expect(rows).toBe(3);
    expect(await read()).toEqual({
      category: { ar: { name: 'حديقة', slug: 'حديقة' }, ir: { name: 'باغ' } },
      brand: { ar: { name: 'فيردانت' } },
      page: { ir: { title: 'درباره ما', content: '<p>سلام</p>' } },
    });
    // The cached categories were dropped by the import.
    expect((await api.json('/categories', { headers: { 'Accept-Language': 'ar' } })).body.data.categories[0]).toMatchObject({ name: 'حديقة', slug: 'حديقة' });
    // A language sent empty is removed.
    await importTranslations(api.db, { categories: [{ id: categoryId, translations: { ir: { name: '' } } }] });
    expect((await read()).category).toEqual({ ar: { name: 'حديقة', slug: 'حديقة' } });
  });

  it('refuses a whole file with any problem, writing nothing, and says where each is', async () => {
    const before = await read();
    const refusal = await importTranslations(api.db, {
      brands: [{ id: brandId, translations: { ar: { name: 'جديد' } } }],
      categories: [
        { id: categoryId, translations: { en: { name: 'X' }, ar: { name: 'ن'.repeat(121), colour: 'x', slug: 'not a slug' } } },
        { id: 999_999, translations: { ar: { name: 'لا شيء' } } },
      ],
      planets: [{ id: 1, translations: {} }],
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TranslationsRefused);
    const problems = (refusal as TranslationsRefused).problems;
    expect(problems).toEqual([
      expect.stringContaining('categories[0] (id'),
      expect.stringContaining('longer than 120 characters'),
      expect.stringContaining('"colour" is not translated for categories'),
      expect.stringContaining('letters and digits joined by hyphens'),
      expect.stringContaining('planets: not a kind of content'),
    ]);
    expect(problems[0]).toContain('"en" is not one of the shop\'s other languages');
    expect(await read()).toEqual(before);

    const missing = await importTranslations(api.db, {
      brands: [{ id: brandId, translations: { ar: { name: 'جديد' } } }],
      categories: [{ id: 999_999, translations: { ar: { name: 'لا' } } }],
    }).catch((error: unknown) => error);
    expect((missing as TranslationsRefused).problems).toEqual(['categories (id 999999): no such row']);
    expect(await read()).toEqual(before);
  });

  it('refuses a slug another row has in that language', async () => {
    const other = await createCategory(api.db, { name: 'Tools', slug: 'tools' });
    const refusal = await importTranslations(api.db, { categories: [{ id: other.id, translations: { ar: { name: 'أدوات', slug: 'حديقة' } } }] }).catch((error: unknown) => error);
    expect((refusal as TranslationsRefused).problems[0]).toContain('A slug is taken in its language');
    expect((await api.db.select().from(categories).where(eq(categories.id, other.id)))[0]!.translations).toEqual({});
  });

  it('refuses what is not a translations file', async () => {
    for (const input of [null, [], { categories: [{ id: 'one', translations: {} }] }, { categories: [{ id: 1, translations: { ar: 'x' } }] }]) {
      await expect(importTranslations(api.db, input)).rejects.toBeInstanceOf(TranslationsRefused);
    }
  });
});
