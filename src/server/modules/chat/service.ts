import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { chatMessages, conversations, orders, products, shops, users } from '../../db/schema';
import { limitOffset, type Page } from '@/lib/pagination';
import { orderStatusValue } from '@/lib/order-status';
import { LIVE_EVENT_KINDS } from '@/contracts/live';
import type { ChatMessageDto, ChatOrderDto, ChatProductDto, ConversationDto, ConversationListDto, ChatSender } from '@/contracts/chat';
import { selectCards, toCards } from '../catalog/product-cards';
import { recordLiveEvent } from '../live/events';
import { localized, pickLocalized } from '../../db/localized';

/**
 * Conversations between shoppers and shops (docs/decisions/020-support-and-live-updates.md).
 * A side is the caller's: the shopper (`user`) or the shop's owner (`shop`), known from the
 * session, never from the request. Every write runs in one transaction with the live events
 * that tell both sides' open pages.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type ChatSide = { kind: 'user'; userId: number } | { kind: 'shop'; shopId: number; ownerId: number };

export interface ConversationRow {
  id: number;
  shopId: number;
  userId: number;
  productId: number | null;
  orderId: number | null;
  lastMessageAt: Date | null;
}

const senderOf = (side: ChatSide): ChatSender => side.kind;
const otherSender = (side: ChatSide): ChatSender => (side.kind === 'user' ? 'shop' : 'user');

/** The conversation of the caller with `other` (a shop for a shopper, a shopper for a shop), or null. */
export async function findConversation(db: Db | Tx, side: ChatSide, other: number): Promise<ConversationRow | null> {
  const where =
    side.kind === 'user'
      ? and(eq(conversations.userId, side.userId), eq(conversations.shopId, other))
      : and(eq(conversations.shopId, side.shopId), eq(conversations.userId, other));
  const [row] = await db
    .select({
      id: conversations.id,
      shopId: conversations.shopId,
      userId: conversations.userId,
      productId: conversations.productId,
      orderId: conversations.orderId,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .where(where);
  return row ?? null;
}

async function tellBoth(tx: Tx, conversation: Pick<ConversationRow, 'id' | 'userId' | 'shopId'>): Promise<void> {
  await recordLiveEvent(tx, { userId: conversation.userId }, LIVE_EVENT_KINDS.chatMessage, String(conversation.id));
  await recordLiveEvent(tx, { shopId: conversation.shopId }, LIVE_EVENT_KINDS.chatMessage, String(conversation.id));
}

async function insertMessage(
  tx: Tx,
  conversation: Pick<ConversationRow, 'id' | 'userId' | 'shopId'>,
  side: ChatSide,
  content: { message?: string | undefined; productId?: number | undefined; orderId?: number | undefined },
): Promise<number> {
  const now = new Date();
  const [row] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      senderRole: senderOf(side),
      senderId: side.kind === 'user' ? side.userId : side.ownerId,
      message: content.message ?? null,
      productId: content.productId ?? null,
      orderId: content.orderId ?? null,
      createdAt: now,
    })
    .returning({ id: chatMessages.id });
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
  await tellBoth(tx, conversation);
  return row!.id;
}

export type OpenRefusal = 'shop' | 'own-shop' | 'product' | 'order';

/**
 * A shopper opens (or returns to) the conversation with a shop, about a product of the
 * shop or an order of theirs from it: the card is posted once per opening, and what it is
 * about is kept (opening it without one keeps the last). A first message may come with it.
 */
