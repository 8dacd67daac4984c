import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
import { addressTypeLabel, hasRegion, postalLines } from './postal-address';

const london = {
  flat_no: '4B',
  address_line: '12 Example Street',
  address_line2: 'Second floor',
  area: 'Soho',
  city: 'London',
  state: 'England',
  post_code: 'W1D 3QF',
  country: 'United Kingdom',
};

describe('postalLines (docs/product.md §3.5 Address)', () => {
  it('reads from the door outwards: street, second line, area, "city, state post code", country', () => {
    expect(postalLines(london)).toEqual(['4B, 12 Example Street', 'Second floor', 'Soho', 'London, England W1D 3QF', 'United Kingdom']);
  });

  it('leaves out what is blank or missing and trims what is there', () => {
    expect(postalLines({ address_line: ' 1 Road ', city: 'Riyadh', state: 'Riyadh Province', country: 'Saudi Arabia', area: ' ', post_code: null })).toEqual([
      '1 Road',
      'Riyadh, Riyadh Province',
      'Saudi Arabia',
    ]);
  });

  it('an order copy made before the region was kept reads as it always did', () => {
    expect(postalLines({ flat_no: '4B', address_line: '1 Main St', area: 'Centre', post_code: '1000' })).toEqual(['4B, 1 Main St', 'Centre 1000']);
  });

  it('ignores values that are not text (a damaged copy)', () => {
    expect(postalLines({ address_line: 7, city: { x: 1 }, country: 'Egypt' })).toEqual(['Egypt']);
  });
});

describe('hasRegion', () => {
  it('needs the country, the state and the city', () => {
    expect(hasRegion(london)).toBe(true);
    expect(hasRegion({ ...london, state: null })).toBe(false);
    expect(hasRegion({ ...london, city: '  ' })).toBe(false);
    expect(hasRegion({ address_line: '1 Road' })).toBe(false);
  });
});

describe('addressTypeLabel (ADR 003: a key of its own, not the home page\'s "Home")', () => {
  const catalogue = (locale: string) => JSON.parse(readFileSync(`src/server/db/seed/messages/${locale}.json`, 'utf8')) as Record<string, string>;

  it('reads as a dwelling in Arabic and Persian, while the page link keeps its own word', () => {
    const ar = createTranslator('ar', catalogue('ar'));
    expect([addressTypeLabel(ar, 'home'), addressTypeLabel(ar, 'office'), addressTypeLabel(ar, 'other')]).toEqual(['منزل', 'مكتب', 'أخرى']);
    expect(ar('Home')).toBe('الرئيسية');
    const ir = createTranslator('ir', catalogue('ir'));
    expect([addressTypeLabel(ir, 'home'), addressTypeLabel(ir, 'office'), addressTypeLabel(ir, 'other')]).toEqual(['خانه', 'محل کار', 'سایر']);
    const en = createTranslator('en', catalogue('en'));
    expect([addressTypeLabel(en, 'home'), addressTypeLabel(en, 'office'), addressTypeLabel(en, 'other')]).toEqual(['Home address', 'Office address', 'Other address']);
  });
});
