/**
 * EXPLAIN ANALYZE of the statements /api/products runs for each catalogue target, built by
 * the same exported functions the API calls (as src/server/modules/catalog/explain.test.ts
 * does), straight against the bench database. Run it with the server stopped: PGlite
 * allows one process per data directory. Summarised as: the indexes read, whether any
 * Seq Scan on products appears, whether rows are sorted, and the execution time.
 *
 * TIMING OFF: timing every plan node costs more than the query itself on PGlite (three
 * times, on the deep page), so the plans keep the actual row counts and the statement's
 * total time, not per-node times.
 */
import { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, pgliteDir } from '../../src/server/db/client.ts';
import { facetQuery } from '../../src/server/modules/catalog/facets.ts';
import { productCountQuery, productPageQuery } from '../../src/server/modules/catalog/products.ts';
import { ProductListQuery, toProductFilters } from '../../src/server/modules/catalog/schemas.ts';
import type { CatalogueTarget } from './catalogue.ts';

export interface PlanSummary {
  /** The catalogue target whose request runs this statement (the first, when several share it). */
  target: string;
  /** The other targets running the very same statement. */
  alsoFor: string[];
  statement: 'page' | 'count' | 'facets';
  indexes: string[];
  seqScans: string[];
  seqScanOnProducts: boolean;
  sorts: boolean;
  executionMs: number | null;
  plan: string;
}

export interface ExplainReport {
  database: string;
  products: number | null;
  plans: PlanSummary[];
}

interface Client {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function summarizePlan(plan: string): Pick<PlanSummary, 'indexes' | 'seqScans' | 'seqScanOnProducts' | 'sorts' | 'executionMs'> {
  const all = (pattern: RegExp) => [...new Set([...plan.matchAll(pattern)].map((match) => match[1] ?? ''))];
  const indexes = all(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g);
  const seqScans = all(/Seq Scan on (\w+)/g);
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  return {
    indexes,
    seqScans,
    seqScanOnProducts: seqScans.includes('products'),
    sorts: /Sort Key/.test(plan),
    executionMs: time === undefined ? null : Number(time),
  };
}

/** The product-listing statements behind each `products` target, deduplicated. */
function statementsOf(db: Parameters<typeof productPageQuery>[0], targets: CatalogueTarget[]) {
  const dialect = new PgDialect();
  const seen = new Map<string, { alsoFor: string[] }>();
  const statements: { target: string; alsoFor: string[]; statement: PlanSummary['statement']; text: string; params: unknown[] }[] = [];
  for (const target of targets) {
    if (target.kind !== 'products') continue;
    const url = new URL(target.path, 'http://bench.invalid');
    const query = ProductListQuery.parse(Object.fromEntries(url.searchParams));
    const filters = toProductFilters(query);
    const candidates: [PlanSummary['statement'], Statement][] = [
      ['page', productPageQuery(db, filters, query.sort_type, query)],
      ['count', productCountQuery(db, filters)],
      ['facets', facetQuery(filters)],
    ];
    for (const [statement, built] of candidates) {
      const { sql: text, params } = built instanceof SQL ? dialect.sqlToQuery(built) : built.toSQL();
      const key = JSON.stringify([text, params]);
      const earlier = seen.get(key);
      if (earlier) {
        earlier.alsoFor.push(target.label);
        continue;
      }
      const entry = { target: target.label, alsoFor: [], statement, text, params };
      seen.set(key, entry);
      statements.push(entry);
    }
  }
  return statements;
}

/** EXPLAIN ANALYZE of every statement, on PGlite in `dataDir` or on `databaseUrl`. */
export async function explainCatalogue(source: { dataDir: string; databaseUrl: string | null }, targets: CatalogueTarget[], products: number | null): Promise<ExplainReport> {
  const handle = await openDatabase({ databaseUrl: source.databaseUrl ?? undefined, dataDir: pgliteDir(source.dataDir) });
  try {
    // The same client explain.test.ts reaches for: both drivers answer query(text, params) with { rows }.
    const client = (handle.db as unknown as { $client: Client }).$client;
    const plans: PlanSummary[] = [];
    for (const { target, alsoFor, statement, text, params } of statementsOf(handle.db, targets)) {
      // Once plainly first, so the plan is timed on warm caches, as a running server's are.
      await client.query(text, params);
      const { rows } = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, BUFFERS OFF) ${text}`, params);
      const plan = rows.map((row) => String(row['QUERY PLAN'])).join('\n');
      plans.push({ target, alsoFor, statement, ...summarizePlan(plan), plan });
    }
    return { database: handle.dialect === 'postgres' ? 'postgresql' : 'pglite', products, plans };
  } finally {
    await handle.close();
  }
}
