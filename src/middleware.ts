import { defineMiddleware } from 'astro:middleware';
import { loadPageContext } from './server/page-context';
import { newXsrfToken, XSRF_COOKIE, xsrfCookieOptions } from './server/http/xsrf';

/** Pages get the shop's settings, language and translator in `Astro.locals.shop`. */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.url.pathname.startsWith('/api/')) return next();
  context.locals.shop = await loadPageContext(context.request, {
    locale: context.cookies.get('locale')?.value,
    currency: context.cookies.get('currency')?.value,
  });
  // Islands echo this cookie in X-XSRF-TOKEN; hand it out with the first page.
  if (!context.cookies.has(XSRF_COOKIE)) {
    context.cookies.set(XSRF_COOKIE, newXsrfToken(), xsrfCookieOptions(context.url.protocol === 'https:'));
  }
  return next();
});
