import { languageTag } from './locales';

/** A date as the shopper's language writes it ("ir" is Persian, "fa" to Intl). */
export function formatDate(iso: string, locale: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(languageTag(locale), { dateStyle: style }).format(new Date(iso));
}
