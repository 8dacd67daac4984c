import { expect, test } from '@playwright/test';
import { BLOG_POSTS } from '../../src/server/db/seed/data/blog';
import { LEGAL_PAGES } from '../../src/server/db/seed/data/legal';
import { slugify } from '../../src/server/db/seed/util';
import { startFarIdServer } from './support/sitemap-server';

// What crawlers fetch is the same on every screen: one run is enough.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1280, 'requests only');

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
/** The demo's languages: each page is listed once per language, the others with `?lang=` (docs/product.md §9.1). */
const LANGUAGES = 3;
const inDefaultLanguage = (url: string) => !new URL(url).searchParams.has('lang');

test.describe('robots.txt', () => {
  test('allows the storefront, keeps crawlers out of the API and accounts, and names the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    expect(lines).toContain('Disallow: /api/');
    // Each private path is closed exactly, with its query and its sub-pages (lib/robots.ts).
    for (const path of [
      '/dashboard',
      '/order-history',
      '/wishlist',
      '/profile',
      '/manage-address',
      '/change-password',
      '/support-tickets',
      '/support-ticket',
      '/shop',
      '/checkout',
      '/buynow',
    ]) {
      for (const rule of [`${path}$`, `${path}?`, `${path}/`]) expect(lines).toContain(`Disallow: ${rule}`);
    }
    expect(lines).not.toContain('Disallow: /shop');
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe('sitemap', () => {
  test('lists every public page of a small shop in one file, and no drafts', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
    );
    const all = locs(xml);
    expect(new Set(all).size).toBe(all.length);
    for (const url of all) expect(url.startsWith(`${baseURL}/`), url).toBe(true);
    const urls = all.filter(inDefaultLanguage);
    expect(all).toHaveLength(urls.length * LANGUAGES);
    for (const lang of ['ar', 'ir']) expect(all).toContain(`${baseURL}/products?lang=${lang}`);
    const paths = urls.map((url) => url.slice(baseURL!.length));

    for (const path of ['/', '/products', '/categories', '/shops', '/blogs', '/contact-us', '/terms-and-conditions', '/privacy-policy', '/about-us', '/page/return-policy']) {
      expect(paths, path).toContain(path);
    }
    for (const post of BLOG_POSTS) expect(paths.includes(`/blog/${slugify(post.title)}`), post.title).toBe(!post.draft);
    for (const page of LEGAL_PAGES.filter((legal) => legal.status === 'draft')) expect(paths.join(' ')).not.toContain(page.slug);

    const { total } = (await (await request.get('/api/products?per_page=1')).json()).data;
    expect(paths.filter((path) => /^\/products\/\d+\/details$/.test(path))).toHaveLength(total);
    const { categories } = (await (await request.get('/api/categories')).json()).data;
    for (const category of categories) expect(paths).toContain(`/categories/${category.slug}`);
    const shops = (await (await request.get('/api/shops?per_page=100')).json()).data;
    expect(paths.filter((path) => path.startsWith('/shops/'))).toHaveLength(shops.total);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  test('links pages that exist', async ({ request, baseURL }) => {
    const paths = locs(await (await request.get('/sitemap.xml')).text())
      .filter(inDefaultLanguage)
      .map((url) => url.slice(baseURL!.length));
    const sample = [...paths.filter((path) => !path.startsWith('/products/')), ...paths.filter((path) => path.startsWith('/products/')).slice(0, 3)];
    for (const path of sample) expect((await request.get(path)).status(), path).toBe(200);
  });

  test('splits into an index of files by id range when the catalogue is large', async ({ request }) => {
    test.setTimeout(120_000);
    const server = await startFarIdServer(30_001);
    try {
      const get = (path: string) => request.get(`${server.baseURL}${path}`);
      const index = await (await get('/sitemap.xml')).text();
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index).map((url) => new URL(url).pathname);
      expect(files).toEqual([
        '/sitemap-pages-1.xml',
        '/sitemap-categories-1.xml',
        '/sitemap-shops-1.xml',
        '/sitemap-blogs-1.xml',
        '/sitemap-products-1.xml',
        '/sitemap-products-2.xml',
        '/sitemap-products-3.xml',
      ]);
      const pages = locs(await (await get('/sitemap-pages-1.xml')).text())
        .filter(inDefaultLanguage)
        .map((url) => new URL(url).pathname);
      expect(pages).toEqual(expect.arrayContaining(['/', '/blogs', '/privacy-policy', '/page/return-policy']));
      expect(pages).not.toContain('/page/shipping-policy');
      const blogs = locs(await (await get('/sitemap-blogs-1.xml')).text());
      expect(blogs).toHaveLength(BLOG_POSTS.filter((post) => !post.draft).length * LANGUAGES);
      const { total } = (await (await get('/api/products?per_page=1')).json()).data;
      expect(locs(await (await get('/sitemap-products-1.xml')).text())).toHaveLength((total - 1) * LANGUAGES);
      expect(locs(await (await get('/sitemap-products-2.xml')).text())).toEqual([]);
      expect(locs(await (await get('/sitemap-products-3.xml')).text()).map((url) => `${new URL(url).pathname}${new URL(url).search}`)).toEqual([
        '/products/30001/details',
        '/products/30001/details?lang=ar',
        '/products/30001/details?lang=ir',
      ]);
      for (const missing of ['/sitemap-products-4.xml', '/sitemap-products-0.xml', '/sitemap-users-1.xml']) expect((await get(missing)).status(), missing).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
