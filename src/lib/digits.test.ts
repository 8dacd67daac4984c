import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countdownUnits } from './countdown';
import { formatDate, formatDateTime } from './dates';
import { createTranslator } from './i18n';
import { intlLocale } from './locales';
import { formatPrice } from './money';
import { countLabel, pluralForms } from './plural';
import { timeAgo } from './relative-time';

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits. */
const NATIVE_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
const messages = (locale: string) => JSON.parse(readFileSync(`src/server/db/seed/messages/${locale}.json`, 'utf8')) as Record<string, string>;

describe('one digit rule per language: Latin digits in English, Arabic and Persian', () => {
  const instant = '2026-03-21T15:04:00Z';

  for (const locale of ['en', 'ar', 'ir']) {
    it(`${locale}: dates, times, relative times, countdowns, prices and counts`, () => {
      const t = createTranslator(locale, messages(locale));
      const written = [
        formatDate(instant, locale, 'long'),
        formatDate(instant, locale, 'medium'),
        formatDateTime(instant, locale, 'UTC'),
        timeAgo(new Date('2026-03-21T12:00:00Z'), new Date(instant), locale),
        ...Object.values(countdownUnits(3 * 86_400_000 + 57_000)),
        formatPrice(1234.5),
        t('{{count}} items', { count: 12 }),
        countLabel(pluralForms(t, locale, '{{count}} items'), 12),
      ];
      for (const text of written) {
        expect(text, text).not.toMatch(NATIVE_DIGITS);
        expect(text, text).toMatch(/[0-9]/);
      }
    });
  }

  it('keeps each language’s words and calendar: Persian dates are Solar Hijri, in Latin digits', () => {
    expect(intlLocale('ir')).toBe('fa-u-nu-latn');
    expect(formatDate('2026-03-21T12:00:00Z', 'ir', 'long')).toBe('1 فروردین 1405');
    expect(formatDate('2026-03-21T12:00:00Z', 'ar', 'long')).toBe('21 مارس 2026');
    expect(formatDate('2026-03-21T12:00:00Z', 'en', 'long')).toBe('March 21, 2026');
  });

  it('writes a time in the zone it is given, naming it', () => {
    expect(formatDateTime('2026-03-21T15:04:00Z', 'en', 'UTC')).toBe('Mar 21, 2026, 03:04 PM UTC');
    expect(formatDateTime('2026-03-21T15:04:00Z', 'en', 'Asia/Tehran')).toBe('Mar 21, 2026, 06:34 PM GMT+3:30');
  });
});
