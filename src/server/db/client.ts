import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { markBroadcasting } from './signals.ts';
import { queryCounter } from './query-count.ts';
import { withNamedReads } from './pglite-statements.ts';
import * as schema from './schema/index.ts';

export { DataDirLockedError, pgliteDir } from './lock.ts';

export type Schema = typeof schema;
/** The same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** PostgreSQL only: where listeners open their own connections (signals.ts `listen`). */
  databaseUrl?: string;
  close(): Promise<void>;
  /**
   * PGlite only: hears `NOTIFY` on `channel` from this process's own transactions (at
   * commit). PostgreSQL's listeners need a connection of their own (signals.ts `listen`).
   */
  listenLocally?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * PGlite data directory; `memory://` keeps it in memory. A directory on disk is locked
   * for this process until `close()` (lock.ts): a second process is refused.
   */
  dataDir?: string | undefined;
  /** A PGlite data directory dump (tarball) to start from, for fast test databases. */
  loadDataDir?: Blob | undefined;
  /** Told when PostgreSQL drops a connection (a restart, a failover, a proxy's timeout); a warning on stderr by default. */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

/** How long a request waits for a new PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

const warnConnectionLost = (error: Error) => console.warn(`PostgreSQL connection lost (${error.message.split('\n')[0]}); the pool opens a new one on the next query`);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection the server ends (`pg_ctl restart`, a failover, a proxy) emits 'error'; with
    // no listener that ends the process. The pool's own listener covers idle connections and
    // this one connections held between a transaction's statements: the pool drops the broken
    // connection either way, and the query that needed it fails as "database unavailable" (errors.ts).
    const lost = options.onConnectionLost ?? warnConnectionLost;
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema, logger: queryCounter }) as unknown as Db;
    // Its cache invalidations reach the other processes on the same database (signals.ts).
    markBroadcasting(db);
    return { db, dialect: 'postgres', databaseUrl: options.databaseUrl, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir.startsWith('memory://')) return openPglite(dataDir, options);
  const lock = lockDataDir(path.resolve(dataDir));
  try {
    const handle = await openPglite(path.resolve(dataDir), options);
    return { ...handle, close: () => handle.close().finally(() => lock.release()) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Reads run often are planned once (pglite-statements.ts).
  const db = drizzlePglite(withNamedReads(client), { schema, logger: queryCounter }) as unknown as Db;
  return {
    db,
    dialect: 'pglite',
    close: () => client.close(),
    listenLocally: (channel, onMessage) => client.listen(channel, onMessage),
  };
}
