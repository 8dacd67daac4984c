/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { env } from '../env.ts';
import { DataDirLockedError, openDatabase, pgliteDir } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { syncMessages } from '../db/seed/messages-sync.ts';

const { DATABASE_URL, DATA_DIR } = env();
try {
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) });
  try {
    await migrate(handle);
    const added = await syncMessages(handle.db);
    console.log(`Migrations applied (${handle.dialect})${added ? `; ${added} new UI messages added` : ''}.`);
  } finally {
    await handle.close();
  }
} catch (error) {
  // Another process holding the embedded database is a situation to explain, not a crash.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
