import type { Translate } from './i18n';

/**
 * A shop's estimated delivery time as the shopper's language writes it. Sellers type it
 * (shops.estimated_delivery_time, "2-4 days"; the order page falls back to it), almost always
 * in one of a few forms: a number or a range of hours, days or weeks, "Same day", "Next day".
 * Those are written with the page's messages and plural forms ("2-3 أيام", "2 تا 3 روز");
 * anything else is shown as typed, which the page isolates as `text` (lib/bidi.ts).
 */

/** What a shop's delivery estimate reads when its seller gives none (an order's too). */
export const DEFAULT_DELIVERY_ESTIMATE = '2-4 days';

/** The shop's estimate as typed, or the default one. */
export const deliveryEstimate = (typed: string | null | undefined): string => typed?.trim() || DEFAULT_DELIVERY_ESTIMATE;

const UNIT_WORDS: Readonly<Record<string, 'hours' | 'days' | 'weeks'>> = {
  hour: 'hours',
  hours: 'hours',
  hr: 'hours',
  hrs: 'hours',
  h: 'hours',
  day: 'days',
  days: 'days',
  d: 'days',
  week: 'weeks',
  weeks: 'weeks',
  wk: 'weeks',
  wks: 'weeks',
};

const SPAN = /^(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?\s*([a-z]+)\.?$/i;

export function deliveryTimeText(value: string, t: Translate): string {
  const typed = value.trim().replace(/\s+/g, ' ');
  const lower = typed.toLowerCase();
  if (lower === 'same day' || lower === 'same-day') return t('Same day');
  if (lower === 'next day' || lower === 'next-day') return t('Next day');
  const match = SPAN.exec(typed);
  const unit = match && UNIT_WORDS[match[3]!.toLowerCase()];
  if (!match || !unit) return typed;
  const min = Number(match[1]);
  const max = match[2] === undefined ? undefined : Number(match[2]);
  if (max === undefined || max === min) return unitCount(t, unit, min);
  if (max < min) return typed;
  // A range takes the noun form of its upper bound, as "2-3 days" and "1-2 أيام" do.
  return unitRange(t, unit, min, max);
}

function unitCount(t: Translate, unit: 'hours' | 'days' | 'weeks', count: number): string {
  if (unit === 'hours') return t('{{count}} hours', { count });
  if (unit === 'weeks') return t('{{count}} weeks', { count });
  return t('{{count}} days', { count });
}

function unitRange(t: Translate, unit: 'hours' | 'days' | 'weeks', min: number, max: number): string {
  const values = { min, max, count: max };
  if (unit === 'hours') return t('{{min}}-{{max}} hours', values);
  if (unit === 'weeks') return t('{{min}}-{{max}} weeks', values);
  return t('{{min}}-{{max}} days', values);
}
