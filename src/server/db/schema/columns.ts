import { sql } from 'drizzle-orm';
import { index, integer, timestamp, serial, type PgColumn } from 'drizzle-orm/pg-core';

/** Primary key used by every table: the API exposes numeric ids. */
export const id = () => serial('id').primaryKey();

/** Money is kept in integer minor units (cents) so sums never drift. */
export const money = (name: string) => integer(name).notNull().default(0);

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A trigram index over the search form of a text column: `search_text()` (migration
 * 0001) lower-cases, strips accents and folds Arabic/Persian letter variants, so
 * `search_text(column) LIKE '%term%'` finds "Café" for "cafe" through the index
 * (catalog/search.ts). Large tables store the search form instead (products.search_name).
 */
export const searchIndex = (name: string, column: PgColumn) => index(name).using('gin', sql`search_text(${column}) gin_trgm_ops`);
