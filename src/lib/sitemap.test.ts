import { describe, expect, it } from 'vitest';
import { entryPath, escapeXml, fileRange, fitsOneFile, sitemapFilePath, sitemapFiles, sitemapIndexXml, STATIC_PATHS, urlXml, URLS_PER_FILE } from './sitemap';
import type { SitemapSummary } from '../contracts/sitemap';

const summary = (products: number, others = 10): SitemapSummary => ({
  pages: { max_id: others },
  categories: { max_id: others },
  shops: { max_id: others },
  blogs: { max_id: others },
  products: { max_id: products },
});

describe('sitemap files', () => {
  it('stay one file while every id fits in it', () => {
    const room = URLS_PER_FILE - STATIC_PATHS.length - 40;
    expect(fitsOneFile(summary(room))).toBe(true);
    expect(fitsOneFile(summary(room + 1))).toBe(false);
  });

  it('split each kind into fixed id ranges of at most 40,000, the static pages always in the first pages file', () => {
    const files = sitemapFiles(summary(100_000, 0));
    expect(files.map(sitemapFilePath)).toEqual(['/sitemap-pages-1.xml', '/sitemap-products-1.xml', '/sitemap-products-2.xml', '/sitemap-products-3.xml']);
    expect(fileRange(1)).toEqual({ after: 0, until: 40_000 });
    expect(fileRange(3)).toEqual({ after: 80_000, until: 120_000 });
    expect(sitemapFiles({ ...summary(40_001), shops: { max_id: 45_000 } }).filter((file) => file.kind === 'shops')).toHaveLength(2);
  });
});

describe('sitemap entries', () => {
  it('link each kind to its storefront route', () => {
    const entry = { id: 7, slug: 'blue-mug', updated_at: null };
    expect(entryPath('products', entry)).toBe('/products/7/details');
    expect(entryPath('shops', entry)).toBe('/shops/7');
    expect(entryPath('categories', entry)).toBe('/categories/blue-mug');
    expect(entryPath('blogs', entry)).toBe('/blog/blue-mug');
    expect(entryPath('pages', { ...entry, slug: 'privacy-policy' })).toBe('/privacy-policy');
    expect(entryPath('pages', { ...entry, slug: 'return-policy' })).toBe('/page/return-policy');
  });

  it('are escaped XML with an optional lastmod', () => {
    expect(escapeXml(`a&b<c>'"`)).toBe('a&amp;b&lt;c&gt;&apos;&quot;');
    expect(urlXml('https://s.test/?a=1&b=2', '2030-01-01T00:00:00.000Z')).toBe('<url><loc>https://s.test/?a=1&amp;b=2</loc><lastmod>2030-01-01T00:00:00.000Z</lastmod></url>\n');
    expect(urlXml('https://s.test/', null)).toBe('<url><loc>https://s.test/</loc></url>\n');
    expect(sitemapIndexXml(['https://s.test/sitemap-pages-1.xml'])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://s.test/sitemap-pages-1.xml</loc></sitemap>\n</sitemapindex>',
    );
  });
});
