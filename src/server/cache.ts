/**
 * Read-through caches for data read on nearly every request, and the one place that
 * says what each cached entry depends on (docs/decisions/009-caching.md).
 *
 * Entries belong to one database handle (test databases never share them) and expire
 * after a short time, so several processes sharing PostgreSQL converge. Within a process,
 * every write path calls the invalidate function of the data area it changed
 * (`invalidateCatalog` after a seller edits a product, `invalidateStock` after an order),
 * and callers never spell a key.
 */

import { INVALIDATION_CHANNEL, publish } from './db/signals.ts';

/** The data areas a write can change; each cached entry lists the areas it is built from. */
export type CacheArea = 'settings' | 'languages' | 'countries' | 'catalog' | 'stock' | 'shops' | 'reviews' | 'content' | 'sessions';

export interface CacheKey {
  name: string;
  ttlMs: number;
  dependsOn: readonly CacheArea[];
  /** For keys with client-chosen variants (search words): at most this many variants are kept. */
  maxVariants?: number;
}

const key = (name: string, ttlMs: number, dependsOn: readonly CacheArea[], maxVariants?: number): CacheKey => ({
  name,
  ttlMs,
  dependsOn,
  ...(maxVariants ? { maxVariants } : {}),
});

/** Every cached entry of the server, by name. */
export const CACHE = {
  siteSettings: key('site-settings', 30_000, ['settings']),
  /** Currencies, gateways, social links and auths, menus, footers of /master. */
  masterLists: key('master-lists', 30_000, ['settings']),
  languages: key('languages', 60_000, ['languages', 'settings']),
  /** One entry per language. */
  messages: key('messages', 60_000, ['languages']),
  countries: key('countries', 300_000, ['countries']),
  categories: key('categories', 60_000, ['catalog']),
  /** The size of the unfiltered public catalogue (a full count, too slow for every listing). */
  catalogCount: key('catalog-count', 30_000, ['catalog', 'shops']),
  /** Facets of a listing scope: one variant per scope, the 200 most recent kept. */
  catalogFacets: key('catalog-facets', 5 * 60_000, ['catalog', 'shops'], 200),
  shopStats: key('shop-stats', 60_000, ['catalog', 'shops']),
  /** Site banners and ads: one variant per type. */
  siteBanners: key('site-banners', 60_000, ['content']),
  /** The guests' home page: eight lists, built at most every 15 s. */
  guestHome: key('guest-home', 15_000, ['catalog', 'stock', 'shops', 'reviews', 'content']),
  /** GET /product-details as every viewer sees it (favourites are laid over it): one variant per product. */
  productDetails: key('product-details', 15_000, ['catalog', 'stock', 'shops', 'reviews'], 2000),
  /**
   * A page of a product's or shop's reviews: one variant per subject and page, 1,000 kept.
   * A reviewer's new name or photo shows within its 30 s (profiles do not invalidate).
   */
  reviews: key('reviews', 30_000, ['reviews', 'catalog', 'shops'], 1000),
  /** Page side (pages/fragments.ts `keptForPages`): a language's messages and translator, as pages read them from /lang. */
  pageTranslations: key('page-translations', 30_000, ['languages']),
  /**
   * Page side: `/master` in one language, as every page reads it first. The variant is the visitor's
   * `locale` cookie, which is client-chosen (any language-shaped key): at most 20 are kept.
   */
  pageMaster: key('page-master', 30_000, ['settings', 'languages'], 20),
  /** Page side, rendered HTML (pages/fragments.ts): the navbar's category menu, one variant per language and currency. */
  categoryMenuHtml: key('category-menu-html', 60_000, ['catalog', 'languages', 'settings'], 100),
  /** Page side, rendered HTML: a product page's body, per product, page address, language, currency and the viewer's favourites among it. */
  productPageHtml: key('product-page-html', 15_000, ['catalog', 'stock', 'shops', 'reviews', 'languages', 'settings'], 2000),
  /**
   * Page side, rendered HTML: the home page's sections around its sales' countdowns, per section, page address, language,
   * currency and the viewer's favourites among them. The countdowns stay outside: the page cache brings a kept page's countdowns to the
   * second it is served (http/countdown-patch.ts).
   */
  homeSectionsHtml: key('home-sections-html', 15_000, ['catalog', 'stock', 'shops', 'reviews', 'content', 'languages', 'settings'], 200),
  /** Page side, rendered HTML: `/products`' filters and results, per address (search, filters, sort, page), language, currency and the viewer's favourites among them. */
  listingHtml: key('listing-html', 15_000, ['catalog', 'stock', 'shops', 'reviews', 'languages', 'settings'], 500),
} as const satisfies Record<string, CacheKey>;

interface Entry {
  key: CacheKey;
  expires: number;
  value: Promise<unknown>;
}

const stores = new WeakMap<object, Map<string, Entry>>();

function storeOf(owner: object): Map<string, Entry> {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new Map()));
  return store;
}

/**
 * The cached value of `key` (and `variant`, for keys with several: a language, a search
 * scope), loading it when absent or expired. A failed load is not kept. `owner` is the
 * database handle the value was read from.
 */
export function cached<T>(owner: object, key: CacheKey, load: () => Promise<T>, variant = ''): Promise<T> {
  const store = storeOf(owner);
  const id = `${key.name}:${variant}`;
  const now = Date.now();
  const hit = store.get(id);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  // Re-inserted at the end: the first entries of a key are the least recently loaded.
  store.delete(id);
  const value = load();
  store.set(id, { key, expires: now + key.ttlMs, value });
  value.catch(() => {
    if (store.get(id)?.value === value) store.delete(id);
  });
  if (key.maxVariants) dropOldestVariants(store, key);
  return value;
}

