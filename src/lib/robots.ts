import { ACCOUNT_ROUTES, PRIVATE_STOREFRONT_PATHS } from './account-routes';

/**
 * robots.txt: everything may be crawled except the API and the pages that need a
 * signed-in user (a crawler only ever sees them redirect to /), read from the one table
 * of account routes. Rules match by prefix, so `/shop` alone would also block `/shops`:
 * each path is closed exactly (`$`), with its query (`?`) and its sub-pages (`/`).
 */
export const DISALLOWED: readonly string[] = [
  '/api/',
  ...[...ACCOUNT_ROUTES.map((route) => route.path), ...PRIVATE_STOREFRONT_PATHS].flatMap((path) => [`${path}$`, `${path}?`, `${path}/`]),
];

export function robotsTxt(siteUrl: string): string {
  const rules = DISALLOWED.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).toString()}\n`;
}
