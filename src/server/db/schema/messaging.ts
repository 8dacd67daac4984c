import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;

/**
 * Messages kept instead of sent (modules/messaging): while APP_ENV is local or test and
 * the channel has no transport (no SMTP_URL, no SMS provider), every e-mail and SMS lands
 * here and in the log, so a developer can read the codes; nothing is dropped silently.
 * Production never writes here: with no transport, sending fails.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: varchar('channel', { length: 10, enum: MESSAGE_CHANNELS }).notNull(),
    /** E-mail address, or phone number with its country code (+9665…). */
    recipient: varchar('recipient', { length: 190 }).notNull(),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient').on(t.recipient, t.createdAt)],
);
