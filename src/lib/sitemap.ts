import { SITEMAP_KINDS, type SitemapEntry, type SitemapKind, type SitemapSummary } from '../contracts/sitemap';
import { blogPostPath, categoryPath, legalPagePath, productPath, shopPath } from './content-paths';

/**
 * Sitemap files (sitemaps.org): one `<urlset>` while the shop is small, else an index of
 * files that each cover a fixed id range of one kind, so a file's URLs do not move
 * between files as the catalogue grows. The protocol allows 50,000 URLs per file.
 */
export const URLS_PER_FILE = 40_000;

/** Storefront pages that are always there; they open the `pages` file. */
export const STATIC_PATHS = ['/', '/products', '/categories', '/shops', '/most-popular', '/best-deal', '/blogs', '/contact-us', '/support'] as const;

export function entryPath(kind: SitemapKind, entry: SitemapEntry): string {
  switch (kind) {
    case 'pages':
      return legalPagePath(entry.slug);
    case 'categories':
      return categoryPath(entry.slug);
    case 'shops':
      return shopPath(entry.id);
    case 'blogs':
      return blogPostPath(entry.slug);
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

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = '</urlset>\n';

export function urlXml(loc: string, lastmod?: string | null): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

export function sitemapIndexXml(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}</sitemapindex>\n`;
}
