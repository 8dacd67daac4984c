import { describe, expect, it } from 'vitest';
import { basisPoints, percentOf } from './percent';

describe('basisPoints', () => {
  it('reads numeric(5,2) text and numbers', () => {
    expect(basisPoints('7.50')).toBe(750);
    expect(basisPoints('7.5')).toBe(750);
    expect(basisPoints('15')).toBe(1500);
    expect(basisPoints('0.05')).toBe(5);
    expect(basisPoints('100.00')).toBe(10_000);
    expect(basisPoints(12.25)).toBe(1225);
  });

  it('refuses what is not a percentage', () => {
    for (const bad of ['', '-1', '1e2', '100.01', '7.505', 'abc']) expect(() => basisPoints(bad), bad).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds half up to a whole minor unit', () => {
    expect(percentOf(1000, 750)).toBe(75); // 7.5 % of $10.00
    expect(percentOf(1, 5000)).toBe(1); // half a cent rounds up
    expect(percentOf(1, 4999)).toBe(0);
    expect(percentOf(333, 1000)).toBe(33); // 33.3
    expect(percentOf(335, 1000)).toBe(34); // 33.5
    expect(percentOf(0, 1000)).toBe(0);
  });

  it('agrees with exact decimal arithmetic over many amounts', () => {
    for (let amount = 0; amount < 5000; amount += 7) {
      for (const points of [1, 5, 250, 750, 1250, 1999, 10_000]) {
        const exact = (amount * points) / 10_000;
        const floor = Math.floor(exact);
        // Half up: the fraction decides, computed in integers to avoid float doubt.
        const remainder = (amount * points) % 10_000;
        expect(percentOf(amount, points)).toBe(remainder * 2 >= 10_000 ? floor + 1 : floor);
      }
    }
  });
});
