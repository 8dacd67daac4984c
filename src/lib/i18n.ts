import i18next, { type TFunction } from 'i18next';

export type Messages = Record<string, string>;
export type Translate = TFunction;

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
 * Keys are the English source strings (as `/lang/{locale}` serves them), so a missing
 * translation falls back to readable English. Shared by the server and the islands.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance.t;
}
