import { and, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Longest search text accepted; longer queries get a 422 rather than a slow scan. */
export const MAX_SEARCH_LENGTH = 200;
/** Words beyond this add nothing to a shop search but work. */
const MAX_WORDS = 8;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The distinct words of a search, LIKE wildcards escaped. */
export function searchWords(term: string): string[] {
  return [...new Set(term.trim().split(/\s+/u).filter(Boolean))].slice(0, MAX_WORDS).map(escapeLike);
}

/**
 * Every word of `term` must occur in `column`, compared in search form (`search_text()`,
 * migration 0001: no case, no accents, Arabic/Persian variants folded). Words of three or
 * more letters match anywhere ("phone" finds "Headphones"); shorter ones match the start
 * of a word ("tv" finds "TV Stand", not "Natvik"), which also keeps them answerable by
 * the trigram index (`searchIndex` in db/schema/columns.ts), since a trigram needs three
 * letters or a word start.
 */
export function matchesSearch(column: AnyColumn, term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  const text = sql`search_text(${column})`;
  return and(
    ...words.map((word) =>
      [...word.replace(/\\/g, '')].length >= 3
        ? sql`${text} LIKE '%' || search_text(${word}) || '%'`
        : or(sql`${text} LIKE search_text(${word}) || '%'`, sql`${text} LIKE '% ' || search_text(${word}) || '%'`),
    ),
  );
}

/** How well `column` matches the whole search, 0 to 1, for ordering results by relevance. */
export function searchRank(column: AnyColumn, term: string): SQL<number> {
  return sql<number>`word_similarity(search_text(${term}), search_text(${column}))`;
}
