import { sql, type AnyColumn, type Column, type GetColumnData, type SQL } from 'drizzle-orm';
import { TRANSLATION_LOCALES, type Translations } from '@/contracts/translations';

const FIELD = /^[a-z_]+$/;

/**
 * A text column as the shopper's language has it (docs/product.md §9.1): the row's
 * non-empty translation of `field` into `locale`, else the column itself, which holds the
 * shop's default language. Field by field: a product with an Arabic name but no Arabic
 * description reads the English description.
 */
export function localized<T extends Column>(column: T, translations: AnyColumn, field: string, locale: string): SQL<GetColumnData<T>> {
  if (!FIELD.test(field)) throw new Error(`Not a translated field: ${field}`);
  return sql`coalesce(nullif(${translations} -> ${locale}::text ->> ${sql.raw(`'${field}'`)}, ''), ${column})`.mapWith(column) as SQL<GetColumnData<T>>;
}

/** The same rule for a row already read with its translations. */
export function pickLocalized<V extends string | null>(value: V, translations: Translations | null | undefined, field: string, locale: string): V | string {
  const translated = translations?.[locale]?.[field];
  return translated ? translated : value;
}

/**
 * A row whose slug in any language is `slug`: the default language's column or a
 * translation's, each read through its unique index (db/schema/columns.ts
 * `translatedSlugIndexes`), so a link in any language finds the row.
 */
export function slugIs(column: AnyColumn, translations: AnyColumn, slug: string): SQL {
  const translated = TRANSLATION_LOCALES.map((locale) => sql`(${translations} -> ${sql.raw(`'${locale}'`)} ->> 'slug') = ${slug}`);
  return sql`(${sql.join([sql`${column} = ${slug}`, ...translated], sql` OR `)})`;
}
