import { boolean, customType, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { orders } from './commerce.ts';
import { shops } from './catalog.ts';
import { users } from './users.ts';

export const ticketIssueTypes = pgTable('ticket_issue_types', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});

/** docs/decisions/020-support-and-live-updates.md: pending → confirm → completed, or cancel. */
export const TICKET_STATUSES = ['pending', 'confirm', 'completed', 'cancel'] as const;
/** Who wrote a ticket message: always the server's knowledge of the caller, never a request field. */
export const TICKET_SENDERS = ['customer', 'staff', 'shop'] as const;

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random, not guessable (support/ticket-number.ts): the address of the ticket's page. */
    ticketNumber: varchar('ticket_number', { length: 20 }).notNull().unique(),
    /** The shopper's own order the ticket is about, and its code as the shopper saw it. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: varchar('order_number', { length: 30 }),
    /** The order's shop: its owner answers the ticket from the dashboard. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    issueTypeId: integer('issue_type_id').references(() => ticketIssueTypes.id),
    subject: varchar('subject', { length: 200 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    status: varchar('status', { length: 10, enum: TICKET_STATUSES }).notNull().default('pending'),
    /** The language the ticket was opened in: its e-mails are written in it. */
    locale: varchar('locale', { length: 10 }),
    ...timestamps(),
  },
  (t) => [index('support_tickets_user').on(t.userId, t.createdAt), index('support_tickets_shop').on(t.shopId, t.createdAt)],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: varchar('sender_role', { length: 10, enum: TICKET_SENDERS }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket').on(t.ticketId, t.id)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A ticket's files, kept in the database (docs/decisions/020-support-and-live-updates.md):
 * written in the same transaction as their message, read by every process, and served only
 * through the checked route, never from a public path.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_ticket').on(t.ticketId)],
);

/**
 * What happened that a live page should show (docs/decisions/020-support-and-live-updates.md):
 * one row per event, for one user or one shop, carrying ids only. Streams read these rows
 * after the last id they sent, so a lost notification or a reconnect loses nothing.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** The id the event is about (a ticket number, an order id, a conversation id), as text. */
    subject: varchar('subject', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user').on(t.userId, t.id), index('live_events_shop').on(t.shopId, t.id)],
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
