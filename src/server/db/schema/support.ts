import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const ticketIssueTypes = pgTable('ticket_issue_types', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull().unique(),
});

export const TICKET_STATUSES = ['pending', 'confirm', 'completed', 'cancel'] as const;

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketNumber: varchar('ticket_number', { length: 20 }).notNull().unique(),
    orderNumber: varchar('order_number', { length: 30 }),
    issueTypeId: integer('issue_type_id').references(() => ticketIssueTypes.id),
    subject: varchar('subject', { length: 200 }).notNull(),
    email: varchar('email', { length: 190 }),
    phone: varchar('phone', { length: 20 }),
    status: varchar('status', { length: 10, enum: TICKET_STATUSES }).notNull().default('pending'),
    /** Stored file paths: jpg, png or pdf, at most 2 MB each. */
    attachments: jsonb('attachments').notNull().default([]),
    ...timestamps(),
  },
  (t) => [index('support_tickets_user').on(t.userId, t.createdAt)],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    attachment: varchar('attachment', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket').on(t.ticketId, t.createdAt)],
);

/** Messages from the public contact form (`POST /support`). */
export const contactMessages = pgTable('contact_messages', {
  id: id(),
  /** The signed-in sender, answered at their account; null for a guest. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 120 }).notNull(),
  /** Where to answer: an e-mail or a phone (a guest gives at least one). */
  email: varchar('email', { length: 190 }),
  phone: varchar('phone', { length: 20 }),
  subject: varchar('subject', { length: 200 }).notNull(),
  message: text('message').notNull(),
  ...timestamps(),
});
