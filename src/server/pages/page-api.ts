import { env } from '../env';
import { getApp } from '..';
import { pagePeer } from '../http/client-ip';
import { readEnvelope, type Envelope } from '../../lib/api-envelope';

export interface PageApiOptions {
  /** The page request, whose cookies (session) travel with GET calls. */
  request: Request;
  locale: string;
  /** Calls as this signed-in user (the session cookie's token) instead of forwarding cookies. */
  token?: string | undefined;
  /** More request headers (the outbox key of the operator's outbox page). */
  headers?: Record<string, string> | undefined;
}

export interface PageApiPostOptions extends PageApiOptions {
  /** A JSON body, or FormData sent as multipart (a file); the page middleware checked the request's origin already. */
  body?: unknown;
}

// One page render's token lookups (AppBindings.sessions), kept with the page request: a
// signed-in page calls the API several times with the same session.
const sessionsByRender = new WeakMap<Request, Map<string, Promise<number | null>>>();

function renderSessions(request: Request): Map<string, Promise<number | null>> {
  let sessions = sessionsByRender.get(request);
  if (!sessions) sessionsByRender.set(request, (sessions = new Map()));
  return sessions;
}

/** Resolves to the envelope or rejects with an ApiError (lib/api-envelope.ts), as islands do. */
async function callApi<T>(path: string, method: 'GET' | 'POST', { request, locale, token, body, headers: extra }: PageApiPostOptions): Promise<Envelope<T>> {
  const headers = new Headers({
    ...extra,
    Accept: 'application/json',
    'Accept-Language': locale,
    'X-Requested-With': 'XMLHttpRequest',
  });
  // A bearer token needs no XSRF echo. Cookies travel with reads only: a page's own
  // POST is not a cookie-authenticated call from a browser script.
  const cookie = request.headers.get('cookie');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else if (cookie && method === 'GET') headers.set('Cookie', cookie);
  // FormData sets its own multipart Content-Type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  const remote = env().API_URL;
  // Rate limits count the page's client. In-process, the API gets the page's peer as a
  // binding and its X-Forwarded-For as it came; a remote API sees this server as the peer,
  // so the page's peer is appended, as a proxy does (that API's TRUST_PROXY names this server).
  const peer = pagePeer(request);
  const forwarded = request.headers.get('x-forwarded-for');
  const forwardedFor = remote && peer?.address ? [forwarded, peer.address].filter(Boolean).join(', ') : forwarded;
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  const init = { method, headers, ...(body !== undefined ? { body: multipart ? body : JSON.stringify(body) } : {}) };
  const response = remote
    ? await fetch(new URL(`api${path}`, remote.endsWith('/') ? remote : `${remote}/`), init)
    : await (await getApp()).request(`/api${path}`, init, { ...(peer ? { peer } : {}), sessions: renderSessions(request) });
  return readEnvelope<T>(response);
}

/**
 * Calls the API from page code exactly as a browser would (same path, headers and
 * envelope), in-process by default or on API_URL when a remote backend is configured.
 * Returns the envelope's `data`.
 */
export async function apiGet<T>(path: string, options: PageApiOptions): Promise<T> {
  return (await callApi<T>(path, 'GET', options)).data;
}

/** A POST from page code (a form submitted without JavaScript); returns the whole envelope. */
export function apiPost<T>(path: string, options: PageApiPostOptions): Promise<Envelope<T>> {
  return callApi<T>(path, 'POST', options);
}
