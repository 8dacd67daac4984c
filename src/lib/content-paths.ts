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
