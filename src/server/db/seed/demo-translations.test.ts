import { Faker, en } from '@faker-js/faker';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATED_FIELDS, TRANSLATION_LOCALES, type Translations } from '@/contracts/translations';
import { createProduct, seedBase, seedCatalog } from '@tests/fixtures';
import { createTestDatabase } from '@tests/support/database';
import type { DatabaseHandle } from '../client';
import * as schema from '../schema';
import { APP_NAME } from './data/site';
import { SHOPS, shopCategories, shopSubCategories } from './data/shops';
import { CATEGORIES, type NounDef, type SubCategoryDef } from './data/taxonomy';
import { productImageKey } from './images';
import { seedImageSpecs } from './image-set';
import { repeatedWord } from './product-text';
import { generateProduct, loadCatalogContext, productSku } from './products';

const NOW = new Date('2026-06-01T12:00:00Z');
const PRODUCTS = 240;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedBase(handle.db);
  await seedCatalog(handle.db, { products: PRODUCTS, now: NOW });
}, 240_000);
afterAll(() => handle.close());

/** Arabic and Persian use different letters and digits for the same sounds; each text must use its own. */
const FOREIGN: Record<(typeof TRANSLATION_LOCALES)[number], RegExp> = {
  ar: /[\u06CC\u06A9\u06AF\u0686\u067E\u0698\u06F0-\u06F9]/, // Persian ی ک گ چ پ ژ and digits
  ir: /[\u064A\u0643\u0660-\u0669]/, // Arabic ي ك and Arabic-Indic digits
};

type Kind = keyof typeof TRANSLATED_FIELDS;
const TABLES: [string, PgTable & { translations: PgColumn }, Kind][] = [
  ['category', schema.categories, 'category'],
  ['sub-category', schema.subCategories, 'category'],
  ['brand', schema.brands, 'name'],
  ['colour', schema.colors, 'name'],
  ['unit', schema.units, 'name'],
  ['shop', schema.shops, 'shop'],
  ['flash sale', schema.flashSales, 'flashSale'],
  ['banner', schema.banners, 'banner'],
  ['blog post', schema.blogs, 'blog'],
  ['blog category', schema.blogCategories, 'name'],
  ['blog tag', schema.blogTags, 'name'],
  ['page', schema.legalPages, 'page'],
  ['menu', schema.menus, 'name'],
  ['footer', schema.footers, 'footer'],
  ['footer item', schema.footerItems, 'footerItem'],
  ['product', schema.products, 'product'],
];

