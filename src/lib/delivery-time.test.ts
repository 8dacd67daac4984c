import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deliveryTimeText } from './delivery-time';
import { createTranslator } from './i18n';

const t = (locale: string) => createTranslator(locale, JSON.parse(readFileSync(`src/server/db/seed/messages/${locale}.json`, 'utf8')) as Record<string, string>);

describe('deliveryTimeText', () => {
  it('writes the usual forms of a shop’s delivery time in the page’s language', () => {
    expect(['2-3 days', '1 day', '1-2 weeks', '24 hours', 'Same day'].map((value) => deliveryTimeText(value, t('en')))).toEqual([
      '2-3 days',
      '1 day',
      '1-2 weeks',
      '24 hours',
      'Same day',
    ]);
    expect(['2-3 days', '2-4 Days', '1 day', '2 days', '3 to 5 days', '12 hours', 'same day', 'Next day'].map((value) => deliveryTimeText(value, t('ar')))).toEqual([
      '2-3 أيام',
      '2-4 أيام',
      'يوم واحد',
      'يومان',
      '3-5 أيام',
      '12 ساعةً',
      'في اليوم نفسه',
      'في اليوم التالي',
    ]);
    expect(['2-3 days', '1 day', '3–6 days'].map((value) => deliveryTimeText(value, t('ir')))).toEqual(['2 تا 3 روز', '1 روز', '3 تا 6 روز']);
  });

  it('shows anything else as the seller typed it', () => {
    expect(deliveryTimeText('  Within the week ', t('ar'))).toBe('Within the week');
    expect(deliveryTimeText('5-2 days', t('ar'))).toBe('5-2 days');
    expect(deliveryTimeText('2-3 fortnights', t('ar'))).toBe('2-3 fortnights');
    expect(deliveryTimeText('٣ أيام', t('ar'))).toBe('٣ أيام');
  });
});
