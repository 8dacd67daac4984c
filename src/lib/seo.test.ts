import { describe, expect, it } from 'vitest';
import { seoLinks } from './seo';

const site = 'https://shop.example';

describe('seoLinks', () => {
  it('gives a canonical without tracking parameters and hreflang alternates for every language', () => {
    const links = seoLinks(new URL('http://internal:4321/products?utm_source=x&sort_type=newest&page=2'), site, ['en', 'ar', 'ir'], 'en', 'en');
    expect(links.canonical).toBe('https://shop.example/products?page=2&sort_type=newest');
    expect(links.alternates).toEqual([
      { hreflang: 'en', href: 'https://shop.example/products?page=2&sort_type=newest' },
      { hreflang: 'ar', href: 'https://shop.example/products?page=2&sort_type=newest&lang=ar' },
      { hreflang: 'fa', href: 'https://shop.example/products?page=2&sort_type=newest&lang=ir' },
      { hreflang: 'x-default', href: 'https://shop.example/products?page=2&sort_type=newest' },
    ]);
  });

  it('makes the canonical of a translated page its own language URL', () => {
    expect(seoLinks(new URL('http://x/blogs?lang=ar'), site, ['en', 'ar'], 'ar', 'en').canonical).toBe('https://shop.example/blogs?lang=ar');
  });
});
