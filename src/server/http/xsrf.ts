import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** A new value for the XSRF-TOKEN cookie that scripts echo in X-XSRF-TOKEN. */
export const newXsrfToken = () => randomBytes(20).toString('hex');

/** Readable by scripts (they echo it), sent only to this site. */
export const xsrfCookieOptions = (secure: boolean) => ({ path: '/', sameSite: 'lax' as const, secure, httpOnly: false });
