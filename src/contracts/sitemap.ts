/** The sitemap contract (GET /sitemap, GET /sitemap/{kind}): what the sitemap files are built from. No server imports here. */

export const SITEMAP_KINDS = ['pages', 'categories', 'shops', 'blogs', 'products'] as const;

export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** GET /sitemap: the highest public id of each kind. */
export type SitemapSummary = Record<SitemapKind, { max_id: number }>;

/** `updated_at` is null where the table keeps no modification time (categories). */
export interface SitemapEntry {
  id: number;
  slug: string;
  /** The slug in each other language that has one (docs/product.md §9.1); absent for kinds whose slug is not translated. */
  slugs?: Record<string, string>;
  updated_at: string | null;
}
