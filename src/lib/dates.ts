import { languageTag } from './locales.ts';

/** A date as the shopper's language writes it ("ir" is Persian, "fa" to Intl). */
export function formatDate(iso: string, locale: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(languageTag(locale), { dateStyle: style }).format(new Date(iso));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as the API answers it for display, "05 May, 2025" (day, English short month,
 * year; in UTC): the form apps of this kind of shop show as it comes (ADR 014). Our pages
 * format the ISO field beside it in the shopper's language instead.
 */
export function dayMonthYear(date: Date): string {
  return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
}
