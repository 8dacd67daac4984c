import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { parse as parseCookies } from 'hono/utils/cookie';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { SESSION_COOKIE } from '../../contracts/http';
import { onInvalidation } from '../cache';
import { keptCountdowns, patchCountdowns, shownSeconds } from './countdown-patch';
import { FLASH_COOKIE } from './flash';

/**
 * The rendered-page cache of guest pages (docs/decisions/018-page-cache.md). Pages that do
 * not depend on who is asking declare it with Astro's route caching
 * (`Astro.cache.set({ maxAge, swr, tags })`, pages/cache-policy.ts); this is the provider's
 * store (http/page-cache-provider.ts), one per process:
 *
 * - **Who is served from it**: GET and HEAD requests without a session, a flash message or
 *   an Authorization header. Everything else renders, and is never stored.
 * - **Key**: the path, the sorted query, and the two cookies a guest page depends on
 *   (`locale`, `currency`); their values are short words, anything else is not cached.
 * - **What is stored**: a 200 HTML answer that declared a max-age and set no cookie.
 * - **Fresh, stale, gone**: fresh for `maxAge`; then served stale for `swr` while one
 *   render refreshes it in the background; after that, rendered again. Concurrent misses of
 *   one key wait for the same render (single flight).
 * - **Invalidation**: by the page's tags, which are the data areas of cache.ts; every
 *   write path's `invalidate…` drops them here, and on PostgreSQL in every process
 *   (db/signals.ts). While that signal cannot be trusted (the listening connection is down),
 *   the cache serves nothing and keeps nothing.
 * - **Bytes**: kept plain, with brotli and gzip copies made once per entry, so a hit costs
 *   no compression; `ETag` and `If-None-Match` answer 304.
 * - **Countdowns**: a page with flash-sale countdowns is served with them showing the
 *   seconds left as it is served (http/countdown-patch.ts): one copy, and its compressed
 *   forms, per second shown, rather than a render per second.
 */

export const PAGE_CACHE_HEADER = 'X-Page-Cache';
/**
 * Set by a page whose bytes are true only until an instant (a flash sale it shows starts or
 * ends: pages/cache-policy.ts): epoch milliseconds. Such a page is neither fresh nor served
 * stale past it. Not sent to the client.
 */
export const FRESH_UNTIL_HEADER = 'X-Page-Fresh-Until';
/** The cookies a guest page's bytes depend on besides its URL. */
const VARIANT_COOKIES = ['locale', 'currency'] as const;
const VARIANT_VALUE = /^[\w-]{0,16}$/;
/** The most pages kept per process; the least recently used go first. */
const MAX_ENTRIES = 2_000;

type Encoding = 'br' | 'gzip';

/** The bytes of a page as served: the body, its ETag and its compressed forms (made on first demand). */
interface ServedCopy {
  body: Uint8Array;
  etag: string;
  encoded: Map<Encoding, Promise<Uint8Array>>;
}

interface PageEntry extends ServedCopy {
  status: number;
  headers: [string, string][];
  tags: string[];
  /** The instants its flash-sale countdowns count to (http/countdown-patch.ts); none for most pages. */
  countdowns: number[];
  /** The copy whose countdowns show the seconds left now, kept for as long as they do. */
  shown?: { seconds: string; copy: ServedCopy };
  storedAt: number;
  maxAgeMs: number;
  swrMs: number;
  /** Set while a background render refreshes this entry. */
  refreshing?: boolean;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The cache key of a request, or null when it must render: not a GET or HEAD, a session,
 * a flash message, an Authorization header, or a variant cookie that is no short word.
 * `asGuest` keys a signed-in request as the same request without its session would be.
 */
export function pageCacheKey(request: Request, { asGuest = false } = {}): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.has('authorization')) return null;
  const cookies = parseCookies(request.headers.get('cookie') ?? '');
  if ((SESSION_COOKIE in cookies && !asGuest) || FLASH_COOKIE in cookies) return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/api/') || url.pathname === '/api') return null;
  const variant: string[] = [];
  for (const name of VARIANT_COOKIES) {
    const value = cookies[name] ?? '';
    if (!VARIANT_VALUE.test(value)) return null;
    variant.push(value);
  }
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}\0${variant.join('\0')}`;
}

/** Reads `max-age` and `stale-while-revalidate` (seconds) of the CDN-Cache-Control header Astro.cache.set writes. */
function declaredLifetime(response: Response): { maxAge: number; swr: number } | null {
  const header = response.headers.get('cdn-cache-control');
  if (!header) return null;
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(header)?.[1] ?? 0);
  const maxAge = seconds('max-age');
  return maxAge > 0 ? { maxAge, swr: seconds('stale-while-revalidate') } : null;
}

const storable = (response: Response) => response.status === 200 && !response.headers.has('set-cookie') && (response.headers.get('content-type') ?? '').startsWith('text/html');

function preferredEncoding(request: Request): Encoding | null {
  const accepted = request.headers.get('accept-encoding') ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

const etagOf = (body: Uint8Array) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** How the cached page is announced: shared caches may keep it for as long as this process does. */
export function publicCacheControl(maxAge: number, swr: number): string {
  return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${swr}`;
}

