/** Far beyond any real list; the API refuses larger pages (MAX_PAGE). */
const MAX_PAGE = 1_000_000;

/**
 * The page a listing URL asks for: 1 when absent, the number when it is a whole number
 * from 1 up, null for anything else (`page=0`, `page=abc`), which the route answers with
 * a redirect to the first page rather than an API error.
 */
export function parsePageParam(value: string | null): number | null {
  if (value === null || value.trim() === '') return 1;
  if (!/^\d+$/.test(value.trim())) return null;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}

/** The same address without its page parameter (the first page). */
export function withoutPage(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('page');
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
