/**
 * One step of a breadcrumb trail. The last item is the current page; it may leave out
 * `href` (it is not a link in the visible trail).
 */
export interface BreadcrumbItem {
  name: string;
  href?: string | undefined;
}

/**
 * schema.org BreadcrumbList for search engines. Relative hrefs become absolute on
 * `siteUrl`; an item without href (the current page) is listed without `item`, which
 * schema.org allows for the last crumb.
 */
export function buildBreadcrumbJsonLd(items: readonly BreadcrumbItem[], siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.href ? { item: new URL(crumb.href, siteUrl).toString() } : {}),
    })),
  };
}
