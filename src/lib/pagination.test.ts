import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PER_PAGE,
  lastPage,
  limitOffset,
  MAX_PAGE,
  MAX_PER_PAGE,
  pageHref,
  pageNumber,
  pageLinks,
  pageWindow,
  paginationQuery,
  parsePageParam,
  pastLastPage,
  shownRange,
  withoutPage,
} from './pagination';

describe('paginationQuery (the API’s page and per_page)', () => {
  const parse = (query: Record<string, string>) => paginationQuery().safeParse(query);

  it('defaults to the first page of 10 (spec §5, §9), blanks counting as absent', () => {
    expect(parse({}).data).toEqual({ page: 1, per_page: DEFAULT_PER_PAGE });
    expect(parse({ page: '', per_page: ' ' }).data).toEqual({ page: 1, per_page: 10 });
  });

  it('reads whole numbers up to the limits', () => {
    expect(parse({ page: '3', per_page: '12' }).data).toEqual({ page: 3, per_page: 12 });
    expect(parse({ page: String(MAX_PAGE), per_page: String(MAX_PER_PAGE) }).data).toEqual({ page: MAX_PAGE, per_page: 100 });
  });

  it('refuses, naming the field, anything that is not a page', () => {
    for (const page of ['0', '-1', '2.5', 'abc', '1e3', '0x10', String(MAX_PAGE + 1)]) {
      const result = parse({ page });
      expect(result.success, page).toBe(false);
      expect(result.error!.issues[0]!.path, page).toEqual(['page']);
    }
    for (const per_page of ['0', String(MAX_PER_PAGE + 1), 'ten']) {
      expect(parse({ per_page }).error!.issues[0]!.path, per_page).toEqual(['per_page']);
    }
  });

  it('turns a page into LIMIT and OFFSET', () => {
    expect(limitOffset({ page: 1, per_page: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(limitOffset({ page: 3, per_page: 12 })).toEqual({ limit: 12, offset: 24 });
  });
});

describe('parsePageParam (a listing page’s URL)', () => {
  it('is 1 when the URL names no page', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam(undefined)).toBe(1);
    expect(parsePageParam('')).toBe(1);
  });

  it('reads whole page numbers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('12')).toBe(12);
  });

  it('refuses what the API refuses', () => {
    for (const value of ['0', '-1', 'abc', '2.5', '1e3', '99999999999']) expect(parsePageParam(value), value).toBeNull();
  });

  it('pageNumber falls back to the first page', () => {
    expect(pageNumber('4')).toBe(4);
    for (const bad of [null, undefined, '', '0', '-2', '1.5', 'abc', '1e9']) expect(pageNumber(bad), String(bad)).toBe(1);
  });
});

describe('withoutPage', () => {
  it('drops only the page parameter', () => {
    expect(withoutPage(new URL('http://x/shops?search=casa&page=abc'))).toBe('/shops?search=casa');
    expect(withoutPage(new URL('http://x/best-deal?page=0'))).toBe('/best-deal');
  });
});

describe('the pagination bar', () => {
  it('shows at most five page numbers centred on the current page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('keeps the first and last pages one step away, with a gap only where pages are left out', () => {
    expect(pageLinks(1, 60)).toEqual([1, 2, 3, 4, 5, 'gap', 60]);
    expect(pageLinks(30, 60)).toEqual([1, 'gap', 28, 29, 30, 31, 32, 'gap', 60]);
    expect(pageLinks(60, 60)).toEqual([1, 'gap', 56, 57, 58, 59, 60]);
    expect(pageLinks(4, 60)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 60]);
    expect(pageLinks(5, 60)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 60]);
    expect(pageLinks(6, 60)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 60]);
    expect(pageLinks(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 1)).toEqual([1]);
  });

  it('links the other pages of this address, keeping its other parameters', () => {
    const url = new URL('http://x/shops?search=casa&page=3');
    expect(pageHref(url, 4)).toBe('/shops?search=casa&page=4');
    expect(pageHref(url, 1)).toBe('/shops?search=casa');
    expect(pageHref(new URL('http://x/products/9/details'), 2, { param: 'reviews_page', fragment: 'reviews' })).toBe('/products/9/details?reviews_page=2#reviews');
  });

  it('counts pages, one at least', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(101, 10)).toBe(11);
  });
});

describe('pastLastPage: one answer for a page past the end of every listing', () => {
  const url = new URL('http://shop.test/shops?search=tea&page=9');

  it('goes to the last page, every other parameter kept', () => {
    expect(pastLastPage(url, 9, 25, 10)).toBe('/shops?search=tea&page=3');
    expect(pastLastPage(url, 4, 30, 10)).toBe('/shops?search=tea&page=3');
  });

  it('goes to the first page (no page parameter) when the list fits on one or is empty', () => {
    expect(pastLastPage(url, 9, 7, 10)).toBe('/shops?search=tea');
    expect(pastLastPage(url, 2, 0, 10)).toBe('/shops?search=tea');
  });

  it("leaves a page within the list, the last included, and an empty list's first page alone", () => {
    expect(pastLastPage(url, 3, 25, 10)).toBeNull();
    expect(pastLastPage(url, 1, 0, 10)).toBeNull();
  });

  it("works on a second list's own parameter, with its fragment", () => {
    const details = new URL('http://shop.test/products/9/details?reviews_page=7');
    expect(pastLastPage(details, 7, 12, 5, { param: 'reviews_page', fragment: 'reviews' })).toBe('/products/9/details?reviews_page=3#reviews');
  });
});

describe('shownRange: "Showing X to Y of Z"', () => {
  it('is clamped to the list on its last page', () => {
    expect(shownRange(1, 10, 25)).toEqual({ from: 1, to: 10, total: 25 });
    expect(shownRange(3, 10, 25)).toEqual({ from: 21, to: 25, total: 25 });
  });

  it('is null for a page with no rows', () => {
    expect(shownRange(1, 10, 0)).toBeNull();
    expect(shownRange(4, 10, 25)).toBeNull();
  });
});
