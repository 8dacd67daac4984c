import type { CacheProvider } from 'astro';
import { PAGE_CACHE_HEADER, pageCache, publicCacheControl } from './page-cache';
import { countCachedProductView } from './cached-views';

/**
 * Astro's cache provider for pages (astro.config `cache.provider`; docs/decisions/018-page-cache.md):
 * pages declare themselves cacheable with `Astro.cache.set` (pages/cache-policy.ts), and this
 * provider answers from the process's page cache (page-cache.ts). It replaces Astro's
 * `memoryCache()`, which cannot key a page by the language and currency cookies, has no
 * single flight on misses and is not invalidated by the other processes.
 */
export default function pageCacheProvider(): CacheProvider {
  return {
    name: 'storefront-pages',
    setHeaders(options) {
      const headers = new Headers();
      if (options.maxAge !== undefined) {
        headers.set('CDN-Cache-Control', `max-age=${options.maxAge}, stale-while-revalidate=${options.swr ?? 0}`);
        headers.set('Cache-Control', publicCacheControl(options.maxAge, options.swr ?? 0));
      }
      if (options.tags?.length) headers.set('Cache-Tag', options.tags.join(', '));
      return headers;
    },
    async onRequest(context, next) {
      const response = await pageCache.handle(context.request, () => next());
      // Answered without rendering: the views the page would have counted are counted here.
      const state = response.headers.get(PAGE_CACHE_HEADER);
      if (state === 'HIT' || state === 'STALE') countCachedProductView(context.request, context.url);
      return response;
    },
    async invalidate(options) {
      const tags = options.tags === undefined ? [] : [options.tags].flat();
      if (options.path !== undefined || tags.length === 0) pageCache.clear();
      else pageCache.invalidate(tags);
    },
  };
}
