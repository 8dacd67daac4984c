import { describe, expect, it } from 'vitest';
import { parsePageParam, withoutPage } from './page-number';

describe('parsePageParam', () => {
  it('is 1 when the URL names no page', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('')).toBe(1);
  });

  it('reads whole page numbers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('12')).toBe(12);
  });

  it('refuses anything that is not a page', () => {
    for (const value of ['0', '-1', 'abc', '2.5', '1e3', '99999999999']) expect(parsePageParam(value)).toBeNull();
  });
});

describe('withoutPage', () => {
  it('drops only the page parameter', () => {
    expect(withoutPage(new URL('http://x/shops?search=casa&page=abc'))).toBe('/shops?search=casa');
    expect(withoutPage(new URL('http://x/best-deal?page=0'))).toBe('/best-deal');
  });
});
