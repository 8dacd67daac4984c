import { describe, expect, it } from 'vitest';
import { displayPhoneCode, phoneCodeDigits } from './phone-code';

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
});
