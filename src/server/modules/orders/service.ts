import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { ORDER_STATUSES, orderItems, orders, orderStatusHistory, refunds, reviews, shops } from '../../db/schema';
import { ApiError, notFound, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { dayMonthYear } from '@/lib/dates';
import { deliveryEstimate } from '@/lib/delivery-time';
import { fromMinor } from '@/lib/money';
import { paymentMethodValue, paymentStatusValue } from '@/lib/order-payment';
import { orderStatusValue } from '@/lib/order-status';
import type { OrderDetailsDto, OrderSummaryDto, StatusWiseOrders } from '@/contracts/order';
import { priceProduct } from '@/lib/price';
import { linesVat, type VatRate } from '@/lib/totals';
import type { Page } from '@/lib/pagination';
import { limitOffset } from '@/lib/pagination';
import { ratingValue } from '../catalog/format';
import { addUnits, chooseOptions, sellable } from '../cart/service';
import { CANCELLABLE_STATUSES } from '@/lib/order-lifecycle';
import { cancelLockedOrder, type StatusChange } from './lifecycle';
import { notifyNewReview } from '../seller/notifications';

/**
 * A shopper's orders (docs/product.md §7.4 calls, §3.5 Order shape): the list with counts
 * by status, the details with the status timeline, and the changes a shopper may make:
 * cancel (restoring stock, sale allocation and voucher use in one transaction), order
 * again, review a delivered product. Another shopper's order is a 404 everywhere.
 */

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export async function statusWiseOrders(db: Db, userId: number): Promise<StatusWiseOrders> {
  const rows = await db.select({ status: orders.orderStatus, total: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.orderStatus);
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of rows) counts[row.status] = row.total;
  return { all: rows.reduce((sum, row) => sum + row.total, 0), ...counts };
}

const quantityOf = sql<number>`(select coalesce(sum(items.quantity), 0)::int from ${orderItems} items where items.order_id = ${orders}.id)`;

/** The shopper's orders of one status or all, newest placed first: `limit` of them from `offset`. */
async function summaries(db: Db, userId: number, status: OrderStatus | undefined, { limit, offset }: { limit: number; offset: number }): Promise<OrderSummaryDto[]> {
  const rows = await db
    .select({ order: orders, quantity: quantityOf, shopName: shops.name, shopLogo: shops.logo })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.userId, userId), ...(status ? [eq(orders.orderStatus, status)] : [])))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => toSummary(row.order, Number(row.quantity), { id: row.order.shopId, name: row.shopName, logo: row.shopLogo }));
}

/** A page of the shopper's orders, newest first, of one status or all. */
export async function listOrders(db: Db, userId: number, status: OrderStatus | undefined, page: Page): Promise<{ total: number; orders: OrderSummaryDto[] }> {
  const where = and(eq(orders.userId, userId), ...(status ? [eq(orders.orderStatus, status)] : []));
  const [[totalRow], list] = await Promise.all([db.select({ total: count() }).from(orders).where(where), summaries(db, userId, status, limitOffset(page))]);
  return { total: totalRow?.total ?? 0, orders: list };
}

/** The latest `limit` orders, newest placed first (the dashboard's recent orders). */
export function recentOrders(db: Db, userId: number, limit: number): Promise<OrderSummaryDto[]> {
  return summaries(db, userId, undefined, { limit, offset: 0 });
}

function toSummary(order: typeof orders.$inferSelect, quantity: number, shop: OrderSummaryDto['shop']): OrderSummaryDto {
  return {
    id: order.id,
    order_code: order.orderCode,
    quantity,
    amount: fromMinor(order.payableAmount),
    payment_method: paymentMethodValue(order.paymentMethod),
    payment_status: paymentStatusValue(order.paymentStatus),
    order_status: orderStatusValue(order.orderStatus),
    created_at: order.createdAt.toISOString(),
    placed_at: dayMonthYear(order.placedAt),
    placed_at_iso: order.placedAt.toISOString(),
    address: order.address,
    shop,
  };
}

/** GET /order-details: null when it is not this shopper's order. */
export async function orderDetails(db: Db, userId: number, orderId: number): Promise<OrderDetailsDto | null> {
  const [row] = await db
    .select({ order: orders, shopName: shops.name, shopLogo: shops.logo, shopRating: shops.rating, deliveryTime: shops.estimatedDeliveryTime })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const { order } = row;
  const [items, history, ratings, [refund]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ productId: reviews.productId, rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.orderId, order.id), eq(reviews.userId, userId))),
    db.select({ status: refunds.status }).from(refunds).where(eq(refunds.orderId, order.id)),
  ]);
  // The lines' VAT as the checkout figured it (lib/totals.ts), from the prices the lines kept.
  const vat = linesVat(items.map((item) => ({ total: priceProduct(item, { quantity: item.quantity }).total, vatTaxes: item.vatTaxes as VatRate[] })));
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    ...toSummary(order, quantity, { id: order.shopId, name: row.shopName, logo: row.shopLogo }),
    estimated_delivery_date: order.estimatedDeliveryDate ? dayMonthYear(order.estimatedDeliveryDate) : deliveryEstimate(row.deliveryTime),
    estimated_delivery_date_iso: order.estimatedDeliveryDate?.toISOString() ?? null,
    total_amount: fromMinor(order.totalAmount),
    tax_amount: fromMinor(order.taxAmount),
    discount: fromMinor(order.discount),
    coupon_discount: fromMinor(order.couponDiscount),
    payable_amount: fromMinor(order.payableAmount),
    delivery_charge: fromMinor(order.deliveryCharge),
    note: order.note,
    payment_gateway: order.paymentGateway,
    shop: { id: order.shopId, name: row.shopName, logo: row.shopLogo, rating: ratingValue(row.shopRating) },
    invoice_url: `/order-history/${order.id}/invoice`,
    all_vat_taxes: vat.map((tax) => ({ name: tax.name, percentage: Number(tax.percentage), amount: fromMinor(tax.amount) })),
    products: items.map((item) => ({
      id: item.productId,
      name: item.name,
      brand: item.brand,
      thumbnail: item.thumbnail,
      price: fromMinor(item.price),
      discount_price: fromMinor(item.discountPrice),
      order_qty: item.quantity,
      color: item.color,
      size: item.size,
      unit: item.unit,
      rating: ratings.find((review) => review.productId === item.productId)?.rating ?? 0,
    })),
    status_history: history.map((entry) => ({ status: orderStatusValue(entry.status), created_at: entry.createdAt.toISOString() })),
    can_cancel: CANCELLABLE_STATUSES.includes(order.orderStatus),
    can_pay: order.paymentMethod === 'online' && order.paymentStatus !== 'paid' && order.orderStatus !== 'cancelled',
    can_review: order.orderStatus === 'delivered',
    refund_status: refund?.status ?? null,
  };
}

