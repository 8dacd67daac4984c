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

/** Arabic short vowels, shadda, sukun, superscript alef, hamza above (the Persian ezafe) and tatweel. */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/**
 * A slug in any script: letters and digits of every language, hyphens between words,
 * Arabic-Indic and Persian digits as 0-9 (URLs are typed on any keyboard), marks dropped
 * and the zero-width non-joiner read as a word break ("کوله‌پشتی" → "کوله-پشتی").
 */
export function localSlug(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(ARABIC_MARKS, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
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
