import { describe, expect, it } from 'vitest';
import { returnPath } from './forms';

describe('returnPath', () => {
  it('keeps a path on this site with its query', () => {
    expect(returnPath('/products?page=2', '/cart')).toBe('/products?page=2');
    expect(returnPath('/products/12/details', '/cart')).toBe('/products/12/details');
  });

  it('falls back for anything that could leave the site', () => {
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', 'products', '/ok\r\nSet-Cookie: x=1', `/${'a'.repeat(600)}`]) {
      expect(returnPath(hostile, '/cart'), hostile).toBe('/cart');
    }
  });
});
