import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { outbox } from '../../db/schema';
import { notFound } from '../../http/errors';
import { OUTBOX_KEY_HEADER, opensOutbox } from './outbox-key';

/** How many of the latest kept messages the developer's outbox page lists. */
const OUTBOX_PAGE_SIZE = 50;

/**
 * GET /dev/outbox: the latest messages kept instead of sent (db/schema/messaging.ts), so
 * the operator (and the end-to-end tests) can read one-time codes. Mounted only while
 * APP_ENV is local or test (app.ts); production has no such route. Only a request that
 * carries the outbox key (outbox-key.ts) gets an answer: anyone else could read another
 * shopper's password-reset code there.
 */
export const outboxRoutes = new Hono<AppEnv>().get('/dev/outbox', async (c) => {
  // Without the operator's key the route does not exist, for guests and signed-in users alike.
  if (!opensOutbox(c.var.config, c.req.header(OUTBOX_KEY_HEADER))) throw notFound('The requested resource was not found.');
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
