import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, pgliteDir } from '../db/client';
import { migrate } from '../db/migrate';
import { liveEvents, outbox, supportTickets, ticketIssueTypes, ticketMessages } from '../db/schema';
import { createUser } from '@tests/fixtures';
import { createTicket } from '../modules/support/service';
import { isolate } from '@/lib/bidi';

/**
 * `npm run tickets` as the staff run it: plain Node 24 on the embedded database of a data
 * directory of its own (the ticket rules themselves: modules/support/*.test.ts). It never
 * touches the PostgreSQL of the api-postgres project, so it runs once (vitest.config.ts).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-tickets-'));
let number: string;

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
    const user = await createUser(db, { name: 'Lina' });
    const [type] = await db.insert(ticketIssueTypes).values({ name: 'Payment problem' }).returning();
    const ticket = await createTicket(db, {
      userId: user.id,
      locale: 'en',
      issueTypeId: type!.id,
      order: undefined,
      payload: { issue_type: 'Payment problem', subject: 'Charged twice', message: 'My card was charged twice.', email: 'lina@example.com', attachments: [] },
      files: [{ fileName: 'receipt.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4\nreceipt\n%%EOF\n') }],
    });
    number = ticket.ticketNumber;
  });
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]) {
  const { NODE_OPTIONS: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
  return spawnSync(process.execPath, ['src/server/cli/tickets.ts', ...args], {
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_ENV: 'test', SITE_URL: 'https://shop.example' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run tickets', () => {
  it.each([
    [['frobnicate'], 'Unknown action: frobnicate'],
    [['reply', 'nope', '--message', 'x'], 'reply needs a ticket number'],
  ])('%j is a usage error: exit 2, the usage printed', (args, expected) => {
    const result = run(args);
    expect(result.stderr).toContain(expected);
    expect(result.stderr).toContain('Usage: npm run tickets');
    expect(result.status).toBe(2);
  });

  it('lists and shows a ticket with its thread and its file', { timeout: 90_000 }, () => {
    const list = run(['list', '--status', 'running']);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`${number}\tpending\tPayment problem\t-\tCharged twice`);
    const show = run(['show', number.toLowerCase()]);
    expect(show.status).toBe(0);
    expect(show.stdout).toContain('Lina (customer)');
    expect(show.stdout).toContain('My card was charged twice.');
    expect(show.stdout).toMatch(/\[attachment \d+\] receipt\.pdf pdf 23 bytes/);
    const id = /\[attachment (\d+)\]/.exec(show.stdout)![1]!;
    const file = path.join(dataDir, 'saved.pdf');
    expect(run(['attachment', id, file]).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('%PDF-1.4');
  });

  it('replies as Customer Service once per call, mails the shopper and tells their open pages', { timeout: 90_000 }, async () => {
    const result = run(['reply', number, '--message', 'We refunded the second charge.']);
    expect(result.stdout).toContain(`Replied to ${number}. Mailed lina@example.com.`);
    expect(result.status).toBe(0);
    await withDb(async (db) => {
      const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, number));
      const messages = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id)).orderBy(asc(ticketMessages.id));
      expect(messages.map((row) => [row.senderRole, row.senderId, row.message])).toEqual([
        ['customer', ticket!.userId, 'My card was charged twice.'],
        ['staff', null, 'We refunded the second charge.'],
      ]);
      const mails = await db.select().from(outbox).where(eq(outbox.recipient, 'lina@example.com'));
      expect(mails.at(-1)!.subject).toBe(`Reply to your support ticket ${isolate(number)}`);
      expect(mails.at(-1)!.body).toContain(`https://shop.example/support-ticket/${number}`);
      expect(mails.at(-1)!.body).toContain('We refunded the second charge.');
      const events = await db.select().from(liveEvents).where(eq(liveEvents.userId, ticket!.userId));
      expect(events.filter((event) => event.kind === 'ticket.message' && event.subject === number)).toHaveLength(2);
    });
  });

  it('moves the status once, refuses a move from a closed ticket, and a closed ticket takes no reply', { timeout: 120_000 }, async () => {
    expect(run(['status', number, 'sleeping']).status).toBe(2);
    const done = run(['status', number, 'completed']);
    expect(done.stdout).toContain(`Ticket ${number}: pending → completed. Mailed lina@example.com.`);
    expect(done.status).toBe(0);
    const again = run(['status', number, 'completed']);
    expect(again.stdout).toContain('is already completed: nothing changed.');
    expect(again.status).toBe(0);
    const back = run(['status', number, 'confirm']);
    expect(back.stderr).toContain('is completed: it cannot become confirm.');
    expect(back.status).toBe(1);
    const reply = run(['reply', number, '--message', 'One more thing']);
    expect(reply.stderr).toContain('it takes no new messages');
    expect(reply.status).toBe(1);
    await withDb(async (db) => {
      const events = await db.select().from(liveEvents).where(eq(liveEvents.kind, 'ticket.status'));
      expect(events).toHaveLength(1);
      const mails = await db.select().from(outbox).where(eq(outbox.recipient, 'lina@example.com'));
      expect(mails.at(-1)!.subject).toBe(`Support ticket ${isolate(number)}: ${isolate('Completed')}`);
    });
  });
});