export type Render = () => Promise<Response>;

/** How long a page marked stale by a soft invalidation may still be served while it is refreshed. */
const SOFT_STALE_MS = 30_000;

/** Makes an entry stale as of `now`: past its freshness, inside its stale window. */
function markStale(entry: PageEntry, now: number): void {
  entry.swrMs = Math.min(entry.swrMs, SOFT_STALE_MS);
  entry.storedAt = now - entry.maxAgeMs - 1;
}

/** An answer that sets a cookie is someone's own: whatever the page declared, no shared cache may keep it. */
function privateIfPersonal(response: Response): Response {
  response.headers.delete(FRESH_UNTIL_HEADER);
  if (response.headers.has('set-cookie')) {
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.delete('CDN-Cache-Control');
  }
  return response;
}

export class PageCache {
  readonly #entries = new Map<string, PageEntry>();
  readonly #inflight = new Map<string, Promise<PageEntry | null>>();
  /** Bumped by every invalidation: a render that started before one is not stored. */
  #generation = 0;
  /** Bumped by every soft invalidation: a render that started before one is stored already stale. */
  #refreshGeneration = 0;
  #trusted = true;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Whether invalidations from every process reach this one (db/signals.ts); while not, nothing is cached. */
  setTrusted(trusted: boolean): void {
    if (this.#trusted === trusted) return;
    this.#trusted = trusted;
    this.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops every page showing one of `tags`. */
  invalidate(tags: readonly string[]): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (entry.tags.some((tag) => tags.includes(tag))) this.#entries.delete(key);
  }

  /**
   * Marks the pages showing one of `tags` stale (a soft invalidation: stock moved with an
   * order): each is served once more while one render refreshes it, for at most
   * SOFT_STALE_MS; a page true only until an instant (a countdown) is dropped instead.
   */
  refresh(tags: readonly string[]): void {
    this.#refreshGeneration += 1;
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (!entry.tags.some((tag) => tags.includes(tag))) continue;
      if (entry.swrMs === 0) this.#entries.delete(key);
      else markStale(entry, now);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** The answer to `request`: from the cache when it may be, else `render()`'s (stored when it declared itself cacheable). */
  async handle(request: Request, render: Render): Promise<Response> {
    const key = this.#trusted ? pageCacheKey(request) : null;
    if (key === null) return privateIfPersonal(await render());
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry) {
      if (this.#fresh(entry, now)) return this.#answer(request, this.#touch(key, entry), 'HIT');
      if (now - entry.storedAt <= entry.maxAgeMs + entry.swrMs) {
        if (!entry.refreshing) {
          entry.refreshing = true;
          void this.#renderAndStore(key, render)
            .catch(() => null)
            .finally(() => {
              entry.refreshing = false;
            });
        }
        return this.#answer(request, entry, 'STALE');
      }
      this.#entries.delete(key);
    }
    // A HEAD is answered from a page a GET stored; it never stores one (it has no body).
    if (request.method === 'HEAD') return privateIfPersonal(await render());
    const pending = this.#inflight.get(key);
    if (pending) {
      // Another request is rendering this page: its answer serves this one too, when it was stored.
      const shared = await pending.catch(() => null);
      return shared ? this.#answer(request, shared, 'HIT') : privateIfPersonal(await render());
    }
    let rendered: Response | undefined;
    const flight = this.#renderAndStore(key, render, (response) => {
      rendered = response;
    });
    this.#inflight.set(key, flight);
    try {
      const stored = await flight;
      return stored ? this.#answer(request, stored, 'MISS') : privateIfPersonal(rendered!);
    } finally {
      this.#inflight.delete(key);
    }
  }

