import { sql } from 'drizzle-orm';
import { index, integer, jsonb, timestamp, serial, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import { TRANSLATION_LOCALES, type Translations } from '../../../contracts/translations.ts';

/** Primary key used by every table: the API exposes numeric ids. */
export const id = () => serial('id').primaryKey();

/** Money is kept in integer minor units (cents) so sums never drift. */
export const money = (name: string) => integer(name).notNull().default(0);

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A trigram index over the search form of a text column in every language:
 * `localized_search_text()` (migration 0020) joins the column with its translations and
 * `search_text()` lower-cases, strips accents and folds Arabic/Persian letter variants and
 * digits, so `localized_search_text(...) LIKE '%term%'` finds "Café" for "cafe", and a row
 * by its name in any language, through the index (catalog/search.ts `searchForm`). Large
 * tables store the search form instead (products.search_name).
 */
export const searchIndex = (name: string, column: PgColumn, translated: PgColumn, field: string) =>
  index(name).using('gin', sql`localized_search_text(${column}, ${translated}, ${sql.raw(`'${field}'`)}) gin_trgm_ops`);

/**
 * What a row says in other languages than its own columns' (docs/product.md §9.1):
 * `{ "ar": { "name": "…" }, "ir": { "name": "…" } }`. The columns hold the shop's default
 * language; a field missing here reads as the column (db/localized.ts), field by field.
 */
export const contentTranslations = <Field extends string>() => jsonb('translations').$type<Translations<Field>>().notNull().default({});

/**
 * A slug is unique per language (docs/product.md §9.1): one unique index per language a
 * translation may be written in, over that language's slug (absent slugs are NULL, which
 * a unique index lets repeat).
 */
export const translatedSlugIndexes = (table: string, column: PgColumn) =>
  TRANSLATION_LOCALES.map((locale) => uniqueIndex(`${table}_slug_${locale}`).on(sql`(${column} -> ${sql.raw(`'${locale}'`)} ->> 'slug')`));
