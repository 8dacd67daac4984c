import type { Db } from '../../src/server/db';
import { signPreview, type PreviewKind } from '../../src/server/modules/preview/tokens';
import { createTestApp, type TestApp } from './app';

export const TEST_PREVIEW_SECRET = 'preview-secret-for-the-api-tests-0123456789';

/** createTestApp with a known preview secret, and a signer for it. */
export async function createPreviewTestApp(prepare: (db: Db) => Promise<void>): Promise<TestApp & { sign(kind: PreviewKind, slug: string, hours?: number): string }> {
  const api = await createTestApp(prepare, { PREVIEW_SECRET: TEST_PREVIEW_SECRET });
  return {
    ...api,
    sign: (kind, slug, hours = 24) => signPreview(TEST_PREVIEW_SECRET, kind, slug, new Date(Date.now() + hours * 3_600_000)),
  };
}
