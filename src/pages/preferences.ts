import type { APIRoute } from 'astro';
import { PREFERENCE_COOKIE_MAX_AGE_SECONDS } from '../lib/cookies';
import { field, postedForm, returnPath } from '../server/page-data/forms';

/**
 * The navbar's language and currency form (components/nav/ShopPreferences.astro) posts here,
 * with or without JavaScript: a language or currency the shop offers is kept in its cookie
 * (the server renders pages by it, docs/product.md §4.1, §4.2) and the shopper goes back to
 * the page they were on. Anything else is ignored, so a bad value changes nothing.
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await postedForm(request);
  const { master } = locals.shop;
  const options = { path: '/', maxAge: PREFERENCE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax' as const, secure: locals.https };
  const locale = field(form, 'locale');
  if (master.languages.some((language) => language.name === locale)) cookies.set('locale', locale, options);
  const currency = field(form, 'currency');
  if (master.currencies.some((item) => item.name === currency)) cookies.set('currency', currency, options);
  return redirect(returnPath(field(form, 'return_to'), '/'), 303);
};

export const ALL: APIRoute = () => new Response(null, { status: 405, headers: { Allow: 'POST' } });
