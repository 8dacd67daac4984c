import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { orderItems, orders, orderStatusHistory, shops, users } from '../../db/schema';
import { dayMonthYear } from '@/lib/dates';
import { fromMinor } from '@/lib/money';
import { nextStatuses } from '@/lib/order-lifecycle';
import { paymentStatusValue } from '@/lib/order-payment';
import { ORDER_STATUS_LABELS, orderStatusValue, type OrderStatusKey } from '@/lib/order-status';
import { limitOffset } from '@/lib/pagination';
import { SELLER_ORDER_TABS, type SellerOrder, type SellerOrderList, type SellerOrderListQuery } from '@/contracts/seller-order';
import { normalCode } from '../orders/lifecycle';

/**
 * A shop's orders as its seller sees them (docs/decisions/017-sellers.md "Orders"): every
 * query is scoped to the seller's own shop, so another shop's order is not found and the
 * counts by status never include another shop's orders, whatever the search.
 */

type OrderRow = typeof orders.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'name' | 'phone' | 'phoneCode' | 'email' | 'profilePhoto'>;

const DAY_MS = 86_400_000;

/** `text` for a LIKE pattern, its wildcards taken literally. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The search box: an order code (with or without "#", any case) or the shopper's name, e-mail or phone. */
function searchCondition(search: string): SQL {
  const words = likeText(search);
  const code = likeText(normalCode(search));
  const digits = search.replace(/\D/g, '');
  return or(
    sql`upper(${orders.orderCode}) like ${`%${code.slice(1)}%`}`,
    ilike(users.name, `%${words}%`),
    ilike(users.email, `%${words}%`),
    ...(digits.length >= 3 ? [sql`coalesce(${users.phoneCode}, '') || coalesce(${users.phone}, '') like ${`%${digits}%`}`] : []),
  )!;
}

/** The list's conditions but the status: the counts by status read these too. */
function listConditions(shopId: number, query: SellerOrderListQuery): SQL[] {
  const conditions: SQL[] = [eq(orders.shopId, shopId)];
  if (query.search) conditions.push(searchCondition(query.search));
  // Dates are whole UTC days, the end date included.
  if (query.start_date) conditions.push(gte(orders.placedAt, new Date(`${query.start_date}T00:00:00Z`)));
  if (query.end_date) conditions.push(lt(orders.placedAt, new Date(new Date(`${query.end_date}T00:00:00Z`).getTime() + DAY_MS)));
  return conditions;
}

/** GET /api/seller/orders: a page of the shop's orders, newest first, and the tabs' counts under the same search. */
export async function listSellerOrders(db: Db, shopId: number, query: SellerOrderListQuery): Promise<SellerOrderList> {
  const base = listConditions(shopId, query);
  const where = and(...base, ...(query.order_status ? [eq(orders.orderStatus, query.order_status)] : []));
  const { limit, offset } = limitOffset({ page: query.page, per_page: query.per_page });
  const [counts, rows] = await Promise.all([
    db
      .select({ status: orders.orderStatus, total: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(...base))
      .groupBy(orders.orderStatus),
    db
      .select({ order: orders, user: { name: users.name, phone: users.phone, phoneCode: users.phoneCode, email: users.email, profilePhoto: users.profilePhoto } })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
  ]);
  const byStatus = new Map(counts.map((row) => [row.status, row.total]));
  const all = counts.reduce((sum, row) => sum + row.total, 0);
  return {
    total_items: query.order_status ? (byStatus.get(query.order_status) ?? 0) : all,
    status_orders: SELLER_ORDER_TABS.map((tab) => ({
      name: tab.key ? ORDER_STATUS_LABELS[tab.key] : 'All',
      value: tab.key ? (byStatus.get(tab.key) ?? 0) : all,
      status: tab.status,
    })),
    orders: await toSellerOrders(db, shopId, rows),
  };
}

/** One of the shop's orders, or null when the shop has no such order. */
export async function sellerOrder(db: Db, shopId: number, orderId: number): Promise<SellerOrder | null> {
  const rows = await db
    .select({ order: orders, user: { name: users.name, phone: users.phone, phoneCode: users.phoneCode, email: users.email, profilePhoto: users.profilePhoto } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
  return (await toSellerOrders(db, shopId, rows))[0] ?? null;
}

const phoneOf = (user: UserRow) => (user.phone ? `${user.phoneCode ?? ''}${user.phone}` : null);

/** Rows to the seller's shape, their lines and histories read in one query each. */
async function toSellerOrders(db: Db, shopId: number, rows: { order: OrderRow; user: UserRow }[]): Promise<SellerOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [items, history, [shop]] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select({ deliveryTime: shops.estimatedDeliveryTime }).from(shops).where(eq(shops.id, shopId)),
  ]);
  return rows.map(({ order, user }) => {
    const steps = history.filter((entry) => entry.orderId === order.id);
    const delivered = steps.find((entry) => entry.status === 'delivered')?.createdAt ?? null;
    const status = order.orderStatus as OrderStatusKey;
    return {
      id: order.id,
      order_code: order.orderCode,
      amount: fromMinor(order.payableAmount),
      order_status: orderStatusValue(status),
      status,
      payment_status: paymentStatusValue(order.paymentStatus),
      payment_method: order.paymentMethod === 'cash' ? 'Cash' : 'Online',
      estimated_delivery_date: order.estimatedDeliveryDate ? dayMonthYear(order.estimatedDeliveryDate) : shop?.deliveryTime?.trim() || null,
      estimated_delivery_date_iso: order.estimatedDeliveryDate?.toISOString() ?? null,
      delivery_date: delivered ? dayMonthYear(delivered) : null,
      delivery_date_iso: delivered?.toISOString() ?? null,
      order_placed: dayMonthYear(order.placedAt),
      order_placed_iso: order.placedAt.toISOString(),
      delivery_charge: fromMinor(order.deliveryCharge),
      total_amount: fromMinor(order.totalAmount),
      discount: fromMinor(order.discount),
      coupon_discount: fromMinor(order.couponDiscount),
      tax_amount: fromMinor(order.taxAmount),
      note: order.note,
      user: {
        name: user.name,
        phone: phoneOf(user),
        email: user.email,
        profile_photo: user.profilePhoto,
        address: order.address && typeof order.address === 'object' ? (order.address as Record<string, unknown>) : null,
      },
      products: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          id: item.productId,
          name: item.name,
          thumbnail: item.thumbnail,
          price: fromMinor(item.price),
          discount_price: fromMinor(item.discountPrice),
          quantity: item.quantity,
          size: item.size,
          color: item.color,
          brand: item.brand,
          gross: fromMinor(item.gross),
          commission: fromMinor(item.commission),
          net: fromMinor(item.net),
        })),
      next_statuses: nextStatuses(status, 'seller'),
      commission: fromMinor(order.commissionAmount),
      seller_net: fromMinor(order.sellerNet),
      history: steps.map((entry) => ({
        status: orderStatusValue(entry.status),
        status_key: entry.status,
        actor: entry.actor,
        note: entry.note,
        created_at: entry.createdAt.toISOString(),
      })),
      invoice_url: null,
    };
  });
}
