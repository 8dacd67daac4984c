import { describe, expect, it } from 'vitest';
import { convertParts, defaultCurrencyName, defaultCurrencyOf, formatConverted, formatDefaultAmount, formatPrice, fromMinor, toMinor } from './money';

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

describe('convertParts (per-shop amounts add up to the payment in every currency shown: ADR 013)', () => {
  it('keeps the parts summing to the converted total, to the cent', () => {
    const euro = { symbol: '€', position: 'suffix' as const, rate: 0.92 };
    // 3 × 0.01 at 0.92 each rounds to 0.01, but together they are 0.0276 → 0.03.
    expect(convertParts([0.01, 0.01, 0.01], { ...euro, rate: 0.92 })).toEqual([0.01, 0.01, 0.01]);
    expect(convertParts([10.05, 20.05], { ...euro, rate: 1.5 })).toEqual([15.08, 30.07]);
    expect(formatConverted(15.08, euro)).toBe('15.08€');
  });

  it('sums exactly over many random checkouts and rates (property)', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let run = 0; run < 2000; run++) {
      const rate = [0.92, 1, 3.75, 83.2, 0.0031, 1.2345][random(6)]!;
      const parts = Array.from({ length: 1 + random(5) }, () => (1 + random(100_000)) / 100);
      const currency = { symbol: 'X', position: 'prefix' as const, rate };
      const converted = convertParts(parts, currency);
      const totalShown = formatPrice(
        parts.reduce((sum, part) => sum + part, 0),
        currency,
      );
      const sum = Math.round(converted.reduce((total, part) => total + part * 100, 0));
      expect(formatConverted(sum / 100, currency)).toBe(totalShown);
      converted.forEach((part, index) => expect(Math.abs(part - parts[index]! * rate)).toBeLessThan(0.02));
    }
  });
});

describe('the default currency: one choice for /master, pages, settings, payments and server messages', () => {
  const usd = { name: 'USD', symbol: '$', position: 'prefix' as const, is_default: false };
  const eur = { name: 'EUR', symbol: '€', position: 'suffix' as const, is_default: true };

  it('is the one marked default, else the first listed, else US dollars', () => {
    expect(defaultCurrencyOf([usd, eur])).toBe(eur);
    expect(defaultCurrencyOf([usd, { ...eur, is_default: false }])).toBe(usd);
    expect(defaultCurrencyOf([])).toBeUndefined();
    expect(defaultCurrencyName([usd, eur])).toBe('EUR');
    expect(defaultCurrencyName([])).toBe('USD');
  });

  it('formats server amounts (minor units) with its symbol and position, unconverted', () => {
    expect(formatDefaultAmount(2000, [usd, eur])).toBe('20.00€');
    expect(formatDefaultAmount(1999, [{ ...usd, is_default: true }, eur])).toBe('$19.99');
    expect(formatDefaultAmount(5, [])).toBe('$0.05');
  });
});
