import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { outbox } from '../../db/schema';
import { parseEnv } from '../../env';
import { createTestDatabase } from '../../../../tests/support/database';

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

const app = (APP_ENV: 'local' | 'test' | 'production') =>
  createApp({
    db: handle.db,
    config: parseEnv({ APP_ENV, LOG_LEVEL: 'silent' }),
    log: pino({ level: 'silent' }),
  });

describe('GET /dev/outbox (issue #8: codes a developer can read)', () => {
  it('lists the kept messages, newest first, in the local and test environments', async () => {
    for (const environment of ['local', 'test'] as const) {
      const response = await app(environment).request('/api/dev/outbox');
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

  it('does not exist in production', async () => {
    expect((await app('production').request('/api/dev/outbox')).status).toBe(404);
  });
});
