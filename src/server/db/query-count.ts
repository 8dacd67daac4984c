import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';

/** The SQL statements one HTTP request ran, for its access-log line. */
export interface QueryTally {
  queries: number;
}

// One store per process, shared by name: serve.ts runs from src/ while the database client
// runs inside Astro's bundle (dist/server), each with its own copy of this module.
const STORE = Symbol.for('storefront.queryTally');
const registry = globalThis as unknown as Record<symbol, AsyncLocalStorage<QueryTally> | undefined>;
const current = (registry[STORE] ??= new AsyncLocalStorage<QueryTally>());

/**
 * Runs `work` (an HTTP request's handling) counting the statements it sends to the
 * database, whichever engine: every query made in its asynchronous course lands in `tally`,
 * those of in-process API calls included. Work begun outside a request (sweeps, listeners)
 * is not counted.
 */
export function countQueries<T>(tally: QueryTally, work: () => T): T {
  return current.run(tally, work);
}

/** Drizzle's logger hook (client.ts): told of each statement just before it is sent. */
export const queryCounter: DrizzleLogger = {
  logQuery() {
    const tally = current.getStore();
    if (tally) tally.queries += 1;
  },
};
