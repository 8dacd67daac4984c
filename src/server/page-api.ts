import { env } from './env';
import { getApp } from '.';

export class PageApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PageApiOptions {
  /** The page request, whose cookies (session) travel with the call. */
  request: Request;
  locale: string;
  /** Calls as this signed-in user (the session cookie's token) instead of forwarding cookies. */
  token?: string | undefined;
  method?: 'GET' | 'POST';
}

/**
 * Calls the API from page code exactly as a browser would (same path, headers and
 * envelope), in-process by default or on API_URL when a remote backend is configured.
 * Returns the envelope's `data`.
 */
export async function apiGet<T>(path: string, { request, locale, token, method = 'GET' }: PageApiOptions): Promise<T> {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': locale,
    'X-Requested-With': 'XMLHttpRequest',
  });
  // A bearer token needs no XSRF echo; cookies travel only when no token is given.
  const cookie = request.headers.get('cookie');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else if (cookie) headers.set('Cookie', cookie);
  const remote = env().API_URL;
  const response = remote
    ? await fetch(new URL(`api${path}`, remote.endsWith('/') ? remote : `${remote}/`), { method, headers })
    : await (await getApp()).request(`/api${path}`, { method, headers });
  const body = (await response.json().catch(() => ({}))) as { message?: string; data?: T };
  if (!response.ok) throw new PageApiError(response.status, body.message ?? response.statusText);
  return body.data as T;
}
