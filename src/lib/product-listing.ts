/**
 * The state of a product listing lives in its URL (shareable, crawlable, works without
 * JavaScript). These helpers read it, call the API with it and build links that change it.
 */

/** Query parameters a listing understands, in the order links write them. */
export const LISTING_KEYS = ['search', 'category_id', 'sub_category_id', 'brand_id', 'color_id', 'size_id', 'min_price', 'max_price', 'rating', 'sort_type', 'page'] as const;

export type ListingKey = (typeof LISTING_KEYS)[number];
export type ListingState = { [K in ListingKey]?: string | undefined };

/** Multi-select filters: the API takes `brand_id=3,7`; a checkbox form sends `brand_id=3&brand_id=7`. */
export const LIST_KEYS = ['brand_id', 'color_id', 'size_id'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** What narrows the results (as opposed to the search text, the order and the page). */
export const FILTER_KEYS = ['category_id', 'sub_category_id', 'brand_id', 'color_id', 'size_id', 'min_price', 'max_price', 'rating'] as const;

const isListKey = (key: ListingKey): key is ListKey => (LIST_KEYS as readonly string[]).includes(key);

/** Comma list to its distinct, non-empty parts. */
export function idList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The listing a URL asks for: known keys only, blanks dropped (a form sends empty
 * fields), repeated list parameters joined into one comma list, page 1 left implicit.
 * Values are not validated here: the API does that and answers 422.
 */
export function readListing(params: URLSearchParams): ListingState {
  const state: ListingState = {};
  for (const key of LISTING_KEYS) {
    const values = params
      .getAll(key)
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    const value = isListKey(key) ? idList(values.join(',')).join(',') : values[0]!;
    if (value && !(key === 'page' && value === '1')) state[key] = value;
  }
  return state;
}

/** `?…` for the state with some keys changed (undefined removes one); any change but the page's goes back to page 1. */
export function listingQuery(state: ListingState, changes: ListingState = {}): string {
  const next: ListingState = { ...state, ...changes };
  if (!('page' in changes)) delete next.page;
  const params = new URLSearchParams();
  for (const key of LISTING_KEYS) {
    const value = next[key];
    if (value !== undefined && value !== '' && !(key === 'page' && value === '1')) params.set(key, value);
  }
  return asSearch(params);
}

// Commas are fine in a query string and read better: ?brand_id=3,7.
const asSearch = (params: URLSearchParams) => {
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
};

/**
 * The tidy form of a listing URL's query (what a GET form without JavaScript sends has
 * blanks and repeated keys); other parameters (such as `lang`) are kept after it. When it
 * differs from the URL's, the page redirects there, so every state has one address.
 */
export function normalizedSearch(params: URLSearchParams): string {
  const tidy = new URLSearchParams(listingQuery(readListing(params), { page: readListing(params).page }));
  for (const [key, value] of params) if (!(LISTING_KEYS as readonly string[]).includes(key)) tidy.append(key, value);
  return asSearch(tidy);
}

/** The tidy query to redirect to, or null when the URL already has it (compared decoded, so no redirect loops). */
export function tidyRedirect(params: URLSearchParams): string | null {
  const tidy = normalizedSearch(params);
  return new URLSearchParams(tidy).toString() === params.toString() ? null : tidy;
}

/** The state with an id added to or removed from a multi-select filter (back on page 1). */
export function toggleId(state: ListingState, key: ListKey, id: string | number): ListingState {
  const current = idList(state[key]);
  const value = String(id);
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return { ...state, [key]: next.length ? next.join(',') : undefined };
}

/** Whether anything narrows the results beyond the search text. */
export function isFiltered(state: ListingState): boolean {
  return FILTER_KEYS.some((key) => state[key] !== undefined);
}

/** The state without the given keys (bad parameters the API refused, filters being cleared). */
export function withoutKeys(state: ListingState, keys: readonly string[]): ListingState {
  return Object.fromEntries(Object.entries(state).filter(([key]) => !keys.includes(key))) as ListingState;
}

/** A sub-category only makes sense inside its category: one from another category is dropped. */
export function consistentCategory(state: ListingState, categories: readonly { id: number; sub_categories: readonly { id: number }[] }[]): ListingState {
  const subId = state.sub_category_id;
  if (subId === undefined) return state;
  const category = categories.find((candidate) => String(candidate.id) === state.category_id);
  if (category?.sub_categories.some((sub) => String(sub.id) === subId)) return state;
  // A sub-category alone: name its category, so the form shows both.
  const owner = state.category_id === undefined ? categories.find((candidate) => candidate.sub_categories.some((sub) => String(sub.id) === subId)) : undefined;
  return owner ? { ...state, category_id: String(owner.id) } : withoutKeys(state, ['sub_category_id']);
}

/**
 * Prices in the URL are what the shopper typed, in the currency the page shows; the API
 * filters in the shop's default currency. Non-numbers pass through for the API to refuse.
 */
export function toDefaultCurrency(value: string | undefined, rate: number): string | undefined {
  if (value === undefined) return undefined;
  const amount = Number(value);
  if (value.trim() === '' || !Number.isFinite(amount) || !(rate > 0) || rate === 1) return value;
  return String(Math.round((amount / rate) * 100) / 100);
}

/** The query string of GET /api/products for a listing, prices converted to the default currency. */
export function productsApiQuery(state: ListingState, options: { perPage: number; rate: number }): string {
  const params = new URLSearchParams();
  for (const key of LISTING_KEYS) {
    const value = key === 'min_price' || key === 'max_price' ? toDefaultCurrency(state[key], options.rate) : state[key];
    if (value !== undefined) params.set(key, value);
  }
  params.set('per_page', String(options.perPage));
  return params.toString();
}

/** The search text the header's search box shows: the current search on /products only (docs/product.md §2.4). */
export function shownSearch(url: URL): string {
  return url.pathname === '/products' ? (url.searchParams.get('search') ?? '') : '';
}
