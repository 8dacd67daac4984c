/**
 * Headers sent with every response (pages, API, static files). Pages replace this CSP
 * with the one Astro computes (astro.config.mjs: the same directives plus the hashes of
 * the page's scripts and styles); this one covers API answers and static files.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  // Isolated from other sites' windows, except the windows this site opens itself: the
  // social login window must reach back to the page that opened it (modules/social-auth).
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};
