import { ApiError } from '../../lib/api-envelope';
import type { PageRequest } from './outcome';

/**
 * How loaders call the API (page-api.ts) and read its refusals. Only loaders recover from
 * API errors; a page never sees one except as a 404 or a redirect.
 */

/** The options page-api needs: the page request (cookies, peer) and the shopper's language. */
export function apiCall(req: PageRequest): { request: Request; locale: string } {
  return { request: req.request, locale: req.shop.locale };
}

/** A refusal the API answered (status, message, per-field errors of a 422). */
export type ApiRefusal = ApiError;

/** The API's refusal carried by an error page-api threw, or null for any other error. */
export function apiRefusal(error: unknown): ApiRefusal | null {
  return error instanceof ApiError ? error : null;
}

/** The refusal when the API answered one of `statuses`; any other error is thrown again. */
export function refusedWith(error: unknown, ...statuses: number[]): ApiRefusal {
  const refusal = apiRefusal(error);
  if (refusal && statuses.includes(refusal.status)) return refusal;
  throw error;
}

/**
 * What a refused form says in its flash message: the first field's first message, else
 * the API's own. Refusals other than `statuses` are thrown again.
 */
export function refusalMessage(error: unknown, ...statuses: number[]): string {
  const refusal = refusedWith(error, ...statuses);
  return Object.values(refusal.errors ?? {})[0]?.[0] ?? refusal.message;
}

/**
 * For one thing by its key: the API's 404 (none) or 422 (a key it cannot be) becomes
 * null, which the loader answers with Page Not Found.
 */
export function nullIfMissing(error: unknown): null {
  refusedWith(error, 404, 422);
  return null;
}

/**
 * An editor's preview link (`npm run preview-link`) carries `?preview=<token>`; it goes
 * on to the API, which alone decides whether it opens a draft (docs/decisions/005).
 */
export function previewQuery(url: URL): string {
  const token = url.searchParams.get('preview');
  return token ? `?${new URLSearchParams({ preview: token })}` : '';
}