/** No request pattern can grow a key's variants without bound. */
function dropOldestVariants(store: Map<string, Entry>, key: CacheKey): void {
  const ids = [...store].filter(([, entry]) => entry.key === key).map(([id]) => id);
  for (const id of ids.slice(0, Math.max(0, ids.length - key.maxVariants!))) store.delete(id);
}

export const CACHE_AREAS: readonly CacheArea[] = ['settings', 'languages', 'countries', 'catalog', 'stock', 'shops', 'reviews', 'content', 'sessions'];

/** `soft`: what changed moves often (stock with every order): pages showing it are refreshed in the background rather than dropped. */
export interface InvalidationOptions {
  soft: boolean;
}
type InvalidationListener = (areas: readonly CacheArea[], options: InvalidationOptions) => void;
const listeners = new Set<InvalidationListener>();

/**
 * Calls `listener` with the areas of every invalidation in this process, its own and those
 * heard from the others (the page cache drops the pages tagged with them, or for a soft
 * one refreshes them). Returns the function that stops it.
 */
export function onInvalidation(listener: InvalidationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dropAreas(owner: object, areas: readonly CacheArea[], options: InvalidationOptions): void {
  dropEntries(owner, areas);
  for (const listener of listeners) listener(areas, options);
}

function dropEntries(owner: object, areas: readonly CacheArea[]): void {
  const store = stores.get(owner);
  if (store) for (const [id, entry] of store) if (entry.key.dependsOn.some((area) => areas.includes(area))) store.delete(id);
}

/**
 * Keeps the entries of `owner`, a page-side cache with no database handle of its own
 * (rendered fragments), in step with every invalidation this process hears: its own writes'
 * and, on PostgreSQL, the other processes'. Returns the function that stops it.
 */
export function followInvalidations(owner: object): () => void {
  return onInvalidation((areas) => dropEntries(owner, areas));
}

/** Forgets every entry of `owner` (a page-side cache whose invalidations may have been missed). */
export function forgetAll(owner: object): void {
  stores.delete(owner);
}

/**
 * Drops what depends on `areas` here, and on PostgreSQL tells every other process to
 * (db/signals.ts). Never rejects: the change it follows is committed, and when the signal
 * cannot be sent the other processes still drop their entries when these expire.
 */
function invalidateAreas(owner: object, areas: readonly CacheArea[], options: InvalidationOptions = { soft: false }): Promise<void> {
  dropAreas(owner, areas, options);
  const payload = JSON.stringify(options.soft ? { areas, soft: true } : areas);
  return publish(owner, INVALIDATION_CHANNEL, payload).catch((error: unknown) => {
    console.warn(`cache invalidation not sent to the other processes: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  });
}

/** Another process's invalidation (a NOTIFY on INVALIDATION_CHANNEL): its areas dropped here; anything malformed ignored. */
export function applyRemoteInvalidation(owner: object, payload: string): void {
  let areas: unknown;
  try {
    areas = JSON.parse(payload);
  } catch {
    return;
  }
  // A list of areas, or `{ areas, soft: true }` (invalidateAreas).
  const soft = typeof areas === 'object' && areas !== null && !Array.isArray(areas) && (areas as { soft?: unknown }).soft === true;
  const list: unknown = soft ? (areas as { areas?: unknown }).areas : areas;
  if (!Array.isArray(list)) return;
  const known = list.filter((area): area is CacheArea => CACHE_AREAS.includes(area as CacheArea));
  if (known.length) dropAreas(owner, known, { soft });
}

/** Site settings changed (`npm run settings`, an operator). */
export const invalidateSettings = (db: object) => invalidateAreas(db, ['settings']);
/** Languages or their messages changed. */
export const invalidateLanguages = (db: object) => invalidateAreas(db, ['languages']);
/** A product, its price, options, category, brand or visibility changed (a seller's edit). */
export const invalidateCatalog = (db: object) => invalidateAreas(db, ['catalog']);
/** Stock, sold counts or a flash sale's allocation changed by a seller's edit: pages showing stock are dropped. */
export const invalidateStock = (db: object) => invalidateAreas(db, ['stock']);
/**
 * Stock and sold counts moved with an order (placed, cancelled, expired): data showing
 * stock is dropped, and each cached page showing it is served as it was while one render
 * refreshes it (docs/decisions/018-page-cache.md), so a sale's stream of orders does not
 * empty the page cache. Checkout always counts stock in the database.
 */
export const refreshStock = (db: object) => invalidateAreas(db, ['stock'], { soft: true });
/** @public A shop was opened, approved, suspended or edited. */
export const invalidateShops = (db: object) => invalidateAreas(db, ['shops']);
/** @public A review was written (ratings change). */
export const invalidateReviews = (db: object) => invalidateAreas(db, ['reviews']);
/** @public Banners, ads or other editorial content changed. */
export const invalidateContent = (db: object) => invalidateAreas(db, ['content']);
/** Sign-ins were revoked (a logout, a password changed or reset): who a token signs in is read again (auth/tokens.ts). */
export const invalidateSessions = (db: object) => invalidateAreas(db, ['sessions']);
/** @public Countries or their phone codes changed. */
export const invalidateCountries = (db: object) => invalidateAreas(db, ['countries']);
/** Everything (a test that rewrote the database, a re-seed, a listener back after missing signals). */
export const invalidateAll = (db: object) => {
  stores.delete(db);
  for (const listener of listeners) listener(CACHE_AREAS, { soft: false });
};
