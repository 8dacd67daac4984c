import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { unauthenticated } from '../../http/errors';
import { SESSION_COOKIE } from '../../http/xsrf';
import { userIdForToken } from './tokens';

/** The bearer token of a request: the Authorization header (docs/product.md §7.1), else the session cookie (ADR 007). */
export function requestToken(authorization: string | undefined, sessionCookie: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? sessionCookie ?? null;
}

/** Resolves the signed-in user, if any, into c.var.userId and c.var.token. */
export const authenticate = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = requestToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    if (token) {
      const userId = await userIdForToken(c.var.db, token);
      if (userId) {
        c.set('userId', userId);
        c.set('token', token);
      }
    }
    await next();
  });

/** Guards routes that need a signed-in user (docs/product.md §6.2): 401 Unauthenticated. otherwise. */
export const requireUser = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.userId) throw unauthenticated();
    await next();
  });
