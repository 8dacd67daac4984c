/**
 * The islands' one way to call the API (spec, section 7): base path /api, and on every
 * request X-Requested-With, Accept-Language from the stored locale and the XSRF token
 * from its cookie. Resolves to the envelope, or rejects with an ApiRequestError.
 */
export interface Envelope<T> {
  message: string;
  data: T;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export interface ApiClientOptions extends RequestInit {
  locale: string;
  /** Bearer token of the signed-in user, when there is one. */
  token?: string | null;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export async function apiRequest<T>(path: string, { locale, token, headers, ...init }: ApiClientOptions): Promise<Envelope<T>> {
  const merged = new Headers(headers);
  merged.set('Accept', 'application/json');
  merged.set('X-Requested-With', 'XMLHttpRequest');
  merged.set('Accept-Language', locale);
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) merged.set('X-XSRF-TOKEN', xsrf);
  if (token) merged.set('Authorization', `Bearer ${token}`);
  if (init.body && typeof init.body === 'string' && !merged.has('Content-Type')) merged.set('Content-Type', 'application/json');
  const response = await fetch(`/api${path}`, { credentials: 'same-origin', ...init, headers: merged });
  const body = (await response.json().catch(() => ({}))) as Partial<Envelope<T>> & { errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiRequestError(response.status, body.message || response.statusText, body.errors);
  return { message: body.message ?? '', data: body.data as T };
}
