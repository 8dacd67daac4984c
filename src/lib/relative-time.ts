import { intlLocale } from './locales.ts';

/**
 * How long ago something happened, in the reader's language ("2 hours ago", "قبل ساعتين",
 * "2 ساعت پیش"): Intl's own wording, so no catalogue message is needed. Under a minute
 * reads "now"; a moment a little in the future (clocks apart) reads "now" too.
 */
export function timeAgo(then: Date, now: Date, locale: string): string {
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  if (seconds < 60) return format.format(0, 'second');
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['minute', 60],
    ['hour', 60],
    ['day', 24],
    ['week', 7],
  ];
  let value = seconds;
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [next, size] of steps) {
    if (value < size && unit !== 'second') break;
    value = Math.floor(value / size);
    unit = next;
  }
  if (unit === 'week' && value >= 5) {
    const months = Math.floor(seconds / (30 * 86_400));
    return months >= 12 ? format.format(-Math.floor(months / 12), 'year') : format.format(-months, 'month');
  }
  return format.format(-value, unit);
}
