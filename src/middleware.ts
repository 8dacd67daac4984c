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
import { PAGE_CACHE_HEADER, pageCache } from './server/http/page-cache';
import { countCachedProductView } from './server/http/cached-views';
import { personalPage, personalPartsOf, personalPlan, type PersonalPlan } from './server/pages/personal-parts';
import { MAX_FAVORITES_AMONG } from './contracts/cart';

const API_ROUTE = '/api/[...path]';
const PERSONAL_PARTS_ROUTE = '/personal-parts';

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
  const session = context.cookies.get(SESSION_COOKIE)?.value;
  // A signed-in shopper asking for a page this process holds for guests gets those bytes
  // with their own parts put in (server/pages/personal-parts.ts); their favourites among
  // the products it shows are read with their badges.
  const guestCopy = session ? personalizableGuestCopy(context.request) : null;
  context.locals.shop = await loadPageContext(
    context.request,
    {
      // `?lang=` (the hreflang links for crawlers) wins over the shopper's cookie, for this page only.
      locale: context.url.searchParams.get('lang') ?? context.cookies.get('locale')?.value,
      currency: context.cookies.get('currency')?.value,
      session,
    },
    guestCopy?.plan.heartIds,
  );
  context.locals.https = https;
  context.locals.flash = takeFlash(context.cookies);
  // A session that no longer signs anyone in is dropped, so later pages skip the lookup.
  if (session && !context.locals.shop.user) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  if (!context.locals.shop.user && isAccountPath(context.url.pathname)) return context.redirect('/', 302);
  // A signed-in shopper's islands echo this cookie in X-XSRF-TOKEN (a cookie session's
  // unsafe calls need it). A guest needs none: their pages stay cookie-free, so they can be
  // cached (docs/decisions/018-page-cache.md), and the API hands the cookie out with its
  // first answer, the sign-in's included.
  const signedIn = Boolean(context.locals.shop.user);
  if (signedIn && !context.cookies.has(XSRF_COOKIE)) context.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(https));
  // A message from the previous response (a form's outcome) is shown by the page's own render.
  const page = signedIn && guestCopy && !context.locals.flash ? await personalizedPage(context, next, guestCopy) : await next();
  // Checkout and "pay now" forms are answered with a redirect to the payment provider's page.
  const response = allowFormRedirects(page, paymentPageOrigins(env()));
  // What a signed-in shopper sees is theirs alone: no shared cache may keep it.
  if (signedIn) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/** The guest copy of the page asked for, when the page cache holds it fresh and it can be personalized. */
function personalizableGuestCopy(request: Request): (NonNullable<ReturnType<typeof pageCache.guestCopy>> & { plan: PersonalPlan }) | null {
  const copy = pageCache.guestCopy(request);
  const plan = copy && personalPlan(copy.body);
  return copy && plan && plan.heartIds.length <= MAX_FAVORITES_AMONG ? { ...copy, plan } : null;
}

/**
 * The signed-in shopper's page from the guest copy: their personal parts rendered alone
 * (pages/personal-parts.astro, in place of the page) and put into the guest's bytes.
 */
async function personalizedPage(
  context: Parameters<MiddlewareHandler>[0],
  next: Parameters<MiddlewareHandler>[1],
  guestCopy: NonNullable<ReturnType<typeof personalizableGuestCopy>>,
): Promise<Response> {
  context.locals.personalParts = true;
  const parts = personalPartsOf(await (await next(PERSONAL_PARTS_ROUTE)).text());
  const body = personalPage(guestCopy.body, guestCopy.plan, parts, new Set(context.locals.shop.badges.favorite_ids));
  const headers = new Headers([...guestCopy.headers]);
  headers.set(PAGE_CACHE_HEADER, 'PERSONALIZED');
  countCachedProductView(context.request, context.url, context.locals.shop.user!.id);
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