export async function openConversation(
  db: Db,
  userId: number,
  request: { shopId: number; productId?: number | undefined; orderId?: number | undefined; message?: string | undefined },
): Promise<{ conversation: ConversationRow } | { refused: OpenRefusal }> {
  const [shop] = await db.select({ userId: shops.userId, active: shops.isActive }).from(shops).where(eq(shops.id, request.shopId));
  if (!shop || !shop.active) return { refused: 'shop' };
  if (shop.userId === userId) return { refused: 'own-shop' };
  if (request.productId !== undefined) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, request.productId), eq(products.shopId, request.shopId), eq(products.isActive, true)));
    if (!product) return { refused: 'product' };
  }
  if (request.orderId !== undefined) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.userId, userId), eq(orders.shopId, request.shopId)));
    if (!order) return { refused: 'order' };
  }
  return db.transaction(async (tx) => {
    const about = { ...(request.productId !== undefined ? { productId: request.productId } : {}), ...(request.orderId !== undefined ? { orderId: request.orderId } : {}) };
    await tx
      .insert(conversations)
      .values({ shopId: request.shopId, userId, productId: request.productId ?? null, orderId: request.orderId ?? null })
      .onConflictDoUpdate({ target: [conversations.shopId, conversations.userId], set: Object.keys(about).length ? about : { shopId: sql`excluded.shop_id` } });
    const conversation = (await findConversation(tx, { kind: 'user', userId }, request.shopId))!;
    const side: ChatSide = { kind: 'user', userId };
    // The card, unless the last message is the same card already (opening the chat twice from one page).
    if (request.productId !== undefined || request.orderId !== undefined) {
      const [last] = await tx
        .select({ productId: chatMessages.productId, orderId: chatMessages.orderId, role: chatMessages.senderRole })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      const same = last && last.role === 'user' && last.productId === (request.productId ?? null) && last.orderId === (request.orderId ?? null);
      if (!same) await insertMessage(tx, conversation, side, { productId: request.productId, orderId: request.orderId });
    }
    if (request.message) await insertMessage(tx, conversation, side, { message: request.message });
    return { conversation: (await findConversation(tx, side, request.shopId))! };
  });
}

/** Adds a message from the caller's side; null when there is no conversation (the shopper opens it first). */
export async function sendChatMessage(db: Db, side: ChatSide, other: number, message: string, locale: string): Promise<ChatMessageDto | null> {
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, side, other);
    if (!conversation) return null;
    const id = await insertMessage(tx, conversation, side, { message });
    const [dto] = await messageDtos(tx, [id], locale);
    return dto!;
  });
}

/** The product cards of messages and conversations, their names in the reader's language. */
async function productDtos(db: Db | Tx, ids: number[], locale: string): Promise<Map<number, ChatProductDto>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const cards = await toCards(db as Db, await selectCards(db as Db, locale).where(inArray(products.id, unique)));
  return new Map(
    cards.map((card) => [
      card.id,
      { id: card.id, name: card.name, thumbnail: card.thumbnail, price: card.price, discount_price: card.discount_price, rating: card.rating, total_reviews: card.total_reviews },
    ]),
  );
}

async function orderDtos(db: Db | Tx, ids: number[]): Promise<Map<number, ChatOrderDto>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: orders.id, code: orders.orderCode, status: orders.orderStatus }).from(orders).where(inArray(orders.id, unique));
  return new Map(rows.map((row) => [row.id, { id: row.id, order_code: row.code, order_status: orderStatusValue(row.status) }]));
}

