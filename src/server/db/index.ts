import { sql } from 'drizzle-orm';
import { env } from '../env';
import { openDatabase, pgliteDir, type DatabaseHandle } from './client';
import { migrate } from './migrate';

export type { Db, DatabaseHandle } from './client';

let opening: Promise<DatabaseHandle> | undefined;

/** The process-wide database, opened and migrated once on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  opening ??= (async () => {
    const { DATABASE_URL, DATA_DIR } = env();
    const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) });
    await migrate(handle);
    // PGlite runs no autovacuum: without fresh statistics the planner picks scans that
    // take seconds on a large catalogue. PostgreSQL keeps its own up to date.
    if (handle.dialect === 'pglite') await handle.db.execute(sql`analyze`);
    return handle;
  })();
  return opening;
}