  /**
   * The bytes and headers a guest asking what `request` asks would be served now, when
   * this process holds them fresh: a signed-in shopper's page is built from them
   * (pages/personal-parts.ts). A stale page, or one not kept, is null: theirs renders.
   */
  guestCopy(request: Request): { body: Uint8Array; headers: readonly [string, string][] } | null {
    const key = this.#trusted && request.method === 'GET' ? pageCacheKey(request, { asGuest: true }) : null;
    const entry = key === null ? undefined : this.#entries.get(key);
    if (!entry || !this.#fresh(entry, this.#now())) return null;
    return { body: this.#served(this.#touch(key!, entry)).body, headers: entry.headers };
  }

  #fresh(entry: PageEntry, now: number): boolean {
    return now - entry.storedAt <= entry.maxAgeMs;
  }

  #touch(key: string, entry: PageEntry): PageEntry {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Renders; stores the answer when it may be kept. `keep` receives an answer that was not stored, to send as it is. */
  async #renderAndStore(key: string, render: Render, keep?: (response: Response) => void): Promise<PageEntry | null> {
    const generation = this.#generation;
    const refreshGeneration = this.#refreshGeneration;
    const response = await render();
    const lifetime = declaredLifetime(response);
    if (!lifetime || !storable(response) || !this.#trusted) {
      keep?.(response);
      return null;
    }
    const storedAt = this.#now();
    // A page true only until an instant (a sale starts or ends) is neither fresh nor served stale past it.
    const freshUntil = Number(response.headers.get(FRESH_UNTIL_HEADER) ?? Number.NaN);
    const maxAgeMs = Number.isFinite(freshUntil) ? Math.min(lifetime.maxAge * 1000, freshUntil - storedAt) : lifetime.maxAge * 1000;
    const swrMs = Number.isFinite(freshUntil) ? Math.max(0, Math.min(lifetime.swr * 1000, freshUntil - storedAt - maxAgeMs)) : lifetime.swr * 1000;
    if (maxAgeMs <= 0) {
      response.headers.delete(FRESH_UNTIL_HEADER);
      keep?.(response);
      return null;
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!['cdn-cache-control', 'cache-tag', 'content-length', 'set-cookie', 'etag', FRESH_UNTIL_HEADER.toLowerCase()].includes(name)) headers.push([name, value]);
    });
    const entry: PageEntry = {
      status: response.status,
      headers,
      body,
      encoded: new Map(),
      etag: etagOf(body),
      countdowns: keptCountdowns(body),
      tags: (response.headers.get('cache-tag') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      storedAt,
      maxAgeMs,
      swrMs,
    };
    // Invalidated while it rendered: answered, but not kept (it may show what just changed).
    if (generation === this.#generation && this.#trusted) {
      // Stock moved while it rendered: kept, but refreshed by the next request.
      if (refreshGeneration !== this.#refreshGeneration && entry.swrMs > 0) markStale(entry, storedAt);
      this.#entries.set(key, entry);
      while (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return entry;
  }

  /** What `entry` is served as now: its bytes, with its countdowns (if any) showing the seconds left now. */
  #served(entry: PageEntry): ServedCopy {
    if (entry.countdowns.length === 0) return entry;
    const now = this.#now();
    const seconds = shownSeconds(entry.countdowns, now).join(',');
    if (entry.shown?.seconds !== seconds) {
      const body = patchCountdowns(entry.body, now);
      entry.shown = { seconds, copy: { body, etag: etagOf(body), encoded: new Map() } };
    }
    return entry.shown.copy;
  }

  async #answer(request: Request, entry: PageEntry, state: 'HIT' | 'MISS' | 'STALE'): Promise<Response> {
    const copy = this.#served(entry);
    const headers = new Headers(entry.headers);
    headers.set('ETag', copy.etag);
    headers.set(PAGE_CACHE_HEADER, state);
    headers.set('Cache-Control', publicCacheControl(Math.floor(entry.maxAgeMs / 1000), Math.floor(entry.swrMs / 1000)));
    headers.set('Vary', 'Accept-Encoding, Cookie');
    if (request.headers.get('if-none-match') === copy.etag) return new Response(null, { status: 304, headers });
    const encoding = preferredEncoding(request);
    let body = copy.body;
    if (encoding) {
      let encoded = copy.encoded.get(encoding);
      if (!encoded) {
        encoded =
          encoding === 'br'
            ? brotli(copy.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: copy.body.byteLength } })
            : gzipAsync(copy.body, { level: 6 });
        copy.encoded.set(encoding, encoded);
      }
      body = await encoded;
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(body.byteLength));
    return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: entry.status, headers });
  }
}

/** The process's page cache: the provider serves from it; every invalidation of cache.ts, here or heard from another process, drops its pages. */
export const pageCache = new PageCache();
onInvalidation((areas, { soft }) => (soft ? pageCache.refresh(areas) : pageCache.invalidate(areas)));
