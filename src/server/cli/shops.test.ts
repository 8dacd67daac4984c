import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, pgliteDir } from '../db/client';
import { migrate } from '../db/migrate';
import { outbox, shopNotifications, shops } from '../db/schema';
import { createShop, createUser } from '@tests/fixtures';
import { isolate } from '@/lib/bidi';

/**
 * `npm run shops` as the operator runs it: plain Node 24 on the embedded database of a
 * data directory of its own (the review rules themselves: modules/seller/shop-review.test.ts).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-shops-'));
let shopId: number;
let ownerEmail: string;

/** Opens the command's database in this process (when no command holds it) to prepare or read it. */
async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await migrate(handle);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  await withDb(async (db) => {
    const owner = await createUser(db, { name: 'Omar' });
    ownerEmail = owner.email!;
    shopId = (await createShop(db, { userId: owner.id, status: 'pending', name: 'Omar Spices', locale: 'en' })).id;
  });
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]) {
  const { NODE_OPTIONS: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
  return spawnSync(process.execPath, ['src/server/cli/shops.ts', ...args], {
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run shops', () => {
  it.each([
    [['frobnicate'], 'Usage: npm run shops -- list'],
    [['reject', '1'], 'reject needs --reason'],
    [['approve'], 'approve needs a shop id'],
    [['list', '--status', 'sleeping'], '--status must be one of'],
    [['approve', '1', '--reason', 'x'], 'approve takes no --reason'],
  ])('%j is a usage error: exit 2, the usage printed', (args, expected) => {
    const result = run(args);
    expect(result.stderr).toContain(expected);
    expect(result.status).toBe(2);
  });

  it('lists, approves once, refuses a disallowed move, and mails the owner', () => {
    expect(run(['list', '--status', 'pending'])).toMatchObject({ status: 0, stdout: expect.stringContaining(`${shopId}\tOmar Spices\tpending`) });
    expect(run(['approve', String(shopId)])).toMatchObject({ status: 0, stdout: `shop ${shopId} (Omar Spices): pending → active\n` });
    expect(run(['approve', String(shopId)])).toMatchObject({ status: 0, stdout: `shop ${shopId} (Omar Spices) is already active: nothing changed.\n` });
    const refused = run(['reject', String(shopId), '--reason', 'Too late']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('only a pending shop can be rejected');
    expect(refused.stderr).not.toContain('    at ');
    expect(run(['approve', '999999'])).toMatchObject({ status: 1, stderr: 'No shop has the id 999999.\n' });
  }, 180_000);

  it('wrote the decision, one notification and the owner’s e-mail', async () => {
    await withDb(async (db) => {
      expect((await db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId)))[0]).toEqual({ status: 'active' });
      expect(await db.select({ type: shopNotifications.type }).from(shopNotifications).where(eq(shopNotifications.shopId, shopId))).toEqual([{ type: 'shop_approved' }]);
      expect(await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, ownerEmail))).toEqual([
        { subject: `Your shop ${isolate('Omar Spices')} has been approved` },
      ]);
    });
  }, 60_000);
});
