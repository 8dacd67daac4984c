/**
 * Changing an order's status (the statuses of docs/product.md §3.5), shared by the shopper's
 * cancel (service.ts), the unpaid-order sweep (expiry.ts), the seller's dashboard
 * (modules/seller/order-routes.ts) and the operator command (src/server/cli/orders.ts):
 * what a cancel gives back, what a delivery settles, and the status history each change
 * writes with who made it. The rule of which moves are allowed, and for whom, is
 * lib/order-lifecycle.ts.
 *
 * Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { LIVE_EVENT_KINDS } from '../../../contracts/live.ts';
import { recordLiveEvent } from '../live/events.ts';
import { collectedVouchers, flashSaleProducts, orderItems, orders, orderStatusHistory, payments, products, vouchers } from '../../db/schema/index.ts';
import { isLifecycleStatus, nextStatuses, transitionProblem, type LifecycleStatus, type OrderActor } from '../../../lib/order-lifecycle.ts';
import type { RefundReason } from '../payments/provider.ts';
import { recordRefund } from '../payments/refunds.ts';
import { clawBackOrder, creditDeliveredOrder } from '../seller/ledger.ts';
import { notifyShop } from '../seller/notifications.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Order = typeof orders.$inferSelect;

/**
 * Gives back what an order took: its stock (and units sold), its units of a flash sale's
 * allocation, and its voucher use. Shared by cancelling and by an expired online payment.
 */
