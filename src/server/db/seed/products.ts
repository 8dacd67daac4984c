import { Faker, en } from '@faker-js/faker';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { brands, categories, colors, productColors, productImages, products, productSizes, reviews, shops, sizes, subCategories, units, users } from '../schema/index.ts';
import { DEMO_CUSTOMER, demoShoppers } from './data/people.ts';
import { REVIEW_TEXTS } from './data/promotions.ts';
import { SHOPS, shopSubCategories } from './data/shops.ts';
import { CATEGORIES, SIZE_CHARTS, nounModifiers, type CategoryDef, type SubCategoryDef } from './data/taxonomy.ts';
import { PRODUCT_COPY, type TextLocale } from './data/i18n/product-copy.ts';
import type { Locale } from './data/i18n/types';
import type { Translations } from '../../../contracts/translations';
import { compatibleModifiers, productText, TEXT_LOCALES, type NameKind, type ProductWords } from './product-text.ts';
import { latinDigitsIn } from './localized.ts';
import { buildProduct, type NewProduct } from './factories.ts';
import { PRODUCT_IMAGE_VARIANTS, productImageKey, productImageUrl } from './images.ts';
import { batchSize, insertMany, localSlug, slugify } from './util.ts';

/** Product i is generated from seed PRODUCT_SEED + i, so it is the same whatever the total. */
const PRODUCT_SEED = 1_000_003;
/** Products generated and inserted together; bounds memory at 100,000 products. */
const CHUNK = 1000;

interface ShopRef {
  id: number;
  /** The shop's name in each language, as product descriptions name the seller. */
  names: Record<TextLocale, string>;
  weight: number;
}
interface SubCategoryRef {
  def: SubCategoryDef;
  id: number;
  /** The shops that sell this sub-category (data/shops.ts `sells`). */
  shops: ShopRef[];
}
interface CategoryRef {
  def: CategoryDef;
  id: number;
  subs: SubCategoryRef[];
}

/** Ids of everything a generated product points at, read back from the database. */
export interface CatalogContext {
  categories: CategoryRef[];
  brandIds: Map<string, number>;
  sizeIds: Map<string, number>;
  colors: { id: number; name: string }[];
  unitIds: Map<string, number>;
  reviewerIds: number[];
}

export async function loadCatalogContext(db: Db): Promise<CatalogContext> {
  // One after another: inside a transaction node-postgres has a single connection.
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const subRows = await db.select({ id: subCategories.id, slug: subCategories.slug }).from(subCategories);
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const shopRows = await db.select({ id: shops.id, slug: shops.slug, name: shops.name, translations: shops.translations, isActive: shops.isActive }).from(shops);
  const sizeRows = await db.select().from(sizes);
  const colorRows = await db.select({ id: colors.id, name: colors.name }).from(colors).orderBy(colors.id);
  const unitRows = await db.select().from(units);
  const reviewerEmails = [DEMO_CUSTOMER.email, ...demoShoppers().map((p) => p.email)];
  const reviewerRows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, reviewerEmails));
  const idOf = <T extends { id: number }>(rows: T[], key: (row: T) => string) => new Map(rows.map((row) => [key(row), row.id]));
  const categoryIds = idOf(categoryRows, (r) => r.slug);
  const subIds = idOf(subRows, (r) => r.slug);
  const brandIds = idOf(brandRows, (r) => r.name);
  const need = (map: Map<string, number>, key: string, what: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`The catalogue has no ${what} "${key}"; seed the catalogue before adding products`);
    return id;
  };
  const shopBySlug = new Map(shopRows.map((s) => [s.slug, s]));
  const sellers = SHOPS.map((shop) => ({ subs: new Set<string>(shopSubCategories(shop)), row: shopBySlug.get(shop.slug) }));
  const reviewerByEmail = idOf(reviewerRows, (r) => r.email ?? '');
  return {
    categories: CATEGORIES.map((def) => ({
      def,
      id: need(categoryIds, def.slug, 'category'),
      subs: def.subs.map((sub) => {
        for (const name of sub.brands) need(brandIds, name, 'brand');
        const shopRefs = sellers.flatMap(({ subs, row }) =>
          // A shop under review still lists a few products, as it would while waiting.
          row && subs.has(sub.slug) ? [{ id: row.id, names: localizedNames(row.name, row.translations), weight: row.isActive ? 4 : 1 }] : [],
        );
        if (shopRefs.length === 0) throw new Error(`No shop sells the sub-category "${sub.slug}" (data/shops.ts)`);
        return { def: sub, id: need(subIds, sub.slug, 'sub-category'), shops: shopRefs };
      }),
    })),
    brandIds,
    sizeIds: idOf(sizeRows, (r) => r.name),
    colors: colorRows,
    unitIds: idOf(unitRows, (r) => r.name),
    // Reviewers in a fixed order, so review authors do not depend on insertion order.
    reviewerIds: reviewerEmails.flatMap((email) => reviewerByEmail.get(email) ?? []),
  };
}

