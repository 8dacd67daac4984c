import { createMiddleware } from 'hono/factory';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { unauthenticated } from '../../http/errors';
import { readCredentials } from '../../http/credentials';
import { SESSION_COOKIE } from '../../http/xsrf';
import { userIdForToken } from './tokens';

/** Resolves the signed-in user, if any, into c.var.userId and c.var.token. */
export const authenticate = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    // A bearer token that signs nobody in is a guest: the cookie beside it is not read.
    const credentials = readCredentials(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    if (credentials.kind === 'malformed') throw unauthenticated();
    const token = credentials.kind === 'none' ? null : credentials.token;
    if (token) {
      const sessions = (c.env as AppEnv['Bindings'] | undefined)?.sessions;
      let lookup = sessions?.get(token);
      if (!lookup) {
        lookup = userIdForToken(c.var.db, token);
        sessions?.set(token, lookup);
      }
      const userId = await lookup;
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