/**
 * POST /orders/cancel: in one transaction, under the order's row lock, so it happens once.
 * The refund of an order paid online is recorded with it; the route sends it after this.
 */
export async function cancelOrder(db: Db, userId: number, orderId: number, t: Translate, now = new Date()): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw notFound(t('Order not found.'));
    if (!CANCELLABLE_STATUSES.includes(order.orderStatus)) throw new ApiError(409, t('This order can no longer be cancelled.'));
    const refundId = await cancelLockedOrder(tx, order, { note: 'Cancelled by the customer', now, actor: 'shopper', refundReason: 'requested_by_customer' });
    const { id, orderCode, shopId } = order;
    return {
      ...{ orderId: id, orderCode, shopId, userId, from: order.orderStatus, to: 'cancelled' as const, actor: 'shopper' as const, changed: true, refundId },
      paymentStatus: order.paymentStatus === 'paid' ? 'refunded' : order.paymentStatus,
    };
  });
}

/**
 * POST /place-order/again: the order's products go back into the cart, each with its
 * options where they still exist, as /cart/store adds them (cart/service.ts `addUnits`,
 * under the one line rule). The ones that cannot be bought any more, or not as many as
 * ordered next to what the cart already holds, are left out and named.
 */
export async function orderAgain(db: Db, userId: number, orderId: number, t: Translate): Promise<{ added: number; skipped: string[] }> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(t('Order not found.'));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const skipped: string[] = [];
  let added = 0;
  for (const item of items) {
    const refusal = item.productId ? await addOrderedItem(db, userId, item.productId, item, t) : true;
    if (refusal) skipped.push(item.name);
    else added += 1;
  }
  return { added, skipped };
}

/**
 * One ordered item back into the cart in the size and colour it was ordered in. A product
 * that can no longer be bought, or whose ordered size or colour is gone while it comes in
 * others (the shopper must choose: cart/service.ts `chooseOptions`), is refused.
 */
async function addOrderedItem(
  db: Db,
  userId: number,
  productId: number,
  item: { size: string | null; color: string | null; quantity: number },
  t: Translate,
): Promise<ApiError | true | null> {
  try {
    const product = await sellable(db, productId, t);
    const chosen = { size: await optionId(db, 'size', productId, item.size), color: await optionId(db, 'color', productId, item.color) };
    const { sizeId, colorId } = chooseOptions(product, chosen, t);
    return await addUnits(db, userId, { ...product, productId, sizeId, colorId, quantity: item.quantity, buyNow: false }, t);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return error;
    throw error;
  }
}

/** The id of a size or colour the product still comes in, by the name the order kept. */
async function optionId(db: Db, kind: 'size' | 'color', productId: number, name: string | null): Promise<number | null> {
  if (!name) return null;
  const query =
    kind === 'size'
      ? sql`select s.id from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = ${productId} and s.name = ${name}`
      : sql`select c.id from product_colors pc join colors c on c.id = pc.color_id where pc.product_id = ${productId} and c.name = ${name}`;
  const result = (await db.execute(query)) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/**
 * POST /product-review: a rating (1-5) and text for a product of a delivered order, once
 * per ordered product; the product's and shop's cached ratings follow.
 */
export async function reviewProduct(
  db: Db,
  userId: number,
  input: { productId: number; orderId: number; rating: number; review?: string | undefined },
  t: Translate,
): Promise<void> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(t('Order not found.'));
  if (order.orderStatus !== 'delivered') throw validationError({ order_id: [t('You can review a product once its order is delivered.')] });
  const [item] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, input.productId)));
  if (!item) throw validationError({ product_id: [t('This product is not in the order.')] });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviews)
      .values({ productId: input.productId, shopId: order.shopId, userId, orderId: order.id, rating: input.rating, review: input.review ?? null })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (inserted.length === 0) throw validationError({ product_id: [t('You have already reviewed this product.')] });
    // The shop hears of it on its dashboard (docs/decisions/017-sellers.md), in the review's own transaction.
    await notifyNewReview(tx, inserted[0]!.id);
    await tx.execute(sql`
      update products set
        rating = coalesce((select round(avg(rating)::numeric, 1) from reviews where product_id = ${input.productId} and is_active), 0),
        total_reviews = (select count(*) from reviews where product_id = ${input.productId} and is_active)
      where id = ${input.productId}`);
    await tx.execute(sql`
      update shops set
        rating = coalesce((select round(avg(rating)::numeric, 1) from reviews where shop_id = ${order.shopId} and is_active), 0),
        total_reviews = (select count(*) from reviews where shop_id = ${order.shopId} and is_active)
      where id = ${order.shopId}`);
  });
}
