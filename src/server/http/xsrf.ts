import { randomBytes } from 'node:crypto';

export { SESSION_COOKIE, XSRF_COOKIE } from '../../contracts/http';

/** A new value for the XSRF-TOKEN cookie that scripts echo in X-XSRF-TOKEN. */
export const newXsrfToken = () => randomBytes(20).toString('hex');

/**
 * Whether a token a client echoed (the X-XSRF-TOKEN header, which scripts may send
 * URL-encoded, or a form's `_token` field) is the XSRF-TOKEN cookie's value.
 */
export function xsrfTokenMatches(echoed: string | null | undefined, cookie: string | undefined): boolean {
  if (!echoed || !cookie) return false;
  try {
    return decodeURIComponent(echoed) === cookie;
  } catch {
    return false; // Malformed percent-encoding: a mismatch like any other.
  }
}

/** Readable by scripts (they echo it), sent only to this site. */
export const xsrfCookieOptions = (secure: boolean) => ({ path: '/', sameSite: 'lax' as const, secure, httpOnly: false });