export async function restoreOrderHoldings(tx: Tx, order: Order): Promise<void> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const ids = [...new Set(items.map((item) => item.productId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length) await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
  for (const item of items) {
    if (item.productId === null) continue;
    await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${item.quantity}`, totalSold: sql`greatest(${products.totalSold} - ${item.quantity}, 0)` })
      .where(eq(products.id, item.productId));
    if (item.flashSaleId !== null) {
      await tx
        .update(flashSaleProducts)
        .set({ sold: sql`greatest(${flashSaleProducts.sold} - ${item.quantity}, 0)` })
        .where(and(eq(flashSaleProducts.flashSaleId, item.flashSaleId), eq(flashSaleProducts.productId, item.productId)));
    }
  }
  if (order.couponId !== null && order.couponDiscount > 0) {
    await tx
      .update(collectedVouchers)
      .set({ timesUsed: sql`greatest(${collectedVouchers.timesUsed} - 1, 0)` })
      .where(and(eq(collectedVouchers.userId, order.userId), eq(collectedVouchers.voucherId, order.couponId)));
    // And its use in all, which placement counted against the voucher's total limit (place.ts).
    await tx
      .update(vouchers)
      .set({ totalUsed: sql`greatest(${vouchers.totalUsed} - 1, 0)` })
      .where(eq(vouchers.id, order.couponId));
  }
}

/** A payment's amount follows its orders that still stand (a cancelled one no longer counts). */
async function settlePaymentAmount(tx: Tx, paymentId: number): Promise<void> {
  await tx
    .update(payments)
    .set({
      amount: sql`(select coalesce(sum(${orders.payableAmount}), 0)::int from ${orders} where ${orders.paymentId} = ${paymentId} and ${orders.orderStatus} <> 'cancelled')`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}

/**
 * Writes one step of an order's history, with who took it. The history keeps each status
 * once (UNIQUE(order_id, status)), so a step written already is not written again: false.
 * A step written tells the open pages of the order's shopper and shop, at commit.
 */
async function writeStep(tx: Tx, order: Order, status: LifecycleStatus, actor: OrderActor, note: string | null, now: Date): Promise<boolean> {
  const written = await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, status, actor, note, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: orderStatusHistory.id });
  if (written.length === 0) return false;
  // The shopper's order pages and the shop's dashboard open now follow it (modules/live).
  await recordLiveEvent(tx, { userId: order.userId }, LIVE_EVENT_KINDS.orderStatus, String(order.id));
  await recordLiveEvent(tx, { shopId: order.shopId }, LIVE_EVENT_KINDS.orderStatus, String(order.id));
  return true;
}

export interface CancelOptions {
  note: string;
  now: Date;
  actor: OrderActor;
  /** Why the money of an order paid online goes back (the provider's reason), or null. */
  refundReason?: RefundReason | null;
}

/** The shop's dashboard notice of a cancel it did not make itself (docs/decisions/017-sellers.md). */
const CANCEL_NOTICES: Partial<Record<OrderActor, string>> = {
  shopper: 'Order {{code}} was cancelled by the customer.',
  system: 'Order {{code}} was cancelled: it was not paid in time.',
};

/**
 * Cancels an order the caller has locked (`for update`) in `tx` and found cancellable:
 * its stock, sale allocation and voucher use go back, a paid order's payment is marked
 * refunded, a net already credited to the shop is taken back, the history records it
 * with its actor, the checkout's payment no longer counts it, and the shop is told of a
 * cancel it did not make. An order paid online gets its refund recorded here, in the same
 * transaction, for the caller to send through the provider once this commits
 * (payments/refunds.ts): the refund's id, or null when no money goes back through a
 * provider. An order whose history has its cancel already is left as it is (null).
 */
export async function cancelLockedOrder(tx: Tx, order: Order, { note, now, actor, refundReason = null }: CancelOptions): Promise<number | null> {
  if (!(await writeStep(tx, order, 'cancelled', actor, note, now))) return null;
  await restoreOrderHoldings(tx, order);
  await tx
    .update(orders)
    .set({ orderStatus: 'cancelled', paymentStatus: order.paymentStatus === 'paid' ? 'refunded' : order.paymentStatus, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (order.paymentId !== null) await settlePaymentAmount(tx, order.paymentId);
  // Delivered is final today, so nothing credited is ever cancelled; should that change, the credit goes back here.
  await clawBackOrder(tx, order, now);
  const notice = CANCEL_NOTICES[actor];
  if (notice) {
    await notifyShop(
      tx,
      {
        shopId: order.shopId,
        type: 'order_cancelled',
        eventKey: `order:${order.id}:cancelled`,
        title: 'Order cancelled',
        message: notice,
        params: { code: order.orderCode },
        url: `/shop/orders/${order.id}`,
      },
      now,
    );
  }
  return recordRefund(tx, order, refundReason, now);
}

/**
 * Cash on delivery is paid when it is delivered: the order's payment is paid, and the
 * checkout's payment too once every order of it still standing is.
 */
async function collectCash(tx: Tx, order: Order, now: Date): Promise<void> {
  if (order.paymentMethod !== 'cash' || order.paymentStatus !== 'pending') return;
  await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order.id));
  if (order.paymentId === null) return;
  const unpaid = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentId, order.paymentId), ne(orders.orderStatus, 'cancelled'), ne(orders.paymentStatus, 'paid')));
  if (unpaid.length === 0) {
    await tx
      .update(payments)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(payments.id, order.paymentId), eq(payments.status, 'pending')));
  }
}

/** Why a change was refused: no such order (for this shop), a status we do not know, or a move the actor may not make. */
export type OrderStatusProblem = 'not_found' | 'unknown_status' | 'not_allowed';

/** A change the lifecycle does not allow, or an order that is not there: the operator's message, and what the API answers from. */
export class OrderStatusError extends Error {
  readonly problem: OrderStatusProblem;
  /** Where the order is, and where this actor may take it next (not_allowed only). */
  readonly from: LifecycleStatus | null;
  readonly allowed: LifecycleStatus[];

  constructor(message: string, problem: OrderStatusProblem, from: LifecycleStatus | null = null, allowed: LifecycleStatus[] = []) {
    super(message);
    this.problem = problem;
    this.from = from;
    this.allowed = allowed;
  }
}

export interface StatusChange {
  orderId: number;
  orderCode: string;
  shopId: number;
  userId: number;
  from: LifecycleStatus;
  to: LifecycleStatus;
  actor: OrderActor;
  /** False when the order had reached `to` already (a repeated or concurrent change): nothing was written. */
  changed: boolean;
  /** The order's payment status after the change. */
  paymentStatus: string;
  /** A cancel of an order paid online: the refund to send through the provider now that it is committed. */
  refundId: number | null;
}

/** "#AB000012" however it is typed: with or without "#", any case. */
export const normalCode = (code: string) => {
  const trimmed = code.trim().toUpperCase();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
};

/** The order to change: by its code (the operator), or by id within a shop (the seller: another shop's order is not found). */
export type OrderRef = string | { id: number; shopId?: number };

export interface ChangeOptions {
  actor?: OrderActor;
  note?: string | undefined;
  now?: Date;
}

/** What the seller's own cancel writes when the seller gives no reason. */
const DEFAULT_CANCEL_NOTE: Record<OrderActor, string> = {
  seller: 'Cancelled by the shop',
  operator: 'Cancelled by the shop',
  shopper: 'Cancelled by the customer',
  system: 'Cancelled: not paid in time',
};

/**
 * Moves the order to `to` for `actor` (the operator by default), if the lifecycle allows
 * it from where it is, under the order's row lock: two changes never both pass the check,
 * and each step is written once. A change to a status the order has reached already (the
 * same request repeated, or sent twice at once) is answered with `changed: false` and
 * writes nothing. Delivering settles cash on delivery and credits the shop's ledger with
 * the order's net, once; cancelling gives back what the order holds (cancelLockedOrder)
 * and records the refund of an order paid online, which the caller sends once this has
 * committed (payments/refunds.ts sendRefund).
 */
export async function changeOrderStatus(db: Db, ref: OrderRef, to: string, options: ChangeOptions = {}): Promise<StatusChange> {
  if (!isLifecycleStatus(to)) throw new OrderStatusError(`Unknown status "${to}".`, 'unknown_status');
  const actor = options.actor ?? 'operator';
  const now = options.now ?? new Date();
  const note = options.note?.trim() || null;
  const where: SQL | undefined =
    typeof ref === 'string'
      ? eq(sql`upper(${orders.orderCode})`, normalCode(ref))
      : and(eq(orders.id, ref.id), ...(ref.shopId === undefined ? [] : [eq(orders.shopId, ref.shopId)]));
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(where).for('update');
    if (!order) throw new OrderStatusError(typeof ref === 'string' ? `No order with the code ${normalCode(ref)}.` : 'Order not found.', 'not_found');
    const from = order.orderStatus;
    const base = { orderId: order.id, orderCode: order.orderCode, shopId: order.shopId, userId: order.userId, from, to, actor };
    const unchanged = { ...base, changed: false, paymentStatus: order.paymentStatus, refundId: null };
    if (from === to) return unchanged;
    const problem = transitionProblem(from, to, actor);
    if (problem) {
      // A step the order took already on its way (a repeat that arrives after the next step): answered,
      // not refused. A cancelled order has left that way: a step asked of it is refused.
      const [reached] = await tx
        .select({ id: orderStatusHistory.id })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.status, to)));
      if (reached && to !== 'pending' && from !== 'cancelled') return unchanged;
      throw new OrderStatusError(`${order.orderCode}: ${problem}`, 'not_allowed', from, nextStatuses(from, actor));
    }
    let paymentStatus: string = order.paymentStatus;
    let refundId: number | null = null;
    if (to === 'cancelled') {
      refundId = await cancelLockedOrder(tx, order, { note: note ?? DEFAULT_CANCEL_NOTE[actor], now, actor, refundReason: actor === 'shopper' ? 'requested_by_customer' : null });
      if (paymentStatus === 'paid') paymentStatus = 'refunded';
    } else {
      if (!(await writeStep(tx, order, to, actor, note, now))) return unchanged;
      await tx.update(orders).set({ orderStatus: to, updatedAt: now }).where(eq(orders.id, order.id));
      if (to === 'delivered') {
        await collectCash(tx, order, now);
        await creditDeliveredOrder(tx, order, now);
        if (order.paymentMethod === 'cash' && paymentStatus === 'pending') paymentStatus = 'paid';
      }
    }
    return { ...base, changed: true, paymentStatus, refundId };
  });
}
