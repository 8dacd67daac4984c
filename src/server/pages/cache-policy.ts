import type { CacheArea } from '../cache';
import { FRESH_UNTIL_HEADER } from '../http/page-cache';
import { saleCountdown, type SaleDates } from '../../lib/countdown';

/**
 * Which pages the page cache keeps for guests, and for how long (docs/decisions/018-page-cache.md).
 * A page calls `cacheForGuests` once it knows it renders (not a redirect, not a 404): a
 * guest's page is then kept, tagged with the data areas it shows, and invalidated when a
 * write changes one of them (cache.ts). A signed-in shopper's page, and an editor's
 * preview, are never kept (the middleware marks them `private, no-store`).
 */

/** Fresh for a minute: invalidation makes a change show at once, the lifetime only bounds what time alone changes (a sale's start and end). */
export const GUEST_PAGE_MAX_AGE_SECONDS = 60;
/** After that, served once more while one render refreshes it. */
export const GUEST_PAGE_SWR_SECONDS = 30;

/** What every page shows: the settings (menus, currencies, footer), the messages, the category menu. */
const EVERY_PAGE: readonly CacheArea[] = ['settings', 'languages', 'catalog'];

interface PageAstro {
  cache: { set(options: { maxAge: number; swr: number; tags: string[] }): void };
  response: { headers: Headers };
  locals: App.Locals;
  url: URL;
}

/**
 * Until when a page with countdowns to `targets` (ISO instants) is true: the first of them
 * still ahead (a sale starts or ends there, and the page changes). The seconds its countdowns
 * show are brought up to date as the page cache serves it (http/countdown-patch.ts).
 */
function countdownsTrueUntil(targets: readonly (string | null | undefined)[], now: number): number | undefined {
  const ahead = targets.map((target) => (target ? Date.parse(target) : Number.NaN)).filter((at) => Number.isFinite(at) && at > now);
  return ahead.length === 0 ? undefined : Math.min(...ahead);
}

export function cacheForGuests(astro: PageAstro, shows: readonly CacheArea[], options: { countdownsTo?: readonly (string | null | undefined)[] } = {}): void {
  if (astro.locals.shop.user || astro.url.searchParams.has('preview')) return;
  astro.cache.set({ maxAge: GUEST_PAGE_MAX_AGE_SECONDS, swr: GUEST_PAGE_SWR_SECONDS, tags: [...new Set([...EVERY_PAGE, ...shows])] });
  const until = countdownsTrueUntil(options.countdownsTo ?? [], Date.now());
  if (until !== undefined) astro.response.headers.set(FRESH_UNTIL_HEADER, String(until));
}

/** The instants the countdowns of these sales count to (lib/countdown.ts saleCountdown), now. */
export function countdownTargets(sales: readonly (SaleDates | null | undefined)[]): string[] {
  const now = Date.now();
  return sales.flatMap((sale) => {
    const countdown = sale ? saleCountdown(sale, now) : null;
    return countdown ? [countdown.target] : [];
  });
}
