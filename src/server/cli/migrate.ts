/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { syncMessages } from '../db/seed/messages-sync.ts';
import { runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = 'Usage: npm run db:migrate';

await runCommand(USAGE, async () => {
  if (process.argv.length > 2) throw new UsageError('db:migrate takes no arguments');
  // withDatabase migrates; the UI messages the database lacks are added after.
  await withDatabase(async (handle) => {
    const added = await syncMessages(handle.db);
    console.log(`Migrations applied (${handle.dialect})${added ? `; ${added} new UI messages added` : ''}.`);
  });
});
