import { describe, expect, it } from 'vitest';
import { formatPrice, fromMinor, toMinor } from './money';

describe('formatPrice (spec, section 9)', () => {
  it('uses two decimals and puts the default $ before the amount', () => {
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(0.5)).toBe('$0.50');
  });

  it('multiplies by the selected currency rate and honours a suffix position', () => {
    expect(formatPrice(10, { symbol: '€', position: 'suffix', rate: 0.92 })).toBe('9.20€');
    expect(formatPrice(19.99, { symbol: 'SAR ', position: 'prefix', rate: 3.75 })).toBe('SAR 74.96');
  });

  it('treats a missing or broken rate as 1 (the spec default)', () => {
    expect(formatPrice(5, { symbol: '$', position: 'prefix', rate: Number.NaN })).toBe('$5.00');
    expect(formatPrice(5, { symbol: '$', position: 'prefix', rate: 0 })).toBe('$5.00');
  });
});

describe('fromMinor and toMinor', () => {
  it('turn stored cents into the API amount and back', () => {
    expect(fromMinor(1999)).toBe(19.99);
    expect(toMinor(19.99)).toBe(1999);
    // 1.005 * 100 is 100.49999… in binary; amounts the API sends have two decimals.
    for (let cents = 0; cents < 100_000; cents += 7) expect(toMinor(fromMinor(cents))).toBe(cents);
  });
});
