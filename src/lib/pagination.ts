/** Spec, section 5 and 9: pages of 10 by default, at most 5 page numbers shown. */
export const DEFAULT_PER_PAGE = 10;
export const PAGES_SHOWN = 5;

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The page numbers to show around the current one: at most `shown`, kept inside 1..last. */
export function pageWindow(current: number, last: number, shown = PAGES_SHOWN): number[] {
  const size = Math.min(shown, last);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}
