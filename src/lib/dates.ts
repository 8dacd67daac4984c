import { intlLocale } from './locales.ts';

/** A date as the shopper's language writes it ("ir" is Persian, "fa" to Intl), in Latin digits (lib/locales.ts intlLocale). */
export function formatDate(iso: string, locale: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style }).format(new Date(iso));
}

/**
 * An instant with its time of day and the time zone's name ("Nov 27, 2026, 03:19 PM UTC"), in
 * the shopper's language. The server renders it in UTC, since a page must not depend on who
 * asks for it (docs/decisions/018-page-cache.md); scripts/local-times.ts writes it again in
 * the browser's own time zone (`timeZone` undefined).
 */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
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
