import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';
import { countryOptionLabel, displayPhoneCode, phoneCodeDigits } from './phone-code';

describe('phone codes', () => {
  it('travel as digits only, whatever was stored', () => {
    expect(phoneCodeDigits('+966')).toBe('966');
    expect(phoneCodeDigits('966')).toBe('966');
    expect(phoneCodeDigits(' +1 ')).toBe('1');
    expect(phoneCodeDigits('')).toBeNull();
    expect(phoneCodeDigits(null)).toBeNull();
  });

  it('are shown with one "+"', () => {
    expect(displayPhoneCode('1')).toBe('+1');
    expect(displayPhoneCode('+44')).toBe('+44');
    expect(displayPhoneCode(null)).toBe('');
  });

  it('follow a country’s name in a list, each isolated so "(+966)" keeps its "+" in right-to-left pages', () => {
    expect(countryOptionLabel({ name: 'Saudi Arabia', phone_code: '966' })).toBe(`${isolate('Saudi Arabia')} (${isolate('+966', 'code')})`);
    expect(countryOptionLabel({ name: 'Antarctica', phone_code: null })).toBe('Antarctica');
  });
});
