import { hreflangFor } from './seo';

/** A date as the shopper's language writes it ("ir" is Persian, "fa" to Intl). */
export function formatDate(iso: string, locale: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(hreflangFor(locale), { dateStyle: style }).format(new Date(iso));
}
