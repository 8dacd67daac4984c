import type { MiddlewareHandler } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isAccountPath } from './lib/account-routes';
import { env } from './server/env';
import { rememberPagePeer } from './server/http/client-ip';
import { takeFlash } from './server/http/flash';
import { isUnavailable, unavailablePage } from './server/http/unavailable-page';
import { declaresTooLargeForm } from './server/page-data/forms';
import { isCrossSiteForm, ownOrigins } from './server/http/origin';
import { isHttps, type Peer } from './server/http/transport';
import { newXsrfToken, SESSION_COOKIE, XSRF_COOKIE, xsrfCookieOptions } from './server/http/xsrf';
import { loadPageContext } from './server/pages/page-context';
import { allowFormRedirects } from './server/modules/payments/page-csp';
import { paymentPageOrigins } from './server/modules/payments/stripe';
import { ALL as api } from './pages/api/[...path]';

const API_ROUTE = '/api/[...path]';

/**
 * The socket's peer. Astro's clientAddress is the peer itself while astro.config sets no
 * `security.allowedDomains`; it throws where the adapter cannot tell (never in production).
 */
function socketPeer(context: { clientAddress: string; url: URL }): Peer {
  let address: string | undefined;
  try {
    address = context.clientAddress;
  } catch {
    address = undefined;
  }
  return { address, encrypted: context.url.protocol === 'https:' };
}

/**
 * Pages get the shop's settings, language, currency and user in `Astro.locals.shop`.
 * Account pages send a guest to / here, before any of their content is rendered.
 * The API (`/api`) guards itself: it serves clients without a browser and answers in JSON.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.url.pathname === '/api' || context.url.pathname.startsWith('/api/')) {
    // Astro's router cannot match a path holding a line break (`/api/shops/1%0A`) and
    // would render the 404 page; the API answers those too, in JSON.
    return context.routePattern === API_ROUTE ? next() : api(context);
  }
  try {
    return await pageRequest(context, next);
  } catch (error) {
    // The database is restarting or out of reach: a plain "try again" page, not the 500 page.
    if (isUnavailable(error)) return unavailablePage(context.cookies.get('locale')?.value, context.url);
    throw error;
  }
});

async function pageRequest(context: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]): Promise<Response> {
  const peer = socketPeer(context);
  // Page code calling the API in-process passes the page's peer on (rate limits).
  rememberPagePeer(context.request, peer);
  const https = isHttps(peer, context.request.headers.get('x-forwarded-proto'), env().TRUST_PROXY);
  // Only browsers post the pages' forms, and they always send Origin: another site's is refused.
  if (isCrossSiteForm(context.request, ownOrigins(context.request.headers.get('host'), env()), { requireOrigin: true })) {
    return new Response('Cross-site form submissions are forbidden.', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  if (declaresTooLargeForm(context.request, context.url.pathname)) {
    return new Response('The form is too large.', { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' } });
  }
  context.locals.shop = await loadPageContext(context.request, {
    // `?lang=` (the hreflang links for crawlers) wins over the shopper's cookie, for this page only.
    locale: context.url.searchParams.get('lang') ?? context.cookies.get('locale')?.value,
    currency: context.cookies.get('currency')?.value,
    session: context.cookies.get(SESSION_COOKIE)?.value,
  });
  context.locals.https = https;
  context.locals.flash = takeFlash(context.cookies);
  const session = context.cookies.get(SESSION_COOKIE)?.value;
  // A session that no longer signs anyone in is dropped, so later pages skip the lookup.
  if (session && !context.locals.shop.user) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  if (!context.locals.shop.user && isAccountPath(context.url.pathname)) return context.redirect('/', 302);
  // A signed-in shopper's islands echo this cookie in X-XSRF-TOKEN (a cookie session's
  // unsafe calls need it). A guest needs none: their pages stay cookie-free, so they can be
  // cached (docs/decisions/018-page-cache.md), and the API hands the cookie out with its
  // first answer, the sign-in's included.
  const signedIn = Boolean(context.locals.shop.user);
  if (signedIn && !context.cookies.has(XSRF_COOKIE)) context.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(https));
  // Checkout and "pay now" forms are answered with a redirect to the payment provider's page.
  const response = allowFormRedirects(await next(), paymentPageOrigins(env()));
  // What a signed-in shopper sees is theirs alone: no shared cache may keep it.
  if (signedIn) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
