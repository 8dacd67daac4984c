/**
 * The shop's locale keys and what they mean to browsers, without the translator: browser
 * code (stores, islands, scripts) imports this, so i18next stays on the server
 * (lib/i18n.ts) and out of every page's JavaScript.
 */

export const DEFAULT_LOCALE = 'en';
export const DEFAULT_DIRECTION = 'ltr';

/**
 * Locale keys of the shop (docs/product.md §9.1: en, ar, ir) that are not BCP 47 language tags: "ir" is
 * the shop's key for Persian, whose language tag is "fa". The key stays the key in
 * cookies, URLs (`?lang=ir`) and the API; documents and formatters get the tag.
 */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = { ir: 'fa' };

/** The BCP 47 language tag of a locale key: `<html lang>`, hreflang, og:locale, Intl formats. */
export function languageTag(locale: string): string {
  return LANGUAGE_TAGS[locale] ?? locale;
}

/** The shop's locale key for a language tag's primary language (`fa-IR` → `ir`), for Accept-Language. */
export function localeKeyForTag(tag: string): string {
  const language = tag.split('-')[0]!.toLowerCase();
  return Object.keys(LANGUAGE_TAGS).find((key) => LANGUAGE_TAGS[key] === language) ?? language;
}

/**
 * The locale Intl writes dates, times, counts and units with: the language's own words and
 * calendar, in Latin digits (0-9) whatever the language (docs/product.md §9.1). Prices,
 * order codes, quantities, sizes and phone numbers are Latin in every language, so a Persian
 * page whose dates came out in Persian digits (Intl's default for "fa") mixed two.
 */
export function intlLocale(locale: string): string {
  return `${languageTag(locale)}-u-nu-latn`;
}
