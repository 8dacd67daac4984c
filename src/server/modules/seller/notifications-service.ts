import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SellerNotificationDto, SellerNotificationList } from '@/contracts/seller-notification';
import type { Db } from '../../db';
import { shopNotifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isolateValues } from '@/lib/bidi';
import type { Translate } from '@/lib/i18n';
import { limitOffset, type Page } from '@/lib/pagination';
import { timeAgo } from '@/lib/relative-time';

/**
 * A shop's notifications as its owner reads them (docs/decisions/017-sellers.md). They
 * are written once per event by notifications.ts notifyShop; here they are listed,
 * translated (title and message are English source texts with params, ADR 003), marked
 * read and deleted. Every query is scoped to the seller's own shop: another shop's
 * notification is not found.
 */

type NotificationRow = typeof shopNotifications.$inferSelect;

export function toNotificationDto(row: NotificationRow, t: Translate, locale: string, now: Date): SellerNotificationDto {
  return {
    id: row.id,
    type: row.type,
    // A name, a code or an amount in the owner's sentence, isolated (lib/bidi.ts).
    title: t(row.title, isolateValues(row.params)),
    message: t(row.message, isolateValues(row.params)),
    url: row.url,
    created_at: timeAgo(row.createdAt, now, locale),
    created_at_iso: row.createdAt.toISOString(),
    is_read: row.readAt !== null,
  };
}

const ofShop = (shopId: number) => eq(shopNotifications.shopId, shopId);

/** GET /seller/notifications: unread first, then newest; `unread` counts the shop's unread in all. */
export async function listNotifications(
  db: Db,
  shopId: number,
  query: Page & { is_read?: boolean | undefined },
  t: Translate,
  locale: string,
  now: Date,
): Promise<SellerNotificationList> {
  const where = and(ofShop(shopId), query.is_read === undefined ? undefined : query.is_read ? isNotNull(shopNotifications.readAt) : isNull(shopNotifications.readAt));
  const { limit, offset } = limitOffset(query);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(shopNotifications)
      .where(where)
      .orderBy(sql`${shopNotifications.readAt} is null desc`, desc(shopNotifications.createdAt), desc(shopNotifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(shopNotifications).where(where),
    db
      .select({ n: count() })
      .from(shopNotifications)
      .where(and(ofShop(shopId), isNull(shopNotifications.readAt))),
  ]);
  return { total: total?.n ?? 0, unread: unread?.n ?? 0, notification: rows.map((row) => toNotificationDto(row, t, locale, now)) };
}

/** POST /seller/notifications/{id}: read now (a notification read already keeps its first reading). */
export async function markNotificationRead(db: Db, shopId: number, id: number, t: Translate, locale: string, now: Date): Promise<SellerNotificationDto> {
  await db
    .update(shopNotifications)
    .set({ readAt: now })
    .where(and(eq(shopNotifications.id, id), ofShop(shopId), isNull(shopNotifications.readAt)));
  const [row] = await db
    .select()
    .from(shopNotifications)
    .where(and(eq(shopNotifications.id, id), ofShop(shopId)));
  if (!row) throw notFound(t('Notification not found.'));
  return toNotificationDto(row, t, locale, now);
}

/** POST /seller/notifications/read-all: every unread one of the shop read now; how many were. */
export async function markAllNotificationsRead(db: Db, shopId: number, now: Date): Promise<number> {
  const read = await db
    .update(shopNotifications)
    .set({ readAt: now })
    .where(and(ofShop(shopId), isNull(shopNotifications.readAt)))
    .returning({ id: shopNotifications.id });
  return read.length;
}

/** DELETE /seller/notifications/{id}. */
export async function deleteNotification(db: Db, shopId: number, id: number, t: Translate): Promise<void> {
  const gone = await db
    .delete(shopNotifications)
    .where(and(eq(shopNotifications.id, id), ofShop(shopId)))
    .returning({ id: shopNotifications.id });
  if (gone.length === 0) throw notFound(t('Notification not found.'));
}