/** A row's name in each language: its translation, else the column (the default language). */
function localizedNames(name: string, translations: Translations<'name'>): Record<TextLocale, string> {
  return Object.fromEntries(TEXT_LOCALES.map((locale) => [locale, (locale === 'en' ? undefined : translations[locale]?.name) ?? name])) as Record<TextLocale, string>;
}

/** Rounds a price in cents to a shop-like ending: 29.99, 4.49. */
function shopPrice(cents: number): number {
  if (cents >= 1000) return Math.max(99, Math.round(cents / 100) * 100 - 1);
  return Math.max(49, Math.round(cents / 10) * 10 - 1);
}

interface Generated {
  row: NewProduct;
  images: string[];
  sizes: { sizeId: number; price: number }[];
  colors: { colorId: number; price: number }[];
  reviews: { userId: number; rating: number; review: string; createdAt: Date }[];
}

const nameKind = (category: CategoryDef): NameKind => (category.slug === 'books' ? 'book' : category.slug === 'electronics' ? 'model' : 'plain');

export function generateProduct(faker: Faker, index: number, ctx: CatalogContext, now: Date): Generated {
  faker.seed(PRODUCT_SEED + index);
  const f = faker;
  const category = f.helpers.weightedArrayElement(ctx.categories.map((value) => ({ value, weight: value.def.weight })));
  const { def: sub, id: subCategoryId, shops: sellers } = f.helpers.arrayElement(category.subs);
  const brand = f.helpers.arrayElement(sub.brands);
  const shop = f.helpers.weightedArrayElement(sellers.map((value) => ({ value, weight: value.weight })));
  const noun = f.helpers.arrayElement(sub.nouns);
  const kind = nameKind(category.def);
  // Only modifiers that repeat no word of the brand or noun in any language ("Sterling Sterling Silver Ring").
  const candidates = compatibleModifiers(kind, brand, noun.name, nounModifiers(sub, noun));
  const modifier = candidates.length ? f.helpers.arrayElement(candidates) : '';
  const code = kind === 'model' ? `${f.string.alpha({ length: 1, casing: 'upper' })}${f.number.int({ min: 2, max: 99 })}` : '';
  const words: ProductWords = { kind, brand, noun: noun.name, modifier, code };

  const [min, max] = noun.price ?? sub.price;
  const price = shopPrice((min + (max - min) * f.number.float() ** 2) * 100);
  const discountPrice = f.datatype.boolean(0.4) ? shopPrice((price * (100 - f.number.int({ min: 5, max: 40 }))) / 100) : 0;
  const totalSold = Math.floor(Math.exp(f.number.float({ min: 0, max: Math.log(3000) }))) - 1;
  const features = f.helpers.arrayElements(category.def.features, { min: 3, max: 4 });
  const intro = f.number.int(PRODUCT_COPY.en.intros.length - 1);
  const ageMinutes = f.number.int({ min: 30, max: 540 * 24 * 60 });
  const createdAt = new Date(now.getTime() - ageMinutes * 60_000);

  const imageCount = f.helpers.weightedArrayElement([
    { value: 1, weight: 2 },
    { value: 2, weight: 3 },
    { value: 3, weight: 3 },
    { value: 4, weight: 2 },
  ]);
  const first = f.number.int(PRODUCT_IMAGE_VARIANTS - 1);
  const imageKey = productImageKey(category.def.slug, noun.glyph);
  const images = Array.from({ length: imageCount }, (_, k) => productImageUrl(imageKey, (first + k) % PRODUCT_IMAGE_VARIANTS));

  let sizeRows: Generated['sizes'] = [];
  if (sub.sizes) {
    const chart = SIZE_CHARTS[sub.sizes];
    const length = f.number.int({ min: Math.min(3, chart.length), max: chart.length });
    const start = f.number.int(chart.length - length);
    sizeRows = chart.slice(start, start + length).map((size) => ({
      sizeId: ctx.sizeIds.get(size)!,
      // Larger sizes use more material; that is where surcharges come from.
      price: ({ XL: 200, XXL: 400, '44': 300, '45': 500 } as Record<string, number>)[size] ?? 0,
    }));
  }
  const colorRows = sub.colors
    ? f.helpers.arrayElements(ctx.colors, { min: 2, max: 4 }).map((color, k) => ({ colorId: color.id, price: k === 0 ? 0 : f.helpers.arrayElement([0, 0, 0, 150, 300, 500]) }))
    : [];

  const reviewCount = f.helpers.weightedArrayElement([0, 1, 2, 3, 4, 5, 6].map((value, k) => ({ value, weight: [25, 20, 20, 14, 10, 6, 5][k]! })));
  const quality = f.number.float({ min: 2.8, max: 5 });
  const reviewRows = f.helpers.arrayElements(ctx.reviewerIds, reviewCount).map((userId) => {
    const rating = Math.min(5, Math.max(1, Math.round(quality + f.number.float({ min: -1.6, max: 1.2 })))) as 1 | 2 | 3 | 4 | 5;
    return {
      userId,
      rating,
      review: f.helpers.arrayElement(REVIEW_TEXTS[rating]),
      createdAt: new Date(createdAt.getTime() + f.number.float() * (now.getTime() - createdAt.getTime())),
    };
  });

  const text = (locale: TextLocale) => productText({ words, features, intro, shopName: shop.names[locale], sizes: sub.sizes }, locale);
  const en = text('en');
  // Slugs end with the product's number in every language, so each is unique in its language.
  const translation = (locale: Locale) => {
    const t = text(locale);
    return {
      name: t.name,
      slug: `${localSlug(t.name)}-${index + 1}`,
      short_description: t.shortDescription,
      description: t.description,
      meta_title: t.metaTitle,
      meta_description: t.metaDescription,
    };
  };
  const row = buildProduct({
    shopId: shop.id,
    categoryId: category.id,
    subCategoryId,
    brandId: ctx.brandIds.get(brand)!,
    unitId: ctx.unitIds.get(sub.unit) ?? null,
    name: en.name,
    slug: `${slugify(en.name)}-${index + 1}`,
    sku: productSku(index),
    shortDescription: en.shortDescription,
    description: en.description,
    translations: { ar: latinDigitsIn(translation('ar')), ir: latinDigitsIn(translation('ir')) },
    thumbnail: images[0]!,
    price,
    discountPrice: discountPrice > 0 && discountPrice < price ? discountPrice : 0,
    quantity: f.datatype.boolean(0.08) ? 0 : f.number.int({ min: 1, max: 250 }),
    totalSold,
    views: totalSold * f.number.int({ min: 4, max: 25 }) + f.number.int(500),
    metaTitle: en.metaTitle,
    metaDescription: en.metaDescription,
    metaKeywords: [brand, noun.name, sub.name, category.def.name].join(', ').toLowerCase(),
    createdAt,
    updatedAt: createdAt,
  });
  return { row, images, sizes: sizeRows, colors: colorRows, reviews: reviewRows };
}

