import type { APIRoute } from 'astro';
import { SESSION_COOKIE, XSRF_COOKIE, xsrfTokenMatches } from '../server/http/xsrf';
import { apiPost } from '../server/pages/page-api';
import { postedForm } from '../server/page-data/forms';
import { ApiError } from '../lib/api-envelope';

/**
 * Logout without JavaScript: the logout dialog's form posts here, carrying the XSRF token
 * as a field (a form cannot send the header). The page middleware has refused other
 * sites' posts already; the token makes sure this page's own form sent it. With
 * JavaScript the dialog calls GET /api/logout instead (docs/product.md §4.4).
 */
export const POST: APIRoute = async ({ request, cookies, locals, redirect }) => {
  const form = await postedForm(request);
  const echoed = form.get('_token');
  if (!xsrfTokenMatches(typeof echoed === 'string' ? echoed : null, cookies.get(XSRF_COOKIE)?.value)) {
    return new Response(locals.shop.t('CSRF token mismatch.'), { status: 419, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const session = cookies.get(SESSION_COOKIE)?.value;
  if (locals.shop.user && session) {
    try {
      await apiPost('/logout', { request, locale: locals.shop.locale, token: session });
    } catch (error) {
      // Already signed out elsewhere (401), or the token could not be revoked now: either
      // way this browser is signed out (docs/product.md §4.4); the token still expires on its own.
      if (!(error instanceof ApiError && error.status === 401)) console.error('Logout could not revoke the session token', error instanceof Error ? error.message : error);
    }
  }
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return redirect('/', 303);
};

/** Signing out changes state: only the form's POST does it (GET /api/logout is the API's). */
export const ALL: APIRoute = () => new Response(null, { status: 405, headers: { Allow: 'POST' } });
