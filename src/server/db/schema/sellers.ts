import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns.ts';
import { shops } from './catalog.ts';
import { orders } from './commerce.ts';
import { LEDGER_KINDS, SELLER_NOTIFICATION_TYPES, WITHDRAWAL_STATUSES } from '../../../contracts/seller.ts';

/**
 * A seller's request to be paid out what the shop has earned. Requesting debits the
 * ledger at once (so two requests never spend the same money); the operator approves it
 * or denies it once, and a denial gives the amount back (docs/decisions/017-sellers.md).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** Minor units of the site's default currency, above 0. */
    amount: money('amount'),
    status: varchar('status', { length: 10, enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    /** Who is paid and how to reach them, as the seller gave it. */
    name: varchar('name', { length: 120 }),
    contactNumber: varchar('contact_number', { length: 40 }),
    message: varchar('message', { length: 500 }),
    /** The operator's reason for a denial (or note on an approval). */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('withdrawals_shop').on(t.shopId, t.createdAt), index('withdrawals_status').on(t.status), check('withdrawals_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * A shop's earnings ledger: one signed row per event, in minor units. The balance (what
 * the seller may withdraw) is the sum of the shop's rows. An event happens once: the
 * unique indexes turn a repeated delivery, cancel or decision into a no-op.
 */
export const shopLedger = pgTable(
  'shop_ledger',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: varchar('kind', { length: 20, enum: LEDGER_KINDS }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id),
    /** Signed: credits above 0, debits below. */
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_ledger_shop').on(t.shopId, t.createdAt),
    uniqueIndex('shop_ledger_order_event').on(t.orderId, t.kind),
    uniqueIndex('shop_ledger_withdrawal_event').on(t.withdrawalId, t.kind),
    check('shop_ledger_names_one', sql`(${t.orderId} is null) <> (${t.withdrawalId} is null)`),
  ],
);

/**
 * What a shop is told on its dashboard (new order, cancelled order, new review, review
 * decisions, withdrawal decisions). `event_key` names the event ("order:12:new"), so an
 * event retried or reported twice is one notification.
 */
export const shopNotifications = pgTable(
  'shop_notifications',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 24, enum: SELLER_NOTIFICATION_TYPES }).notNull(),
    eventKey: varchar('event_key', { length: 80 }).notNull(),
    /** English source text, translated when shown (ADR 003); `params` fill its placeholders. */
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** The dashboard page it leads to, e.g. /shop/orders/12. */
    url: varchar('url', { length: 300 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_notifications_event').on(t.shopId, t.eventKey), index('shop_notifications_shop').on(t.shopId, t.readAt, t.createdAt)],
);
