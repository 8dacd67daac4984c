import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { backgroundSettled } from '../../src/server/background';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { withDatabase } from './global-setup';

/**
 * A fresh, migrated database for one test file: a copy of the run's template, on
 * PGlite or on PostgreSQL depending on the project (vitest.config.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openTestDatabase();
  // What requests left running in the background (src/server/background.ts) ends on this
  // database before it closes, not during the next file's tests in the same worker.
  return { ...handle, close: () => backgroundSettled().finally(() => handle.close()) };
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `storefront_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    let handle: DatabaseHandle;
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
      handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name) });
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
      throw error;
    }
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
          // Without FORCE: the pool has closed, and DROP waits briefly for its sockets to go.
          await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        } finally {
          await admin.end();
        }
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ dataDir: 'memory://', loadDataDir: template });
}
