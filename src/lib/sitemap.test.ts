import { describe, expect, it } from 'vitest';
import { entryPath, escapeXml, fileRange, fitsOneFile, localizedUrlsXml, sitemapFilePath, sitemapFiles, sitemapIndexXml, STATIC_PATHS, URLS_PER_FILE } from './sitemap';
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

  it('split each kind into fixed id ranges of 15,000 (three languages each: 45,000 URLs), the static pages always in the first pages file', () => {
    const files = sitemapFiles(summary(40_000, 0));
    expect(files.map(sitemapFilePath)).toEqual(['/sitemap-pages-1.xml', '/sitemap-products-1.xml', '/sitemap-products-2.xml', '/sitemap-products-3.xml']);
    expect(fileRange(1)).toEqual({ after: 0, until: 15_000 });
    expect(fileRange(3)).toEqual({ after: 30_000, until: 45_000 });
    expect(sitemapFiles({ ...summary(15_001), shops: { max_id: 16_000 } }).filter((file) => file.kind === 'shops')).toHaveLength(2);
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

  it("use each language's own slug, and the default one where a language has none", () => {
    const entry = { id: 3, slug: 'fashion', slugs: { ar: 'أزياء' }, updated_at: null };
    expect(entryPath('categories', entry, 'ar')).toBe(`/categories/${encodeURIComponent('أزياء')}`);
    expect(entryPath('categories', entry, 'ir')).toBe('/categories/fashion');
    expect(entryPath('categories', entry)).toBe('/categories/fashion');
  });

  it('list a page once per language, each URL naming every language and the default (hreflang)', () => {
    const languages = { locales: ['en', 'ar', 'ir'], defaultLocale: 'en' };
    const paths: Record<string, string> = { en: '/blog/a-b', ar: '/blog/c', ir: '/blog/d' };
    const xml = localizedUrlsXml((locale) => paths[locale]!, 'https://s.test', languages, '2030-01-01T00:00:00.000Z');
    const urls = xml.trim().split('\n');
    expect(urls).toHaveLength(3);
    expect(urls[0]).toContain('<loc>https://s.test/blog/a-b</loc><lastmod>2030-01-01T00:00:00.000Z</lastmod>');
    expect(urls[1]).toContain('<loc>https://s.test/blog/c?lang=ar</loc>');
    expect(urls[2]).toContain('<loc>https://s.test/blog/d?lang=ir</loc>');
    for (const url of urls) {
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://s.test/blog/a-b"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://s.test/blog/c?lang=ar"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="fa" href="https://s.test/blog/d?lang=ir"/>');
      expect(url).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://s.test/blog/a-b"/>');
    }
  });

  it('are escaped XML with an optional lastmod', () => {
    expect(escapeXml(`a&b<c>'"`)).toBe('a&amp;b&lt;c&gt;&apos;&quot;');
    const one = { locales: ['en'], defaultLocale: 'en' };
    expect(localizedUrlsXml(() => '/?a=1&b=2', 'https://s.test', one, '2030-01-01T00:00:00.000Z')).toBe(
      '<url><loc>https://s.test/?a=1&amp;b=2</loc><lastmod>2030-01-01T00:00:00.000Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="https://s.test/?a=1&amp;b=2"/><xhtml:link rel="alternate" hreflang="x-default" href="https://s.test/?a=1&amp;b=2"/></url>\n',
    );
    expect(sitemapIndexXml(['https://s.test/sitemap-pages-1.xml'])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://s.test/sitemap-pages-1.xml</loc></sitemap>\n</sitemapindex>',
    );
  });
});
