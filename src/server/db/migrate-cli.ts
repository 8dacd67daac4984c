/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { env } from '../env';
import { openDatabase, pgliteDir } from './client';
import { migrate } from './migrate';

const { DATABASE_URL, DATA_DIR } = env();
const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) });
try {
  await migrate(handle);
  console.log(`Migrations applied (${handle.dialect}).`);
} finally {
  await handle.close();
}
