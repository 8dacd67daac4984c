import { TRANSLATION_LOCALES } from '../../../contracts/translations.ts';
import type { Locale, Tr } from './data/i18n/types';
import { localSlug } from './util.ts';

/**
 * A row's `translations` (docs/product.md §9.1): one object of fields per language a
 * translation is written in, made by `fields` for each. The dictionaries it reads from are
 * data/i18n; the same inserts that write a row write its translations.
 */
export function localized<Field extends string>(fields: (locale: Locale) => Record<Field, string>): Record<Locale, Record<Field, string>> {
  return Object.fromEntries(TRANSLATION_LOCALES.map((locale) => [locale, latinDigitsIn(fields(locale))])) as Record<Locale, Record<Field, string>>;
}

const NATIVE_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The demo's texts follow the pages' one digit rule (docs/product.md §9.1): 0-9 in every
 * language. The dictionaries (data/i18n) are written with Arabic-Indic and Persian digits,
 * as a translator types them; the seed writes them as the pages write their own numbers,
 * the Arabic decimal separator (٫) as a point. Search reads either (search_text folds them).
 */
export function latinDigitsIn<T extends Record<string, string>>(texts: T): T {
  const latin = (text: string) =>
    text.replace(NATIVE_DIGIT, (digit) => String((digit.codePointAt(0)! - (digit >= '\u06F0' ? 0x06f0 : 0x0660)) % 10)).replace(/(\d)\u066B(\d)/g, '$1.$2');
  return Object.fromEntries(Object.entries(texts).map(([field, text]) => [field, latin(text)])) as T;
}

/** Translations of a row whose one translated field is its name (brands, colours, units, menus, tags). */
export const localizedName = (name: Tr) => localized((locale) => ({ name: name[locale] }));

/** A category's name and a slug made from it in its own script («ملابس-رجالية»). */
export const localizedCategory = (name: Tr) => localized((locale) => ({ name: name[locale], slug: localSlug(name[locale]) }));
