import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { products, shops } from './catalog.ts';
import { orders } from './commerce.ts';
import { users } from './users.ts';

/** Who wrote a chat message: the conversation's shopper or its shop, always from the caller's identity. */
export const CHAT_SENDERS = ['user', 'shop'] as const;

/**
 * A shopper's conversation with a shop (docs/decisions/020-support-and-live-updates.md):
 * one per shopper and shop, with the product or order it was last opened about.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_shop_user').on(t.shopId, t.userId),
    index('conversations_user').on(t.userId, t.lastMessageAt),
    index('conversations_shop').on(t.shopId, t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderRole: varchar('sender_role', { length: 10, enum: CHAT_SENDERS }).notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** A product card (the shopper asked about a product) or an order card; else null. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Plain text; null for a card alone. */
    message: text('message'),
    /** When the other side read it; null while unread. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation').on(t.conversationId, t.id)],
);
