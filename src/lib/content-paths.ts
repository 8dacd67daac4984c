/**
 * Where content lives on the storefront, for links built away from the page that shows
 * it (sitemap, preview links).
 */

/** Legal pages with a route of their own (spec, section 2); any other is /page/{slug}. */
const OWN_ROUTES = new Set(['terms-and-conditions', 'privacy-policy', 'about-us']);

export function legalPagePath(slug: string): string {
  return OWN_ROUTES.has(slug) ? `/${slug}` : `/page/${slug}`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/** Shops are addressed by id (spec: /shops/{id}); a slug URL works too but points here. */
export function shopPath(id: number): string {
  return `/shops/${id}`;
}

/** Categories are addressed by slug; the category menu's /categories/{id} points here. */
export function categoryPath(slug: string): string {
  return `/categories/${slug}`;
}

export function productPath(id: number): string {
  return `/products/${id}/details`;
}
