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
 * The search form of a text column and its translations (`localized_search_text()`,
 * migration 0020: no case, no accents, Arabic/Persian variants and digits folded, every
 * language in one string), computed per row: for small tables with the same expression
 * index (`searchIndex` in db/schema/columns.ts). Products store theirs (products.search_name).
 */
export const searchForm = (column: AnyColumn, translations: AnyColumn, field: string): SQL =>
  sql`localized_search_text(${column}, ${translations}, ${sql.raw(`'${field.replace(/'/g, "''")}'`)})`;

/**
 * Every word of `term` must occur in `text` (a search form). Words of three or more
 * letters match anywhere ("phone" finds "Headphones"); shorter ones match the start of
 * a word ("tv" finds "TV Stand", not "Natvik"), which also keeps them answerable by the
 * trigram index, since a trigram needs three letters or a word start.
 */
export function matchesSearch(text: SQL | AnyColumn, term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) =>
      [...word.replace(/\\/g, '')].length >= 3
        ? sql`${text} LIKE '%' || search_text(${word}) || '%'`
        : or(sql`${text} LIKE search_text(${word}) || '%'`, sql`${text} LIKE '% ' || search_text(${word}) || '%'`),
    ),
  );
}

/**
 * How well `text` matches the whole search, for "best match first": 0 when it starts
 * with the search, 1 when a word of it does, 2 otherwise. Cheap enough to compute for
 * every match of a broad search; ties are broken by the caller (popularity).
 */
export function searchRank(text: SQL | AnyColumn, term: string): SQL<number> {
  const phrase = searchWords(term).join(' ');
  return sql<number>`CASE WHEN ${text} LIKE search_text(${phrase}) || '%' THEN 0 WHEN ${text} LIKE '% ' || search_text(${phrase}) || '%' THEN 1 ELSE 2 END`;
}
