import { SITEMAP_KINDS, type SitemapEntry, type SitemapKind, type SitemapSummary } from '../contracts/sitemap';
import { blogPostPath, categoryPath, legalPagePath, productPath, shopPath } from './content-paths';
import { languageTag } from './locales';

/**
 * Sitemap files (sitemaps.org): one `<urlset>` while the shop is small, else an index of
 * files that each cover a fixed id range of one kind, so a file's URLs do not move
 * between files as the catalogue grows. The protocol allows 50,000 URLs per file, and
 * every page is listed once per language (docs/product.md §9.1), so a file covers the ids
 * whose pages in three languages stay within it.
 */
export const URLS_PER_FILE = 15_000;

/** The shop's languages as a sitemap lists them: one URL per page and language, each naming the others. */
export interface SitemapLanguages {
  locales: readonly string[];
  defaultLocale: string;
}

/** Storefront pages that are always there; they open the `pages` file. */
export const STATIC_PATHS = ['/', '/products', '/categories', '/shops', '/most-popular', '/best-deal', '/blogs', '/contact-us', '/support'] as const;

/** The entry's page in `locale` (its slug in that language where it has one). */
export function entryPath(kind: SitemapKind, entry: SitemapEntry, locale?: string): string {
  const slug = (locale && entry.slugs?.[locale]) || entry.slug;
  switch (kind) {
    case 'pages':
      return legalPagePath(slug);
    case 'categories':
      return categoryPath(slug);
    case 'shops':
      return shopPath(entry.id);
    case 'blogs':
      return blogPostPath(slug);
    case 'products':
      return productPath(entry.id);
  }
}

/** One file of the index: a kind and its n-th id range. */
export interface SitemapFile {
  kind: SitemapKind;
  page: number;
}

/** Ids are an upper bound on rows, so when this says one file, one file is enough. */
export function fitsOneFile(summary: SitemapSummary): boolean {
  return STATIC_PATHS.length + SITEMAP_KINDS.reduce((sum, kind) => sum + summary[kind].max_id, 0) <= URLS_PER_FILE;
}

/** A page's address in `locale`: crawlers ask for a language with `?lang=` (lib/seo.ts). */
function inLanguage(path: string, siteUrl: string, locale: string, languages: SitemapLanguages): string {
  const url = new URL(path, siteUrl);
  if (locale !== languages.defaultLocale) url.searchParams.set('lang', locale);
  return url.toString();
}

/**
 * A page's `<url>` in each language, each naming all of them and the default as
 * `xhtml:link` alternates (Google's sitemap form of hreflang). `pathIn` gives the page's
 * path in a language.
 */
export function localizedUrlsXml(pathIn: (locale: string) => string, siteUrl: string, languages: SitemapLanguages, lastmod?: string | null): string {
  const href = (locale: string) => inLanguage(pathIn(locale), siteUrl, locale, languages);
  const links = [
    ...languages.locales.map((locale) => `<xhtml:link rel="alternate" hreflang="${escapeXml(languageTag(locale))}" href="${escapeXml(href(locale))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(href(languages.defaultLocale))}"/>`,
  ].join('');
  return languages.locales.map((locale) => `<url><loc>${escapeXml(href(locale))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>\n`).join('');
}

export function sitemapFiles(summary: SitemapSummary): SitemapFile[] {
  return SITEMAP_KINDS.flatMap((kind) => {
    // The pages file always exists: it carries the static pages.
    const count = Math.max(kind === 'pages' ? 1 : 0, Math.ceil(summary[kind].max_id / URLS_PER_FILE));
    return Array.from({ length: count }, (_, index) => ({ kind, page: index + 1 }));
  });
}

export const sitemapFilePath = ({ kind, page }: SitemapFile) => `/sitemap-${kind}-${page}.xml`;

/** The ids a file covers: after its start, up to and including its end. */
export function fileRange(page: number): { after: number; until: number } {
  return { after: (page - 1) * URLS_PER_FILE, until: page * URLS_PER_FILE };
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`);
}

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

export function sitemapIndexXml(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}</sitemapindex>\n`;
}
