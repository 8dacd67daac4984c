import { sql } from 'drizzle-orm';
import { env } from '../env.ts';
import { openDatabase, pgliteDir, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';

export type { Db, DatabaseHandle } from './client.ts';

/**
 * The configured database (DATABASE_URL, else the embedded one in DATA_DIR), opened and
 * migrated: how the server and every command (src/server/cli) open it. On the embedded
 * database this takes the data directory's lock, so a second process is refused.
 */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATA_DIR } = env();
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) });
  try {
    await migrate(handle);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

let opening: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide database, opened and migrated once on first use. A failed opening (the
 * embedded data directory held by another process, PostgreSQL unreachable) is not kept:
 * the next request tries again.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  opening ??= (async () => {
    const handle = await openConfiguredDatabase();
    try {
      // PGlite runs no autovacuum: without fresh statistics the planner picks scans that
      // take seconds on a large catalogue. PostgreSQL keeps its own up to date.
      if (handle.dialect === 'pglite') await handle.db.execute(sql`analyze`);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  })();
  opening.catch(() => {
    opening = undefined;
  });
  return opening;
}
