import pino from 'pino';
import { createApp } from '../../src/server/app';
import type { Db } from '../../src/server/db';
import { parseEnv } from '../../src/server/env';
import { signPreview, type PreviewKind } from '../../src/server/modules/preview/tokens';
import { createTestDatabase } from './database';
import type { TestApp } from './app';

export const TEST_PREVIEW_SECRET = 'preview-secret-for-the-api-tests-0123456789';

/** createTestApp with a known preview secret, and a signer for it. */
export async function createPreviewTestApp(prepare: (db: Db) => Promise<void>): Promise<TestApp & { sign(kind: PreviewKind, slug: string, hours?: number): string }> {
  const handle = await createTestDatabase();
  await prepare(handle.db);
  const log = pino({ level: 'warn' }, { write: (line: string) => console.error(line) });
  const app = createApp({ db: handle.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', PREVIEW_SECRET: TEST_PREVIEW_SECRET }), log });
  const call = (path: string, init?: RequestInit) => Promise.resolve(app.request(`/api${path}`, init));
  return {
    db: handle.db,
    call,
    async json(path, init) {
      const response = await call(path, init);
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    close: () => handle.close(),
    sign: (kind, slug, hours = 24) => signPreview(TEST_PREVIEW_SECRET, kind, slug, new Date(Date.now() + hours * 3_600_000)),
  };
}
