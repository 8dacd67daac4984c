import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { outbox } from '../../db/schema';

/** How many of the latest kept messages the developer's outbox page lists. */
const OUTBOX_PAGE_SIZE = 50;

/**
 * GET /dev/outbox: the latest messages kept instead of sent (db/schema/messaging.ts), so
 * a developer (and the end-to-end tests) can read one-time codes. Mounted only while
 * APP_ENV is local or test (app.ts); production has no such route.
 */
export const outboxRoutes = new Hono<AppEnv>().get('/dev/outbox', async (c) => {
  const rows = await c.var.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(OUTBOX_PAGE_SIZE);
  const messages = rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.body,
    created_at: row.createdAt.toISOString(),
  }));
  return c.json({ message: '', data: { messages } });
});