export const productSku = (index: number) => `SH-${String(index + 1).padStart(7, '0')}`;

/** How many seeded products exist and the index the next one gets. */
export async function seededProductRange(db: Db): Promise<{ count: number; nextIndex: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<number | null>`max(substring(${products.sku} from 4)::int) filter (where ${products.sku} ~ '^SH-[0-9]+$')`,
    })
    .from(products);
  return { count: row?.count ?? 0, nextIndex: row?.last ?? 0 };
}

/** Generates products [from, to) and inserts them with their images, variants and reviews. */
export async function addProducts(db: Db, ctx: CatalogContext, from: number, to: number, now: Date, onProgress?: (done: number) => void) {
  const faker = new Faker({ locale: [en] });
  const productBatch = batchSize(Object.keys(generateProduct(faker, 0, ctx, now).row).length, CHUNK);
  for (let start = from; start < to; start += productBatch) {
    const generated = Array.from({ length: Math.min(productBatch, to - start) }, (_, k) => generateProduct(faker, start + k, ctx, now));
    const inserted = await db
      .insert(products)
      .values(generated.map((g) => g.row))
      .returning({ id: products.id, sku: products.sku, shopId: products.shopId });
    const bySku = new Map(inserted.map((row) => [row.sku, row]));
    const images: (typeof productImages.$inferInsert)[] = [];
    const sizeRows: (typeof productSizes.$inferInsert)[] = [];
    const colorRows: (typeof productColors.$inferInsert)[] = [];
    const reviewRows: (typeof reviews.$inferInsert)[] = [];
    for (const g of generated) {
      const { id: productId, shopId } = bySku.get(g.row.sku)!;
      g.images.forEach((path, sortOrder) => images.push({ productId, path, sortOrder }));
      for (const s of g.sizes) sizeRows.push({ productId, ...s });
      for (const c of g.colors) colorRows.push({ productId, ...c });
      for (const r of g.reviews) reviewRows.push({ productId, shopId, ...r });
    }
    await insertMany(db, productImages, images);
    await insertMany(db, productSizes, sizeRows);
    await insertMany(db, productColors, colorRows);
    await insertMany(db, reviews, reviewRows);
    onProgress?.(start + generated.length - from);
  }
}

/** Ratings and review counts of products and shops, recomputed in two statements. */
export async function refreshRatings(db: Db): Promise<void> {
  await db.execute(sql`
    update products p set rating = s.rating, total_reviews = s.total
    from (select product_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as total
          from reviews where is_active group by product_id) s
    where p.id = s.product_id`);
  await db.execute(sql`
    update shops sh set rating = s.rating, total_reviews = s.total
    from (select shop_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as total
          from reviews where is_active group by shop_id) s
    where sh.id = s.shop_id`);
}
