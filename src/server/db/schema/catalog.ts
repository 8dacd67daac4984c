import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, money, searchIndex, timestamps, translatedSlugIndexes, contentTranslations } from './columns.ts';
import { users } from './users.ts';
import { SHOP_STATUSES } from '../../../contracts/seller.ts';
import type { TranslatedField } from '../../../contracts/translations.ts';

export const shops = pgTable(
  'shops',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 140 }).notNull().unique(),
    logo: varchar('logo', { length: 500 }),
    banner: varchar('banner', { length: 500 }),
    shortDescription: varchar('short_description', { length: 500 }),
    description: text('description'),
    address: varchar('address', { length: 255 }),
    /** Shown to shoppers as is, e.g. "2-4 days". */
    estimatedDeliveryTime: varchar('estimated_delivery_time', { length: 60 }),
    deliveryCharge: money('delivery_charge'),
    /** Prefix of this shop's order codes, e.g. "RS" gives "#RS000123". */
    orderPrefix: varchar('order_prefix', { length: 8 }).notNull().default('ORD'),
    /** Cached average of its products' reviews, refreshed when a review is written. */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** Where the shop is in its review (lib/shop-status.ts): only an active shop sells. */
    status: varchar('status', { length: 12, enum: SHOP_STATUSES }).notNull().default('pending'),
    /**
     * Whether shoppers see the shop and its products: kept by the database from `status`,
     * so no writer can make the two disagree (catalog/visibility.ts reads it).
     */
    isActive: boolean('is_active')
      .notNull()
      .generatedAlwaysAs(sql`status = 'active'`),
    /** Why the operator rejected or suspended it, shown to the owner; cleared when it is active again. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The shop's contact for shoppers and the marketplace (registration form). */
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 190 }),
    /** Opening hours, "HH:MM" 24-hour, and the days it is closed (sun … sat). */
    openingTime: varchar('opening_time', { length: 5 }),
    closingTime: varchar('closing_time', { length: 5 }),
    offDays: jsonb('off_days').$type<string[]>().notNull().default([]),
    /** Minor units; an order of this shop must reach it (0: none). */
    minOrderAmount: money('min_order_amount'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The language the owner last used on the shop's forms: the language of the mail the shop is sent. */
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    translations: contentTranslations<TranslatedField<'shop'>>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shops_user').on(t.userId),
    index('shops_active').on(t.isActive),
    index('shops_status').on(t.status, t.createdAt),
    searchIndex('shops_name_search', t.name, t.translations, 'name'),
    check('shops_min_order_not_negative', sql`${t.minOrderAmount} >= 0`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 140 }).notNull().unique(),
    thumbnail: varchar('thumbnail', { length: 500 }),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    translations: contentTranslations<TranslatedField<'category'>>(),
  },
  (t) => translatedSlugIndexes('categories', t.translations),
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 140 }).notNull().unique(),
    thumbnail: varchar('thumbnail', { length: 500 }),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    translations: contentTranslations<TranslatedField<'category'>>(),
  },
  (t) => [index('sub_categories_category').on(t.categoryId), ...translatedSlugIndexes('sub_categories', t.translations)],
);