async function messageDtos(db: Db | Tx, ids: number[], locale: string): Promise<ChatMessageDto[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids)).orderBy(desc(chatMessages.id));
  const cards = await productDtos(
    db,
    rows.flatMap((row) => (row.productId ? [row.productId] : [])),
    locale,
  );
  const orderCards = await orderDtos(
    db,
    rows.flatMap((row) => (row.orderId ? [row.orderId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.senderRole,
    message: row.message,
    product: row.productId ? (cards.get(row.productId) ?? null) : null,
    order: row.orderId ? (orderCards.get(row.orderId) ?? null) : null,
    is_seen: row.seenAt !== null,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * A page of a conversation's messages, newest first; the other side's messages on it are
 * marked read. Null when there is no conversation.
 */
export async function conversationMessages(
  db: Db,
  side: ChatSide,
  other: number,
  page: Page,
  locale: string,
): Promise<{ conversation: ConversationDto; total: number; messages: ChatMessageDto[] } | null> {
  const conversation = await findConversation(db, side, other);
  if (!conversation) return null;
  const { limit, offset } = limitOffset(page);
  const ids = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db.select({ total: count() }).from(chatMessages).where(eq(chatMessages.conversationId, conversation.id))) as [{ total: number }];
  const unread = and(
    eq(chatMessages.conversationId, conversation.id),
    eq(chatMessages.senderRole, otherSender(side)),
    isNull(chatMessages.seenAt),
    ids.length
      ? inArray(
          chatMessages.id,
          ids.map((row) => row.id),
        )
      : sql`false`,
  );
  // The marks and their event in one transaction (ADR 020): the reader's other tabs (their
  // unread badge) and the sender's "seen" follow, and never hear of marks not committed.
  await db.transaction(async (tx) => {
    const marked = await tx.update(chatMessages).set({ seenAt: new Date() }).where(unread).returning({ id: chatMessages.id });
    if (marked.length) await tellBoth(tx, conversation);
  });
  const messages = await messageDtos(
    db,
    ids.map((row) => row.id),
    locale,
  );
  // Read after the marks, so its unread counts are what is left.
  const [summary] = (await listConversations(db, side, undefined, { page: 1, per_page: 1 }, locale, conversation.id)).data;
  return { conversation: summary!, total, messages };
}

/** The caller's unread messages across their conversations (the other side's, not read yet). */
export async function unreadMessages(db: Db, side: ChatSide): Promise<number> {
  const [row] = await unreadMessagesQuery(db, side);
  return row?.n ?? 0;
}

/** `unreadMessages`' statement, which others may nest. */
export function unreadMessagesQuery(db: Db, side: ChatSide) {
  const mine = side.kind === 'user' ? eq(conversations.userId, side.userId) : eq(conversations.shopId, side.shopId);
  return db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(mine, eq(chatMessages.senderRole, otherSender(side)), isNull(chatMessages.seenAt)));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The caller's conversations, latest message first, with the other side, the last message and unread counts. */
export async function listConversations(db: Db, side: ChatSide, search: string | undefined, page: Page, locale: string, only?: number): Promise<ConversationListDto> {
  const mine: SQL = side.kind === 'user' ? eq(conversations.userId, side.userId) : eq(conversations.shopId, side.shopId);
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  // A shopper finds a shop by its name in the page's language or in the shop's own.
  const named = pattern
    ? side.kind === 'user'
      ? or(ilike(shops.name, pattern), ilike(localized(shops.name, shops.translations, 'name', locale), pattern))
      : ilike(users.name, pattern)
    : undefined;
  const where = and(mine, named, only === undefined ? undefined : eq(conversations.id, only));
  const base = () =>
    db.select().from(conversations).innerJoin(shops, eq(shops.id, conversations.shopId)).innerJoin(users, eq(users.id, conversations.userId)).where(where).$dynamic();
  const [{ total }] = (await db
    .select({ total: count() })
    .from(conversations)
    .innerJoin(shops, eq(shops.id, conversations.shopId))
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(where)) as [{ total: number }];
  const { limit, offset } = limitOffset(page);
  const rows = await base()
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.conversations.id);
  if (!ids.length) return { total, data: [] };
  const unread = await db
    .select({ conversationId: chatMessages.conversationId, role: chatMessages.senderRole, n: count() })
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, ids), isNull(chatMessages.seenAt)))
    .groupBy(chatMessages.conversationId, chatMessages.senderRole);
  const lastIds = await db
    .select({ conversationId: chatMessages.conversationId, id: sql<number>`max(${chatMessages.id})`.mapWith(Number) })
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, ids))
    .groupBy(chatMessages.conversationId);
  const lastMessages = new Map(
    (
      await messageDtos(
        db,
        lastIds.map((row) => row.id),
        locale,
      )
    ).map((message) => [message.id, message]),
  );
  const lastByConversation = new Map(lastIds.map((row) => [row.conversationId, lastMessages.get(row.id)]));
  const cards = await productDtos(
    db,
    rows.flatMap((row) => (row.conversations.productId ? [row.conversations.productId] : [])),
    locale,
  );
  const orderCards = await orderDtos(
    db,
    rows.flatMap((row) => (row.conversations.orderId ? [row.conversations.orderId] : [])),
  );
  const unreadOf = (id: number, role: ChatSender) => unread.find((row) => row.conversationId === id && row.role === role)?.n ?? 0;
  const data: ConversationDto[] = rows.map(({ conversations: conversation, shops: shop, users: user }) => {
    const last = lastByConversation.get(conversation.id);
    const lastText = last ? (last.message ?? last.product?.name ?? last.order?.order_code ?? null) : null;
    return {
      id: conversation.id,
      shop: { id: shop.id, name: pickLocalized(shop.name, shop.translations, 'name', locale), logo: shop.logo, rating: Number(shop.rating) },
      user: { id: user.id, name: user.name, profile_photo: user.profilePhoto },
      product: conversation.productId ? (cards.get(conversation.productId) ?? null) : null,
      order: conversation.orderId ? (orderCards.get(conversation.orderId) ?? null) : null,
      last_message: lastText && lastText.length > 60 ? `${lastText.slice(0, 60)}…` : lastText,
      last_message_time: conversation.lastMessageAt?.toISOString() ?? null,
      unread_message_user: unreadOf(conversation.id, 'user'),
      unread_message_shop: unreadOf(conversation.id, 'shop'),
    };
  });
  return { total, data };
}
