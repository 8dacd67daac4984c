import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FRESH_UNTIL_HEADER, PAGE_CACHE_HEADER, PageCache, pageCacheKey } from './page-cache';

/**
 * The rendered-page cache (page-cache.ts, docs/decisions/018-page-cache.md): who is served
 * from it, what it keeps, single flight, stale-while-revalidate, invalidation by tag, and
 * nothing kept while the signals of the other processes cannot be trusted.
 */

const page = (url: string, init: { cookie?: string; headers?: Record<string, string>; method?: string } = {}) =>
  new Request(`http://shop.test${url}`, { method: init.method ?? 'GET', headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers } });

/** A page render that declares itself cacheable as Astro.cache.set does, and counts its calls. */
function renderer(options: { body?: string; maxAge?: number; swr?: number; tags?: string[]; headers?: Record<string, string>; status?: number; delayMs?: number } = {}) {
  let calls = 0;
  const render = async () => {
    calls += 1;
    const call = calls;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return new Response(options.body ?? `<p>render ${call}</p>`, {
      status: options.status ?? 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        ...(options.maxAge === 0 ? {} : { 'CDN-Cache-Control': `max-age=${options.maxAge ?? 60}, stale-while-revalidate=${options.swr ?? 30}` }),
        'Cache-Tag': (options.tags ?? ['catalog']).join(', '),
        ...options.headers,
      },
    });
  };
  return { render, calls: () => calls };
}

describe('pageCacheKey', () => {
  it('keys a guest page by its path, sorted query, language and currency', () => {
    expect(pageCacheKey(page('/products?b=2&a=1'))).toBe(pageCacheKey(page('/products?a=1&b=2')));
    expect(pageCacheKey(page('/products', { cookie: 'locale=ar' }))).not.toBe(pageCacheKey(page('/products')));
    expect(pageCacheKey(page('/products', { cookie: 'currency=EUR' }))).not.toBe(pageCacheKey(page('/products', { cookie: 'currency=USD' })));
    // Cookies the page does not read leave the key alone.
    expect(pageCacheKey(page('/products', { cookie: 'XSRF-TOKEN=abc; _ga=1' }))).toBe(pageCacheKey(page('/products')));
  });

  it('never serves a signed-in, flashed, authorised, unsafe or odd request', () => {
    for (const request of [
      page('/', { cookie: 'session=abc' }),
      page('/', { cookie: 'flash=x' }),
      page('/', { headers: { authorization: 'Bearer x' } }),
      page('/', { method: 'POST' }),
      page('/', { cookie: 'locale=<script>' }),
      page('/api/products'),
    ]) {
      expect(pageCacheKey(request), request.method + request.headers.get('cookie')).toBeNull();
    }
  });
});

