import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres' || project.config.env?.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const template = `storefront_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const teardown = async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    };
    try {
      await admin.query(`CREATE DATABASE ${template}`);
      const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, template) });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await teardown();
      throw error;
    }
    project.provide('postgresTemplate', template);
    return teardown;
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrate(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