describe('the demo in Arabic and Persian (docs/product.md §9.1)', () => {
  it.each(TABLES)('every %s has every translated field in ar and ir, in that language’s script', async (_label, table, kind) => {
    const rows = (await handle.db.select({ translations: table.translations }).from(table)) as { translations: Translations }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const { translations } of rows) {
      for (const locale of TRANSLATION_LOCALES) {
        for (const field of TRANSLATED_FIELDS[kind]) {
          // A shop's delivery time ("2-4 days") is written in the page's language by lib/delivery-time.ts.
          if (field === 'estimated_delivery_time') continue;
          const value = translations[locale]?.[field as never] as string | undefined;
          expect(value?.trim(), `${kind}.${field} in ${locale}: ${JSON.stringify(translations)}`).toBeTruthy();
          // The site's name is written the same in every language.
          if (value === APP_NAME) continue;
          expect(value, `${kind}.${field} in ${locale}`).toMatch(/\p{Script=Arabic}/u);
          expect(value, `${kind}.${field} in ${locale} mixes letters of the other language`).not.toMatch(FOREIGN[locale]);
        }
      }
    }
  });

  it('writes the Persian verb prefix with the zero-width non-joiner (می‌شود), never with a space', async () => {
    const texts = [
      ...(await handle.db.select({ t: schema.blogs.translations }).from(schema.blogs)).map((r) => JSON.stringify(r.t.ir)),
      ...(await handle.db.select({ t: schema.legalPages.translations }).from(schema.legalPages)).map((r) => JSON.stringify(r.t.ir)),
      ...(await handle.db.select({ t: schema.shops.translations }).from(schema.shops)).map((r) => JSON.stringify(r.t.ir)),
      ...(await handle.db.select({ t: schema.products.translations }).from(schema.products)).map((r) => JSON.stringify(r.t.ir)),
    ];
    for (const text of texts) expect(text).not.toMatch(/(?:^|[\s"(])(?:ن?می) \p{L}/u);
    expect(texts.join(' ')).toMatch(/می\u200C/);
  });

  it('names no product with a doubled word, in any language', async () => {
    const rows = await handle.db.select({ name: schema.products.name, translations: schema.products.translations }).from(schema.products);
    // Numbers are no words: "SPF 50 … 50 ml" names two different things.
    const words = (name: string) => name.replace(/\d+(?:\.\d+)?/g, ' ');
    for (const row of rows) {
      expect(repeatedWord(words(row.name), 'en'), row.name).toBeNull();
      for (const locale of TRANSLATION_LOCALES) expect(repeatedWord(words(row.translations[locale]!.name!), locale), row.translations[locale]!.name).toBeNull();
    }
  });

  it('keeps every slug unique in each language, and the database refuses a repeated one', async () => {
    for (const table of [schema.products, schema.categories, schema.subCategories, schema.blogs]) {
      const rows = await handle.db.select({ slug: table.slug, translations: table.translations }).from(table);
      expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
      for (const locale of TRANSLATION_LOCALES) {
        const slugs = rows.map((r) => (r.translations as Translations<'slug'>)[locale]?.slug);
        for (const slug of slugs) expect(slug).toMatch(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u);
        expect(new Set(slugs).size).toBe(rows.length);
      }
    }
    const [taken] = await handle.db
      .select({ translations: schema.products.translations, shopId: schema.products.shopId, categoryId: schema.products.categoryId })
      .from(schema.products)
      .limit(1);
    await expect(
      createProduct(handle.db, { shopId: taken!.shopId, categoryId: taken!.categoryId, translations: { ir: { slug: taken!.translations.ir!.slug! } } }),
    ).rejects.toThrow();
  });
});

describe('a coherent demo catalogue', () => {
  async function seededProducts() {
    return handle.db
      .select({
        id: schema.products.id,
        name: schema.products.name,
        shop: schema.shops.slug,
        category: schema.categories.slug,
        sub: schema.subCategories.slug,
      })
      .from(schema.products)
      .innerJoin(schema.shops, eq(schema.shops.id, schema.products.shopId))
      .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
      .innerJoin(schema.subCategories, eq(schema.subCategories.id, schema.products.subCategoryId))
      .orderBy(asc(schema.products.id));
  }

  it('shows every product in pictures of what its name says', async () => {
    const drawn = new Set(seedImageSpecs().map((spec) => `/uploads/${spec.kind}/${spec.name}-800.webp`));
    const images = await handle.db.select({ productId: schema.productImages.productId, path: schema.productImages.path }).from(schema.productImages);
    const byProduct = Map.groupBy(images, (image) => image.productId);
    for (const product of await seededProducts()) {
      const sub = CATEGORIES.flatMap((category) => category.subs as readonly SubCategoryDef[]).find((def) => def.slug === product.sub)!;
      // The noun the name ends with (a book's name starts with its title); the longest wins ("Smart Watch" in "Kids GPS Watch" would not).
      const noun = sub.nouns
        .filter((def: NounDef) => product.name.endsWith(` ${def.name}`) || product.name.startsWith(`${def.name} (`))
        .sort((a: NounDef, b: NounDef) => b.name.length - a.name.length)[0];
      expect(noun, product.name).toBeDefined();
      const paths = byProduct.get(product.id)!;
      expect(paths.length).toBeGreaterThan(0);
      for (const { path } of paths) {
        expect(path, product.name).toMatch(new RegExp(`^/uploads/products/${productImageKey(product.category, noun!.glyph)}-\\d-800\\.webp$`));
        expect(drawn.has(path), `${path} is drawn by the seed`).toBe(true);
      }
    }
  });

  it('has each shop sell only what its kind of shop sells', async () => {
    const products = await seededProducts();
    for (const product of products) {
      const shop = SHOPS.find((def) => def.slug === product.shop)!;
      expect(shopCategories(shop), `${product.name} at ${shop.name}`).toContain(product.category);
      expect(shopSubCategories(shop), `${product.name} at ${shop.name}`).toContain(product.sub);
    }
    // The shoe shop sells shoes (no bike helmets), the toy shop no cookbooks.
    expect(new Set(products.filter((p) => p.shop === 'stride-footwear').map((p) => p.category))).toEqual(new Set(['shoes']));
    expect(products.filter((p) => p.shop === 'little-wonders-toys' && p.category === 'books').every((p) => p.sub === 'childrens-books')).toBe(true);
  });

  it('generates the same product from the same number, in every language', async () => {
    const ctx = await loadCatalogContext(handle.db);
    const faker = new Faker({ locale: [en] });
    for (const index of [0, 7, PRODUCTS - 1]) {
      const once = generateProduct(faker, index, ctx, NOW);
      expect(generateProduct(faker, index, ctx, NOW)).toEqual(once);
      const [seeded] = await handle.db
        .select({ name: schema.products.name, slug: schema.products.slug, translations: schema.products.translations })
        .from(schema.products)
        .where(eq(schema.products.sku, productSku(index)));
      expect(seeded).toEqual({ name: once.row.name, slug: once.row.slug, translations: once.row.translations });
    }
  });
});