describe('PageCache', () => {
  it('renders a page once and serves it again, with an ETag, a 304 and brotli', async () => {
    const cache = new PageCache();
    const { render, calls } = renderer({ body: '<p>' + 'same '.repeat(500) + '</p>' });
    const first = await cache.handle(page('/'), render);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const second = await cache.handle(page('/', { headers: { 'accept-encoding': 'gzip, br' } }), render);
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(await first.text());
    const etag = first.headers.get('etag')!;
    const unchanged = await cache.handle(page('/', { headers: { 'if-none-match': etag } }), render);
    expect(unchanged.status).toBe(304);
    expect(calls()).toBe(1);
  });

  it('renders once for concurrent misses of one page', async () => {
    const cache = new PageCache();
    const { render, calls } = renderer({ delayMs: 30 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.handle(page('/products'), render)));
    expect(calls()).toBe(1);
    expect(new Set(await Promise.all(answers.map((answer) => answer.text())))).toEqual(new Set(['<p>render 1</p>']));
  });

  it('keeps nothing that sets a cookie, did not declare a lifetime or is no 200, and marks a cookie answer private', async () => {
    const cache = new PageCache();
    for (const options of [{ headers: { 'set-cookie': 'a=b' } }, { maxAge: 0 }, { status: 404 }]) {
      const { render, calls } = renderer(options);
      const first = await cache.handle(page('/x'), render);
      await cache.handle(page('/x'), render);
      expect(calls(), JSON.stringify(options)).toBe(2);
      if ('headers' in options) expect(first.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(cache.size).toBe(0);
  });

  it('serves a stale page once while one render refreshes it, and renders after the stale window', async () => {
    let now = 0;
    const cache = new PageCache(() => now);
    const { render, calls } = renderer({ maxAge: 60, swr: 30 });
    await cache.handle(page('/'), render);
    now = 70_000;
    const stale = await cache.handle(page('/'), render);
    expect(stale.headers.get(PAGE_CACHE_HEADER)).toBe('STALE');
    expect(await stale.text()).toBe('<p>render 1</p>');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls()).toBe(2);
    expect(await (await cache.handle(page('/'), render)).text()).toBe('<p>render 2</p>');
    now = 200_000;
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
    expect(calls()).toBe(3);
  });

  it('drops the pages of an invalidated tag, and does not keep a render an invalidation overtook', async () => {
    const cache = new PageCache();
    const products = renderer({ tags: ['catalog', 'stock'] });
    const blog = renderer({ tags: ['content'] });
    await cache.handle(page('/products'), products.render);
    await cache.handle(page('/blogs'), blog.render);
    cache.invalidate(['stock']);
    expect((await cache.handle(page('/products'), products.render)).headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
    expect((await cache.handle(page('/blogs'), blog.render)).headers.get(PAGE_CACHE_HEADER)).toBe('HIT');

    const slow = renderer({ delayMs: 30, tags: ['stock'] });
    const rendering = cache.handle(page('/slow'), slow.render);
    await new Promise((resolve) => setTimeout(resolve, 5));
    cache.invalidate(['stock']);
    await rendering;
    expect((await cache.handle(page('/slow'), slow.render)).headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
    expect(slow.calls()).toBe(2);
  });

  it('refreshes the pages of a soft invalidation in the background, serving each as it was meanwhile', async () => {
    const cache = new PageCache();
    const listing = renderer({ tags: ['catalog', 'stock'], delayMs: 10 });
    const blog = renderer({ tags: ['content'] });
    await cache.handle(page('/products'), listing.render);
    await cache.handle(page('/blogs'), blog.render);
    cache.refresh(['stock']);
    const stale = await cache.handle(page('/products'), listing.render);
    expect(stale.headers.get(PAGE_CACHE_HEADER)).toBe('STALE');
    expect(await stale.text()).toBe('<p>render 1</p>');
    expect((await cache.handle(page('/blogs'), blog.render)).headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const fresh = await cache.handle(page('/products'), listing.render);
    expect(fresh.headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
    expect(await fresh.text()).toBe('<p>render 2</p>');

    // Stock moved again while a refresh rendered: the render is kept, but refreshed again by the next request.
    cache.refresh(['stock']);
    await cache.handle(page('/products'), listing.render);
    cache.refresh(['stock']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const again = await cache.handle(page('/products'), listing.render);
    expect(again.headers.get(PAGE_CACHE_HEADER)).toBe('STALE');
    expect(await again.text()).toBe('<p>render 3</p>');
  });

  it('serves and keeps nothing while untrusted, and starts empty when trusted again', async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    await cache.handle(page('/'), render);
    cache.setTrusted(false);
    await cache.handle(page('/'), render);
    await cache.handle(page('/'), render);
    expect(calls()).toBe(3);
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
  });

  it('keeps a page true until an instant no longer than that, and not stale when that is within its lifetime', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    const { render, calls } = renderer({ headers: { [FRESH_UNTIL_HEADER]: String(1_400) } });
    const first = await cache.handle(page('/'), render);
    expect(first.headers.get(FRESH_UNTIL_HEADER)).toBeNull();
    now = 1_399;
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
    // Past it: rendered again (this render says the same instant, so it is not kept either).
    now = 1_401;
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('serves a kept countdown showing the seconds left as it is served: one render for many seconds', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    const cell = (unit: string, value: string) => `<span data-unit="${unit}">${value}</span>`;
    const target = new Date(100_500).toISOString();
    const body = `<div data-countdown data-remaining-ms="99500" data-target="${target}"><time>${cell('days', '0')}${cell('hours', '00')}${cell('minutes', '01')}${cell('seconds', '39')}</time></div>`;
    const { render, calls } = renderer({ body });
    const shown = async () => {
      const answer = await cache.handle(page('/'), render);
      return { state: answer.headers.get(PAGE_CACHE_HEADER), etag: answer.headers.get('ETag'), html: await answer.text() };
    };
    const first = await shown();
    expect(first).toMatchObject({ state: 'MISS', html: body });
    // The same second shown (99 s left until 1.5 s): the same bytes.
    now = 1_400;
    expect((await shown()).etag).toBe(first.etag);
    // 7.4 s later: 92 s left, 1 min 32 s; the same render, new bytes and their own ETag.
    now = 8_400;
    const later = await shown();
    expect(later.state).toBe('HIT');
    expect(later.html).toContain(`data-remaining-ms="92100"`);
    expect(later.html).toContain(`${cell('minutes', '01')}${cell('seconds', '32')}`);
    expect(later.etag).not.toBe(first.etag);
    const brotli = await cache.handle(page('/', { headers: { 'accept-encoding': 'br' } }), render);
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(later.html);
    expect(calls()).toBe(1);
  });

  it('serves a page true until an instant stale no later than that instant', async () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    const { render, calls } = renderer({ maxAge: 60, swr: 30, headers: { [FRESH_UNTIL_HEADER]: String(1_000 + 75_000) } });
    await cache.handle(page('/'), render);
    now = 1_000 + 70_000;
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).toBe('STALE');
    now = 1_000 + 76_000;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The background render (at 71 s) said the same instant: kept for 4 s, now past it.
    expect((await cache.handle(page('/'), render)).headers.get(PAGE_CACHE_HEADER)).not.toBe('STALE');
    expect(calls()).toBe(3);
  });

  it('never answers a signed-in request from the cache', async () => {
    const cache = new PageCache();
    const guest = renderer({ body: 'guest page' });
    await cache.handle(page('/'), guest.render);
    const signedIn = await cache.handle(page('/', { cookie: 'session=s1' }), async () => new Response('your page', { headers: { 'content-type': 'text/html' } }));
    expect(await signedIn.text()).toBe('your page');
    expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });
});

describe('PageCache.guestCopy', () => {
  it('gives a signed-in request the bytes a guest would be served fresh, and nothing else', async () => {
    let now = 1_000_000;
    const cache = new PageCache(() => now);
    const { render } = renderer({ body: '<p>guest page</p>', maxAge: 60, swr: 30 });
    const signedIn = (url: string, cookie = 'session=abc') => page(url, { cookie });
    expect(cache.guestCopy(signedIn('/products'))).toBeNull();
    await cache.handle(page('/products', { cookie: 'locale=ar' }), render);
    // Keyed as the same request without its session: the language cookie must match.
    expect(cache.guestCopy(signedIn('/products'))).toBeNull();
    const copy = cache.guestCopy(signedIn('/products', 'session=abc; locale=ar'));
    expect(Buffer.from(copy!.body).toString()).toBe('<p>guest page</p>');
    expect(copy!.headers).toContainEqual(['content-type', 'text/html; charset=utf-8']);
    // Never for a HEAD, a flash message or an Authorization header.
    expect(cache.guestCopy(page('/products', { cookie: 'session=abc; locale=ar', method: 'HEAD' }))).toBeNull();
    expect(cache.guestCopy(signedIn('/products', 'session=abc; locale=ar; flash=x'))).toBeNull();
    expect(cache.guestCopy(page('/products', { cookie: 'locale=ar', headers: { authorization: 'Bearer x' } }))).toBeNull();
    // Stale (served to guests while it refreshes) is not fresh enough: the shopper's page renders.
    now += 61_000;
    expect(cache.guestCopy(signedIn('/products', 'session=abc; locale=ar'))).toBeNull();
  });

  it('gives nothing while the other processes cannot be heard', async () => {
    const cache = new PageCache();
    await cache.handle(page('/'), renderer().render);
    expect(cache.guestCopy(page('/', { cookie: 'session=abc' }))).not.toBeNull();
    cache.setTrusted(false);
    expect(cache.guestCopy(page('/', { cookie: 'session=abc' }))).toBeNull();
  });
});