export const brands = pgTable('brands', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  logo: varchar('logo', { length: 500 }),
  isActive: boolean('is_active').notNull().default(true),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const sizes = pgTable('sizes', {
  id: id(),
  name: varchar('name', { length: 40 }).notNull().unique(),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const colors = pgTable('colors', {
  id: id(),
  name: varchar('name', { length: 40 }).notNull().unique(),
  colorCode: varchar('color_code', { length: 7 }).notNull(),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const units = pgTable('units', {
  id: id(),
  name: varchar('name', { length: 40 }).notNull().unique(),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const products = pgTable(
  'products',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => subCategories.id),
    brandId: integer('brand_id').references(() => brands.id),
    unitId: integer('unit_id').references(() => units.id),
    name: varchar('name', { length: 200 }).notNull(),
    translations: contentTranslations<TranslatedField<'product'>>(),
    /**
     * The names in every language in search form (`localized_search_text()`, migration
     * 0020), kept by the database so a search reads it from the row instead of normalising
     * every candidate name again: a product is found by its name in any language.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`localized_search_text(name, translations, 'name')`),
    slug: varchar('slug', { length: 220 }).notNull().unique(),
    sku: varchar('sku', { length: 40 }).notNull().unique(),
    shortDescription: varchar('short_description', { length: 500 }),
    /** Sanitised HTML. */
    description: text('description'),
    thumbnail: varchar('thumbnail', { length: 500 }).notNull(),
    price: money('price'),
    /** Wins over `price` when above 0 (docs/product.md §4.3). */
    discountPrice: money('discount_price'),
    /**
     * What a shopper pays outside flash sales: the price rule of lib/price.ts, kept by
     * the database so price filters and price sorts can use an index (running offers are
     * applied on top by catalog/sale-prices.ts; price-agreement.test.ts checks both).
     */
    effectivePrice: integer('effective_price')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN discount_price > 0 THEN discount_price ELSE price END`),
    /** Whole percent off, as lib/price.ts `discountPercentage` (outside flash sales); sorts best deals. */
    discountPercentage: smallint('discount_percentage')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN discount_price > 0 AND discount_price < price THEN round(100.0 * (price - discount_price) / price)::smallint ELSE 0 END`),
    /** Units in stock. */
    quantity: integer('quantity').notNull().default(0),
    totalSold: integer('total_sold').notNull().default(0),
    /** Page views; drives "popular". */
    views: integer('views').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    metaTitle: varchar('meta_title', { length: 200 }),
    metaDescription: varchar('meta_description', { length: 300 }),
    metaKeywords: varchar('meta_keywords', { length: 300 }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('products_shop').on(t.shopId),
    index('products_category').on(t.categoryId, t.subCategoryId),
    index('products_brand').on(t.brandId),
    // Every listing sort reads one of these in order and stops after a page (with id as
    // the tie-break that keeps pagination stable).
    index('products_created').on(t.createdAt, t.id),
    index('products_sold').on(t.totalSold, t.id),
    index('products_views').on(t.views, t.id),
    index('products_rating').on(t.rating, t.totalReviews, t.id),
    index('products_effective_price').on(t.effectivePrice, t.id),
    index('products_discount').on(t.discountPercentage, t.id),
    index('products_name_search').using('gin', t.searchName.op('gin_trgm_ops')),
    ...translatedSlugIndexes('products', t.translations),
    // Orders take stock under a row lock (modules/orders); this is the last line of defence.
    check('products_quantity_not_negative', sql`${t.quantity} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 500 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_images_product').on(t.productId)],
);

/** Sizes a product comes in; `price` is a surcharge on the product price. */
export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    price: money('price'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sizeId] }), index('product_sizes_size').on(t.sizeId)],
);

/** Colours a product comes in; `price` is a surcharge on the product price. */
export const productColors = pgTable(
  'product_colors',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    price: money('price'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colorId] }), index('product_colors_color').on(t.colorId)],
);

export const flashSales = pgTable(
  'flash_sales',
  {
    id: id(),
    name: varchar('name', { length: 150 }).notNull(),
    thumbnail: varchar('thumbnail', { length: 500 }),
    description: text('description'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    translations: contentTranslations<TranslatedField<'flashSale'>>(),
  },
  (t) => [index('flash_sales_dates').on(t.startDate, t.endDate)],
);

export const flashSaleProducts = pgTable(
  'flash_sale_products',
  {
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Sale price in minor units while the sale runs. */
    price: money('price'),
    /** Units offered at the sale price. */
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.flashSaleId, t.productId] }),
    index('flash_sale_products_product').on(t.productId),
    // An allocation is never oversold.
    check('flash_sale_products_sold_within_allocation', sql`${t.sold} >= 0 and ${t.sold} <= ${t.quantity}`),
  ],
);

export const BANNER_TYPES = ['banner', 'ad'] as const;

export const banners = pgTable(
  'banners',
  {
    id: id(),
    /** Null for site-wide banners; set for a shop's own banners. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10, enum: BANNER_TYPES }).notNull().default('banner'),
    title: varchar('title', { length: 200 }).notNull(),
    thumbnail: varchar('thumbnail', { length: 500 }).notNull(),
    url: varchar('url', { length: 500 }),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    translations: contentTranslations<TranslatedField<'banner'>>(),
  },
  (t) => [index('banners_shop').on(t.shopId, t.type)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Products a signed-in shopper opened, one row per product, newest first (GET /recently-views). */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('recently_viewed_user').on(t.userId, t.viewedAt)],
);
