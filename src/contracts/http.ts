/** Names both sides of the API agree on (docs/product.md §7, docs/decisions/007-auth-model.md). */

/** The httpOnly cookie carrying the browser's session token. */
export const SESSION_COOKIE = 'session';
/** Readable by scripts, which echo it in XSRF_HEADER on unsafe requests. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
