import { defineMiddleware } from 'astro:middleware';
import { isAccountPath } from './lib/account-routes';
import { newXsrfToken, SESSION_COOKIE, XSRF_COOKIE, xsrfCookieOptions } from './server/http/xsrf';
import { loadPageContext } from './server/page-context';

/**
 * Pages get the shop's settings, language, currency and user in `Astro.locals.shop`.
 * Account pages send a guest to / here, before any of their content is rendered.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.url.pathname.startsWith('/api/')) return next();
  context.locals.shop = await loadPageContext(context.request, {
    // `?lang=` (the hreflang links for crawlers) wins over the shopper's cookie, for this page only.
    locale: context.url.searchParams.get('lang') ?? context.cookies.get('locale')?.value,
    currency: context.cookies.get('currency')?.value,
    session: context.cookies.get(SESSION_COOKIE)?.value,
  });
  const session = context.cookies.get(SESSION_COOKIE)?.value;
  // A session that no longer signs anyone in is dropped, so later pages skip the lookup.
  if (session && !context.locals.shop.user) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  if (!context.locals.shop.user && isAccountPath(context.url.pathname)) return context.redirect('/', 302);
  // Islands echo this cookie in X-XSRF-TOKEN; hand it out with the first page (not with
  // cacheable files such as sitemap.xml, robots.txt and theme.css).
  if (!context.cookies.has(XSRF_COOKIE) && !/\.(xml|txt|css)$/.test(context.url.pathname)) {
    context.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(context.url.protocol === 'https:'));
  }
  return next();
});
