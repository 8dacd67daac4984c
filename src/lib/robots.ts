/**
 * robots.txt: everything may be crawled except the API and the pages of a signed-in
 * account (a crawler only ever sees them redirect to /). Rules match by prefix, so
 * `/shop` alone would also block `/shops`: `$` ends a rule exactly there.
 */
export const DISALLOWED = [
  '/api/',
  '/dashboard',
  '/order-history',
  '/wishlist',
  '/profile',
  '/manage-address',
  '/change-password',
  '/support-tickets',
  '/support-ticket/',
  '/shop$',
  '/shop/',
  '/checkout',
  '/buynow',
] as const;

export function robotsTxt(siteUrl: string): string {
  const rules = DISALLOWED.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).toString()}\n`;
}
