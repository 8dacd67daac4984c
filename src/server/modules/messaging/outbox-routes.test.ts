import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { outbox } from '../../db/schema';
import { parseEnv } from '../../env';
import { randomBytes } from 'node:crypto';
import { createUser } from '@tests/fixtures';
import { createTestDatabase } from '@tests/support/database';
import { issueAccessToken } from '../auth/tokens';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(outbox).values([
    {
      channel: 'email',
      recipient: 'first@example.test',
      subject: 'Your verification code',
      body: 'Your verification code is 1111.',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    },
    {
      channel: 'sms',
      recipient: '+15550100',
      subject: null,
      body: 'Your verification code is 2222.',
      createdAt: new Date('2026-01-01T11:00:00Z'),
    },
  ]);
});
afterAll(() => handle.close());

const KEY = 'k'.repeat(20) + randomBytes(16).toString('hex');
const app = (APP_ENV: 'local' | 'test' | 'production') =>
  createApp({
    db: handle.db,
    config: parseEnv({ APP_ENV, LOG_LEVEL: 'silent', OUTBOX_KEY: KEY }),
    log: pino({ level: 'silent' }),
  });
const withKey = (key: string) => ({ headers: { 'X-Outbox-Key': key } });

describe('GET /dev/outbox (the operator reads kept codes, docs/product.md §4.4)', () => {
  it('lists the kept messages, newest first, in the local and test environments, with the outbox key', async () => {
    for (const environment of ['local', 'test'] as const) {
      const response = await app(environment).request('/api/dev/outbox', withKey(KEY));
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as {
        data: {
          messages: {
            recipient: string;
            subject: string | null;
            text: string;
            created_at: string;
          }[];
        };
      };
      expect(data.messages.map((message) => message.recipient)).toEqual(['+15550100', 'first@example.test']);
      expect(data.messages[1]).toMatchObject({
        subject: 'Your verification code',
        text: 'Your verification code is 1111.',
        created_at: '2026-01-01T10:00:00.000Z',
      });
    }
  });

  it('does not exist for a guest, a signed-in user, a loopback or forwarded request, or a wrong key', async () => {
    const user = await createUser(handle.db);
    const { token } = await issueAccessToken(handle.db, user.id);
    const attempts: RequestInit[] = [
      {},
      { headers: { Authorization: `Bearer ${token}` } },
      { headers: { 'X-Forwarded-For': '127.0.0.1', Host: '127.0.0.1:4321' } },
      withKey(''),
      withKey(KEY.slice(0, -1)),
      withKey(`${KEY}x`),
      withKey(KEY.toUpperCase()),
    ];
    for (const init of attempts) {
      const response = await app('local').request('/api/dev/outbox?key=' + KEY, init, { peer: { address: '127.0.0.1', encrypted: false } });
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('verification code');
    }
  });

  it('does not exist in production, even with the key', async () => {
    expect((await app('production').request('/api/dev/outbox', withKey(KEY))).status).toBe(404);
  });
});
