import { describe, expect, it } from 'vitest';
import {
  consistentCategory,
  idList,
  isFiltered,
  listingQuery,
  normalizedSearch,
  productsApiQuery,
  tidyRedirect,
  readListing,
  shownSearch,
  toDefaultCurrency,
  toggleId,
  withoutKeys,
} from './product-listing';

const read = (query: string) => readListing(new URLSearchParams(query));

describe('readListing', () => {
  it('joins repeated checkbox parameters into the comma list the API takes', () => {
    expect(read('brand_id=3&brand_id=7&color_id=2,5&color_id=5&size_id=')).toEqual({ brand_id: '3,7', color_id: '2,5' });
  });

  it('drops blanks a form sends, unknown keys and page 1', () => {
    expect(read('search=+shoe+&min_price=&max_price=&rating=&sort_type=&page=1&utm_source=x&per_page=99')).toEqual({ search: 'shoe' });
    expect(read('page=3')).toEqual({ page: '3' });
  });

  it('keeps values it cannot judge for the API to refuse', () => {
    expect(read('min_price=abc&sort_type=bogus')).toEqual({ min_price: 'abc', sort_type: 'bogus' });
  });
});

describe('listingQuery', () => {
  const state = { search: 'shoe', brand_id: '3,7', sort_type: 'low_to_high', page: '4' };

  it('writes keys in a stable order and goes back to page 1 on any change', () => {
    expect(listingQuery(state, { rating: '4' })).toBe('?search=shoe&brand_id=3,7&rating=4&sort_type=low_to_high');
  });

  it('keeps a page that is asked for and removes keys set to undefined', () => {
    expect(listingQuery(state, { page: '5', brand_id: undefined })).toBe('?search=shoe&sort_type=low_to_high&page=5');
    expect(listingQuery({}, {})).toBe('');
  });
});

describe('normalizedSearch', () => {
  const tidy = (query: string) => normalizedSearch(new URLSearchParams(query));

  it('gives a form submission one tidy address, keeping other parameters', () => {
    expect(tidy('search=tee&category_id=&brand_id=3&brand_id=7&min_price=&sort_type=newest&lang=ar')).toBe('?search=tee&brand_id=3,7&sort_type=newest&lang=ar');
  });

  it('leaves a tidy address as it is', () => {
    for (const query of ['', '?search=tee&brand_id=3,7&page=2', '?color_id=1&lang=ir']) expect(tidy(query)).toBe(query);
  });

  it('asks for a redirect only when the address is not tidy, whatever its encoding', () => {
    expect(tidyRedirect(new URLSearchParams('brand_id=3&brand_id=7&rating='))).toBe('?brand_id=3,7');
    expect(tidyRedirect(new URLSearchParams('search=it%27s%20new&brand_id=3%2C7'))).toBeNull();
    expect(tidyRedirect(new URLSearchParams('search=caf%C3%A9&page=1'))).toBe('?search=caf%C3%A9');
  });
});

describe('multi-select filters', () => {
  it('toggles an id in and out of a list', () => {
    expect(toggleId({ brand_id: '3' }, 'brand_id', 7).brand_id).toBe('3,7');
    expect(toggleId({ brand_id: '3,7' }, 'brand_id', '3').brand_id).toBe('7');
    expect(toggleId({ brand_id: '3' }, 'brand_id', 3).brand_id).toBeUndefined();
  });

  it('splits comma lists without blanks or repeats', () => {
    expect(idList(' 1, 2,,2 ')).toEqual(['1', '2']);
    expect(idList(undefined)).toEqual([]);
  });
});

describe('filters', () => {
  it('tells a filtered listing from a plain search', () => {
    expect(isFiltered({ search: 'x', sort_type: 'newest', page: '2' })).toBe(false);
    expect(isFiltered({ search: 'x', size_id: '1' })).toBe(true);
  });

  it('removes refused parameters', () => {
    expect(withoutKeys({ search: 'x', rating: '9', min_price: '-1' }, ['rating', 'min_price'])).toEqual({ search: 'x' });
  });

  const categories = [
    { id: 1, sub_categories: [{ id: 10 }, { id: 11 }] },
    { id: 2, sub_categories: [{ id: 20 }] },
  ];

  it('keeps a sub-category only inside its category', () => {
    expect(consistentCategory({ category_id: '1', sub_category_id: '11' }, categories)).toEqual({ category_id: '1', sub_category_id: '11' });
    expect(consistentCategory({ category_id: '2', sub_category_id: '11' }, categories)).toEqual({ category_id: '2' });
    expect(consistentCategory({ sub_category_id: '20' }, categories)).toEqual({ sub_category_id: '20', category_id: '2' });
    expect(consistentCategory({ sub_category_id: '99' }, categories)).toEqual({});
  });
});

describe('prices', () => {
  it('converts what the shopper typed in their currency to the default one', () => {
    expect(toDefaultCurrency('92', 0.92)).toBe('100');
    expect(toDefaultCurrency('10', 1)).toBe('10');
    expect(toDefaultCurrency('abc', 0.92)).toBe('abc');
    expect(toDefaultCurrency(undefined, 0.92)).toBeUndefined();
  });

  it('builds the API query with a page size and converted prices', () => {
    expect(productsApiQuery({ search: 'tee', brand_id: '1,2', min_price: '46', page: '2' }, { perPage: 12, rate: 0.92 })).toBe(
      'search=tee&brand_id=1%2C2&min_price=50&page=2&per_page=12',
    );
  });
});

describe('the header search box', () => {
  it('shows the current search on /products only (spec §2.4)', () => {
    expect(shownSearch(new URL('http://x/products?search=tea'))).toBe('tea');
    expect(shownSearch(new URL('http://x/products'))).toBe('');
    expect(shownSearch(new URL('http://x/blogs?search=tea'))).toBe('');
  });
});
