import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { contentTranslations, id, timestamps } from './columns.ts';
import type { TranslatedField } from '../../../contracts/translations.ts';
import { FOOTER_ITEM_TYPES, SOCIAL_PROVIDERS } from '../../../contracts/master.ts';

/** Site settings as key/value pairs; `/master` assembles them. Values are JSON. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
});

export const languages = pgTable('languages', {
  id: id(),
  /** Locale code used in URLs and `Accept-Language`: en, ar, ir. */
  name: varchar('name', { length: 10 }).notNull().unique(),
  title: varchar('title', { length: 60 }).notNull(),
  direction: varchar('direction', { length: 3 }).notNull().default('ltr'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One row per UI string per language, keyed by the English source string. */
export const translations = pgTable(
  'translations',
  {
    id: id(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('translations_language_key').on(t.languageId, t.key)],
);

export const currencies = pgTable('currencies', {
  id: id(),
  name: varchar('name', { length: 10 }).notNull().unique(),
  symbol: varchar('symbol', { length: 10 }).notNull(),
  /** Multiplier from the default currency; the default itself has 1. */
  rateFromDefault: numeric('rate_from_default', { precision: 18, scale: 6 }).notNull().default('1'),
  /** 'prefix' puts the symbol before the amount, 'suffix' after. */
  position: varchar('position', { length: 6 }).notNull().default('prefix'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
});

export const countries = pgTable('countries', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  phoneCode: varchar('phone_code', { length: 8 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const menus = pgTable(
  'menus',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    target: varchar('target', { length: 10 }).notNull().default('_self'),
    isExternal: boolean('is_external').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    translations: contentTranslations<TranslatedField<'name'>>(),
  },
  (t) => [index('menus_sort').on(t.sortOrder)],
);

export const footers = pgTable('footers', {
  id: id(),
  title: varchar('title', { length: 100 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  translations: contentTranslations<TranslatedField<'footer'>>(),
});

/**
 * A footer column item. `type` decides which fields matter: links use url and target,
 * text uses title as body, app_store uses the download links and the optional QR.
 */
export const footerItems = pgTable(
  'footer_items',
  {
    id: id(),
    footerId: integer('footer_id')
      .notNull()
      .references(() => footers.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20, enum: FOOTER_ITEM_TYPES }).notNull(),
    title: text('title').notNull().default(''),
    url: varchar('url', { length: 500 }),
    target: varchar('target', { length: 10 }).notNull().default('_self'),
    sortOrder: integer('sort_order').notNull().default(0),
    translations: contentTranslations<TranslatedField<'footerItem'>>(),
  },
  (t) => [index('footer_items_footer').on(t.footerId, t.sortOrder)],
);

export const socialLinks = pgTable('social_links', {
  id: id(),
  name: varchar('name', { length: 50 }).notNull(),
  link: varchar('link', { length: 500 }).notNull(),
  logo: varchar('logo', { length: 500 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const paymentGateways = pgTable('payment_gateways', {
  id: id(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  title: varchar('title', { length: 100 }).notNull(),
  logo: varchar('logo', { length: 500 }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
});

export const socialAuths = pgTable('social_auths', {
  id: id(),
  provider: varchar('provider', { length: 20, enum: SOCIAL_PROVIDERS }).notNull().unique(),
  clientId: varchar('client_id', { length: 300 }).notNull().default(''),
  /** Kept server-side only; never leaves the API. */
  clientSecret: varchar('client_secret', { length: 300 }).notNull().default(''),
  isActive: boolean('is_active').notNull().default(false),
});
