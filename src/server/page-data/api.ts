import type { PageRequest } from './outcome';

/**
 * How loaders call the API (page-api.ts) and read its refusals. Only loaders recover from
 * API errors; a page never sees one except as a 404 or a redirect.
 */

/** The options page-api needs: the page request (cookies, peer) and the shopper's language. */
export function apiCall(req: PageRequest): { request: Request; locale: string } {
  return { request: req.request, locale: req.shop.locale };
}

export interface ApiRefusal {
  status: number;
  message: string;
  /** The per-field messages of a 422. */
  errors: Record<string, string[]>;
}

/** The API's answer carried by an error page-api threw (status, message, field errors), or null for any other error. */
export function apiRefusal(error: unknown): ApiRefusal | null {
  if (!(error instanceof Error) || !('status' in error) || typeof error.status !== 'number') return null;
  const errors = 'errors' in error && error.errors && typeof error.errors === 'object' ? (error.errors as Record<string, string[]>) : {};
  return { status: error.status, message: error.message, errors };
}

/** The refusal when the API answered one of `statuses`; any other error is thrown again. */
export function refusedWith(error: unknown, ...statuses: number[]): ApiRefusal {
  const refusal = apiRefusal(error);
  if (refusal && statuses.includes(refusal.status)) return refusal;
  throw error;
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
