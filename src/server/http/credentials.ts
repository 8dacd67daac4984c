/**
 * How a request says who it is (docs/product.md §7.1, ADR 007): a well-formed
 * `Authorization: Bearer <token>` header, or else the session cookie, which a browser sends
 * on its own and so must come with the XSRF header on unsafe requests. An Authorization
 * header of any other form is not a way to sign in, nor a reason to skip that check: it is
 * refused (401), never read beside the cookie.
 */
export type Credentials = { kind: 'bearer'; token: string } | { kind: 'cookie'; token: string } | { kind: 'none' } | { kind: 'malformed' };

const BEARER = /^Bearer +([^\s,]+) *$/i;

export function readCredentials(authorization: string | undefined, sessionCookie: string | undefined): Credentials {
  if (authorization !== undefined) {
    const token = BEARER.exec(authorization)?.[1];
    return token ? { kind: 'bearer', token } : { kind: 'malformed' };
  }
  return sessionCookie ? { kind: 'cookie', token: sessionCookie } : { kind: 'none' };
}
