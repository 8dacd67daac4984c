import { defineMiddleware } from 'astro:middleware';
import { loadPageContext } from './server/page-context';

/** Pages get the shop's settings, language and translator in `Astro.locals.shop`. */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.url.pathname.startsWith('/api/')) return next();
  context.locals.shop = await loadPageContext(context.request, {
    locale: context.cookies.get('locale')?.value,
    currency: context.cookies.get('currency')?.value,
  });
  return next();
});
