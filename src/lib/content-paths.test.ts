import { describe, expect, it } from 'vitest';
import { blogListPath, categoryPath, legalPagePath, shopListPath } from './content-paths';

describe('content paths', () => {
  it('writes a category page, narrowed by a sub-category and an order', () => {
    expect(categoryPath('tea')).toBe('/categories/tea');
    expect(categoryPath('tea', { subcategory: 5 })).toBe('/categories/tea?subcategory=5');
    expect(categoryPath('tea', { subcategory: undefined, sort_type: 'new' })).toBe('/categories/tea?sort_type=new');
    expect(categoryPath('tea', { subcategory: '5', sort_type: 'new' })).toBe('/categories/tea?subcategory=5&sort_type=new');
  });

  it('writes the blog and shop lists, blanks left out and searches encoded', () => {
    expect(blogListPath()).toBe('/blogs');
    expect(blogListPath({ category: 2, search: 'green tea' })).toBe('/blogs?category=2&search=green+tea');
    expect(blogListPath({ search: '' })).toBe('/blogs');
    expect(shopListPath({ search: 'a&b' })).toBe('/shops?search=a%26b');
  });

  it('gives the legal pages with a route of their own that route', () => {
    expect(legalPagePath('about-us')).toBe('/about-us');
    expect(legalPagePath('return-policy')).toBe('/page/return-policy');
  });
});
