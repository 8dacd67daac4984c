import { describe, expect, it } from 'vitest';
import { countryOptions } from './country-names';

const COUNTRIES = [
  { name: 'Saudi Arabia', code: 'SA' },
  { name: 'Germany', code: 'DE' },
  { name: 'Iran', code: 'IR' },
  { name: 'Atlantis', code: 'XX' },
];

describe('countryOptions (a country select in the page’s language)', () => {
  it('labels each country in the language and sorts by the label, the value staying the API’s name', () => {
    const ar = countryOptions(COUNTRIES, 'ar');
    expect(ar.find((option) => option.value === 'Saudi Arabia')?.label).toBe('المملكة العربية السعودية');
    expect(ar.find((option) => option.value === 'Germany')?.label).toBe('ألمانيا');
    expect(countryOptions(COUNTRIES, 'ir').find((option) => option.value === 'Iran')?.label).toBe('ایران');
    expect(countryOptions(COUNTRIES, 'en').map((option) => option.label)).toEqual(['Atlantis', 'Germany', 'Iran', 'Saudi Arabia']);
    const labels = ar.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('ar').compare));
  });

  it('keeps a code Intl does not know under its own name, and a chosen country no longer offered first', () => {
    expect(countryOptions(COUNTRIES, 'ar').find((option) => option.value === 'Atlantis')?.label).toBe('Atlantis');
    expect(countryOptions(COUNTRIES, 'en', 'Narnia')[0]).toEqual({ value: 'Narnia', label: 'Narnia' });
    expect(countryOptions(COUNTRIES, 'en', 'Germany')).toHaveLength(4);
  });
});
