import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { createTranslator } from '../../lib/i18n';
import type { AppEnv } from '../context';
import type { Db } from '../db';
import type { Env } from '../env';
import { listLanguages, messagesFor, negotiateLocale } from '../modules/languages/service';
import { ApiError } from './errors';
import { newXsrfToken, SESSION_COOKIE, XSRF_COOKIE, xsrfCookieOptions } from './xsrf';

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
    await next();
    c.header('X-Request-Id', requestId);
    const status = c.res.status;
    const entry = { method: c.req.method, path: c.req.path, status, durationMs: Math.round(performance.now() - started) };
    if (status >= 500) c.var.log.error(entry, 'request failed');
    else c.var.log.debug(entry, 'api request');
  });

/** Chooses the language of messages from Accept-Language (spec, section 7). */
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

/**
 * Cookie-authenticated unsafe requests must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN
 * (spec, section 7); a Bearer token is not sent by a browser on its own, so it needs none.
 * Every response makes sure the browser holds an XSRF-TOKEN cookie to echo.
 */
export const xsrfProtection = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const cookieToken = getCookie(c, XSRF_COOKIE);
    const usesSessionCookie = Boolean(getCookie(c, SESSION_COOKIE)) && !c.req.header('authorization');
    if (!SAFE_METHODS.has(c.req.method) && usesSessionCookie) {
      const headerToken = c.req.header('x-xsrf-token');
      if (!cookieToken || !headerToken || decodeURIComponent(headerToken) !== cookieToken) {
        throw new ApiError(419, 'CSRF token mismatch.');
      }
    }
    await next();
    if (!cookieToken) {
      setCookie(c, XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(new URL(c.req.url).protocol === 'https:'));
    }
  });
