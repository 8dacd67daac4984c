import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A moment relative to `now`, in whole days. */
export function daysFrom(now: Date, days: number, minutes = 0): Date {
  return new Date(now.getTime() + days * 86_400_000 + minutes * 60_000);
}

/**
 * PostgreSQL accepts at most 65535 bind parameters per statement; staying well under
 * keeps every batch one round trip on both PGlite and node-postgres.
 */
const MAX_PARAMS = 30_000;

export function batchSize(columns: number, wanted = 1000): number {
  return Math.max(1, Math.min(wanted, Math.floor(MAX_PARAMS / columns)));
}

/** Inserts rows in multi-row statements; for rows whose generated ids nobody needs. */
export async function insertMany<T extends PgTable<TableConfig>>(db: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const size = batchSize(Object.keys(rows[0]!).length);
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as T['$inferInsert'][]);
  }
}
