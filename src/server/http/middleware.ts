import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { createTranslator } from '../../lib/i18n';
import type { AppEnv } from '../context';
import type { Db } from '../db';
import type { Env } from '../env';
import { listLanguages, messagesFor, negotiateLocale } from '../modules/languages/service';
import { type Credentials, readCredentials } from './credentials';
import { ApiError, unauthenticated } from './errors';
import { excerpt } from './log-safe';
import { isCrossSiteForm, ownOrigins } from './origin';
import { isHttps } from './transport';
import { newXsrfToken, SESSION_COOKIE, XSRF_COOKIE, xsrfCookieOptions, xsrfTokenMatches } from './xsrf';

/**
 * Makes the database, configuration and a per-request logger available. The HTTP server
 * writes the access log (serve.ts); here each API call is logged at debug level, since
 * pages call the API in-process several times per render, and failures as errors.
 */
export const requestContext = (deps: { db: Db; config: Env; log: Logger }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('requestId', requestId);
    c.set('log', deps.log.child({ requestId }));
    const peer = c.env?.peer ?? { encrypted: new URL(c.req.url).protocol === 'https:' };
    c.set('https', isHttps(peer, c.req.header('x-forwarded-proto'), deps.config.TRUST_PROXY));
    await next();
    c.header('X-Request-Id', requestId);
    const status = c.res.status;
    const entry = { method: c.req.method, path: excerpt(c.req.path), status, durationMs: Math.round(performance.now() - started) };
    if (status >= 500) c.var.log.error(entry, 'request failed');
    else c.var.log.debug(entry, 'api request');
  });

/** Chooses the language of messages from Accept-Language (docs/product.md §7.1). */
export const localeFromHeader = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { languages, defaultLocale } = await listLanguages(c.var.db);
    const locale = negotiateLocale(
      c.req.header('accept-language'),
      languages.map((language) => language.name),
      defaultLocale,
    );
    c.set('locale', locale);
    c.set('t', createTranslator(locale, (await messagesFor(c.var.db, locale)) ?? {}));
    await next();
    c.header('Content-Language', locale);
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const xsrfHeaderMatches = (c: Context<AppEnv>) => xsrfTokenMatches(c.req.header('x-xsrf-token'), getCookie(c, XSRF_COOKIE));

/**
 * How the request signs in (http/credentials.ts). A malformed Authorization header is a 401
 * here, before any route: it must not pass for a token and let the cookie skip the XSRF check.
 */
function credentialsOf(c: Context<AppEnv>): Credentials {
  const credentials = readCredentials(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
  if (credentials.kind === 'malformed') throw unauthenticated();
  return credentials;
}

/** Authenticated by the session cookie: what a browser sends on its own, from any site. */
const usesSessionCookie = (c: Context<AppEnv>) => credentialsOf(c).kind === 'cookie';

/**
 * Cookie-authenticated unsafe requests must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN
 * (docs/product.md §7.1, ADR 007); a Bearer token is not sent by a browser on its own, so it needs none.
 * A browser's form posted from another site is refused outright (clients without a
 * browser send no Origin and are served). Every response makes sure the browser holds an
 * XSRF-TOKEN cookie to echo.
 */
export const xsrfProtection = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (isCrossSiteForm(c.req.raw, ownOrigins(c.req.header('host') ?? null, c.var.config), { requireOrigin: false })) {
      throw new ApiError(403, 'Cross-site form submissions are forbidden.');
    }
    const cookieSignIn = usesSessionCookie(c);
    if (!SAFE_METHODS.has(c.req.method) && cookieSignIn && !xsrfHeaderMatches(c)) {
      throw new ApiError(419, 'CSRF token mismatch.');
    }
    await next();
    if (!getCookie(c, XSRF_COOKIE)) setCookie(c, XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(c.var.https));
  });

/**
 * For the few reads that change state (GET /logout, docs/product.md §7.2): a cookie-authenticated call
 * needs the XSRF header even as a GET, so a link on another site cannot make it.
 */
export const requireXsrfForCookie = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (usesSessionCookie(c) && !xsrfHeaderMatches(c)) throw new ApiError(419, 'CSRF token mismatch.');
    await next();
  });
