import { readEnvelope, type Envelope } from './api-envelope';
import { XSRF_COOKIE, XSRF_HEADER } from '../contracts/http';

/**
 * The islands' one way to call the API (docs/product.md §7): base path /api, and on
 * every request X-Requested-With, Accept-Language from the stored locale and the XSRF
 * token from its cookie. Resolves to the envelope, or rejects with an ApiError
 * (lib/api-envelope.ts).
 */
export interface ApiClientOptions extends RequestInit {
  locale: string;
  /** Bearer token of the signed-in user, when there is one. */
  token?: string | null;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
  } catch {
    return null;
  }
}

export async function apiRequest<T>(path: string, { locale, token, headers, ...init }: ApiClientOptions): Promise<Envelope<T>> {
  const merged = new Headers(headers);
  merged.set('Accept', 'application/json');
  merged.set('X-Requested-With', 'XMLHttpRequest');
  merged.set('Accept-Language', locale);
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) merged.set(XSRF_HEADER, xsrf);
  if (token) merged.set('Authorization', `Bearer ${token}`);
  if (init.body && typeof init.body === 'string' && !merged.has('Content-Type')) merged.set('Content-Type', 'application/json');
  return readEnvelope<T>(await fetch(`/api${path}`, { credentials: 'same-origin', ...init, headers: merged }));
}
