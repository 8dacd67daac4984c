/**
 * Changing an order's status (the statuses of docs/product.md §3.5), shared by the shopper's cancel
 * (service.ts) and the operator command (src/server/cli/orders.ts): what a cancel
 * gives back, and the status history each change writes. The rule of which moves are
 * allowed is lib/order-lifecycle.ts.
 *
 * Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { collectedVouchers, flashSaleProducts, orderItems, orders, orderStatusHistory, payments, products } from '../../db/schema/index.ts';
import { isLifecycleStatus, transitionProblem, type LifecycleStatus } from '../../../lib/order-lifecycle.ts';
import type { RefundReason } from '../payments/provider.ts';
import { recordRefund } from '../payments/refunds.ts';

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
 * Cancels an order the caller has locked (`for update`) in `tx` and found cancellable:
 * its stock, sale allocation and voucher use go back, a paid order's payment is marked
 * refunded, the history records it and the checkout's payment no longer counts it. An
 * order paid online gets its refund recorded here, in the same transaction, for the
 * caller to send through the provider once this commits (payments/refunds.ts): the
 * refund's id, or null when no money goes back through a provider.
 */
export async function cancelLockedOrder(tx: Tx, order: Order, note: string, now: Date, refundReason: RefundReason | null = null): Promise<number | null> {
  await restoreOrderHoldings(tx, order);
  await tx
    .update(orders)
    .set({ orderStatus: 'cancelled', paymentStatus: order.paymentStatus === 'paid' ? 'refunded' : order.paymentStatus, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'cancelled', note, createdAt: now });
  if (order.paymentId !== null) await settlePaymentAmount(tx, order.paymentId);
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

/** A change the lifecycle does not allow, or an order that is not there: the operator's message. */
export class OrderStatusError extends Error {}

export interface StatusChange {
  orderId: number;
  orderCode: string;
  from: LifecycleStatus;
  to: LifecycleStatus;
  /** The order's payment status after the change. */
  paymentStatus: string;
  /** A cancel of an order paid online: the refund to send through the provider now that it is committed. */
  refundId: number | null;
}

/** "#AB000012" however it is typed: with or without "#", any case. */
const normalCode = (code: string) => {
  const trimmed = code.trim().toUpperCase();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
};

/**
 * Moves the order with this code to `to`, if the lifecycle allows it from where it is,
 * under the order's row lock (so two changes never both pass the check), writing the
 * status history. Cancelling gives back what the order holds, as a shopper's cancel does,
 * and records the refund of an order paid online, which the caller sends once this has
 * committed (payments/refunds.ts sendRefund).
 */
export async function changeOrderStatus(db: Db, code: string, to: string, options: { note?: string | undefined; now?: Date } = {}): Promise<StatusChange> {
  if (!isLifecycleStatus(to)) throw new OrderStatusError(`Unknown status "${to}".`);
  const now = options.now ?? new Date();
  const note = options.note?.trim() || null;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(sql`upper(${orders.orderCode})`, normalCode(code)))
      .for('update');
    if (!order) throw new OrderStatusError(`No order with the code ${normalCode(code)}.`);
    const from = order.orderStatus;
    const problem = transitionProblem(from, to);
    if (problem) throw new OrderStatusError(`${order.orderCode}: ${problem}`);
    let paymentStatus: string = order.paymentStatus;
    let refundId: number | null = null;
    if (to === 'cancelled') {
      refundId = await cancelLockedOrder(tx, order, note ?? 'Cancelled by the shop', now);
      if (paymentStatus === 'paid') paymentStatus = 'refunded';
    } else {
      await tx.update(orders).set({ orderStatus: to, updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: to, note, createdAt: now });
      if (to === 'delivered') {
        await collectCash(tx, order, now);
        if (order.paymentMethod === 'cash' && paymentStatus === 'pending') paymentStatus = 'paid';
      }
    }
    return { orderId: order.id, orderCode: order.orderCode, from, to, paymentStatus, refundId };
  });
}
