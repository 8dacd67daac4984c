import { TRANSLATION_LOCALES } from '../../../contracts/translations.ts';
import type { Locale, Tr } from './data/i18n/types';
import { localSlug } from './util.ts';

/**
 * A row's `translations` (docs/product.md §9.1): one object of fields per language a
 * translation is written in, made by `fields` for each. The dictionaries it reads from are
 * data/i18n; the same inserts that write a row write its translations.
 */
export function localized<Field extends string>(fields: (locale: Locale) => Record<Field, string>): Record<Locale, Record<Field, string>> {
  return Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, fields(locale)])) as Record<Locale, Record<Field, string>>;
}

/** Translations of a row whose one translated field is its name (brands, colours, units, menus, tags). */
export const localizedName = (name: Tr) => localized((locale) => ({ name: name[locale] }));

/** A category's name and a slug made from it in its own script («ملابس-رجالية»). */
export const localizedCategory = (name: Tr) => localized((locale) => ({ name: name[locale], slug: localSlug(name[locale]) }));
