import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client';

/**
 * The committed migrations, resolved from the project root: every entry point (npm
 * scripts, the built server, tests) runs there, and the production bundle no longer
 * sits beside the SQL files.
 */
export const MIGRATIONS_FOLDER = path.resolve('src/server/db/migrations');

export async function migrate({ db, dialect }: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (dialect === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
  else await migratePg(db as unknown as NodePgDatabase, config);
}
