import { z } from 'zod';

/**
 * Every paged list, read one way: the API's `page` and `per_page` parameters, the page
 * number in a listing page's URL, and the pagination bar under a list.
 */

/** docs/product.md §5.5 and §9.6: pages of 10 by default, at most 5 page numbers shown. */
export const DEFAULT_PER_PAGE = 10;
export const PAGES_SHOWN = 5;
/**
 * The largest page size a caller may ask for. The spec sets only a floor (§5: "above 0");
 * 100 is ten default pages, plenty for an app's "load more" and small enough that no
 * request turns into a dump of the catalogue.
 */
export const MAX_PER_PAGE = 100;
/** Far beyond any real list; keeps the offset an exact JavaScript integer. */
export const MAX_PAGE = 1_000_000;

export interface Page {
  page: number;
  per_page: number;
}

/**
 * A decimal number written as text becomes that number, so zod can say what is wrong
 * with it (`0`: too small, `2.5`: not whole); anything else (`abc`, `1e3`, `0x10`) stays
 * text and is refused as not a number. Blank means "not given" (§5 default applies).
 */
function numeral(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** A whole number from 1 to `max`, `fallback` when absent. */
const countField = (max: number, fallback: number) => z.preprocess(numeral, z.number().int().min(1).max(max).default(fallback));

/**
 * The `page` and `per_page` fields of every paged API route, to spread into its query
 * schema. A bad value is a 422 naming the field, like any other parameter. (A function,
 * not a constant, so a browser bundle importing only the helpers below leaves zod out.)
 */
export function paginationFields() {
  return { page: countField(MAX_PAGE, 1), per_page: countField(MAX_PER_PAGE, DEFAULT_PER_PAGE) };
}

/** The query schema of a route whose only parameters are the page's. */
export function paginationQuery() {
  return z.object(paginationFields());
}

/** LIMIT and OFFSET of a page; a page past the end simply finds no rows. */
export function limitOffset({ page, per_page }: Page): { limit: number; offset: number } {
  return { limit: per_page, offset: (page - 1) * per_page };
}

/**
 * The page a listing URL asks for, by the API's rule for `page`: 1 when absent, the
 * number when valid, null for anything else (`page=0`, `page=abc`), which the page
 * answers with a redirect to the first page rather than an error.
 */
export function parsePageParam(value: string | null | undefined): number | null {
  const parsed = paginationFields().page.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** The page a URL asks for, or the first page when it asks for none or nonsense. */
export function pageNumber(value: string | null | undefined): number {
  return parsePageParam(value) ?? 1;
}

/** The same address without its page parameter (the first page). */
export function withoutPage(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('page');
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * A link to another page of the list on this address: its page parameter (`param`, for a
 * second list on one page) set, or removed for the first page; every other parameter kept.
 */
export function pageHref(url: URL, target: number, { param = 'page', fragment }: { param?: string; fragment?: string | undefined } = {}): string {
  const next = new URL(url);
  if (target === 1) next.searchParams.delete(param);
  else next.searchParams.set(param, String(target));
  return `${next.pathname}${next.search}${fragment ? `#${fragment}` : ''}`;
}

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The page numbers to show around the current one: at most `shown` (§9: 5), kept inside 1..last. */
export function pageWindow(current: number, last: number, shown = PAGES_SHOWN): number[] {
  const size = Math.min(shown, last);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

/** A page link, or the gap (`…`) between the first or last page and the window. */
export type PageLink = number | 'gap';

/**
 * The page links of a listing: the window around the current page (`pageWindow`), with the
 * first and the last page always reachable in one step ("1 … 5 6 7 8 9 … 60"). A gap of
 * one page shows that page rather than an ellipsis.
 */
export function pageLinks(current: number, last: number, shown = PAGES_SHOWN): PageLink[] {
  const window = pageWindow(current, last, shown);
  const first = window[0]!;
  const end = window.at(-1)!;
  const before: PageLink[] = first === 1 ? [] : first === 2 ? [1] : first === 3 ? [1, 2] : [1, 'gap'];
  const after: PageLink[] = end === last ? [] : end === last - 1 ? [last] : end === last - 2 ? [last - 1, last] : ['gap', last];
  return [...before, ...window, ...after];
}

/**
 * Where a listing asked for a page past its last goes: the last page (a 302, as for any
 * page redirect), every other query parameter kept, so a stale link or a list that shrank
 * lands on rows rather than on an empty page under a pagination bar. Null when the page
 * is within the list. Every listing loader (src/server/page-data) answers this way.
 */
export function pastLastPage(url: URL, page: number, total: number, perPage: number, options: { param?: string; fragment?: string } = {}): string | null {
  const last = lastPage(total, perPage);
  return page > last ? pageHref(url, last, options) : null;
}

/**
 * The "Showing {{from}} to {{to}} of {{total}} results" figures of a page: its first and
 * last positions in the list, `to` never past `total`; null when the page shows no rows.
 */
export function shownRange(page: number, perPage: number, total: number): { from: number; to: number; total: number } | null {
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return from <= to ? { from, to, total } : null;
}
