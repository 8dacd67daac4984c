/**
 * Where content lives on the storefront: the one way to write a link to a page or a list
 * (pages, components, sitemap, preview links).
 */

/** Legal pages with a route of their own (docs/product.md §2.1); any other is /page/{slug}. */
const OWN_ROUTES = new Set(['terms-and-conditions', 'privacy-policy', 'about-us']);

export function legalPagePath(slug: string): string {
  return OWN_ROUTES.has(slug) ? `/${slug}` : `/page/${slug}`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** Shops are addressed by id (docs/product.md §2.1: /shops/{id}); a slug URL works too but points here. */
export function shopPath(id: number): string {
  return `/shops/${id}`;
}

/**
 * Categories are addressed by slug; the category menu's /categories/{id} points here.
 * A sub-category and an order narrow the same page.
 */
export function categoryPath(slug: string, query: { subcategory?: string | number | undefined; sort_type?: string | undefined } = {}): string {
  return `/categories/${encodeURIComponent(slug)}${search({ subcategory: query.subcategory, sort_type: query.sort_type })}`;
}

/** The blog's list, optionally of one category and searched. */
export function blogListPath(query: { category?: number | undefined; search?: string | undefined } = {}): string {
  return `/blogs${search({ category: query.category, search: query.search })}`;
}

/** The list of shops, optionally searched. */
export function shopListPath(query: { search?: string | undefined } = {}): string {
  return `/shops${search({ search: query.search })}`;
}

export function productPath(id: number): string {
  return `/products/${id}/details`;
}

/** `?…` of the given parameters in their order, blanks left out; nothing when none is left. */
function search(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  return query.size ? `?${query}` : '';
}
