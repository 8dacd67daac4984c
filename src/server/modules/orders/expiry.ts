import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { orders } from '../../db/schema';
import { refreshStock } from '../../cache';
import { summarizeError } from '../../http/log-safe';
import { loadSiteSettings } from '../master/settings';
import type { PaymentProviders } from '../payments/provider';
import { closeStalePaymentPage } from '../payments/stale-pages';
import type { Delivery } from '../messaging/delivery';
import { mailStatusChange } from './announce';
import { cancelLockedOrder, type StatusChange } from './lifecycle';

/** How many unpaid orders one sweep cancels at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;
/** The history's note of an expired order, and the line of the shopper's e-mail (translated there). */
const NOT_PAID_IN_TIME = 'Cancelled: not paid in time';
/** How often each server process sweeps. */
export const EXPIRY_SWEEP_MS = 60_000;

const expirable = (cutoff: Date) =>
  and(eq(orders.paymentMethod, 'online'), inArray(orders.paymentStatus, ['pending', 'failed']), eq(orders.orderStatus, 'pending'), lt(orders.placedAt, cutoff));

/**
 * Orders to be paid online that are still unpaid `unpaid_order_expiry_minutes` after they
 * were placed are cancelled, and give their stock, sale allocation and voucher use back
 * (lifecycle.ts), so an abandoned payment page cannot hold a product's stock for ever
 * (ADR 010). Each order is checked again under its row lock, so several processes sweeping
 * at once, or a payment arriving meanwhile, cancel it at most once; a payment that still
 * arrives after the cancel is recorded as owed back (payments/service.ts). With `mail`, each
 * shopper is told by e-mail in the language of the order (announce.ts). The ids of the
 * orders cancelled.
 */
export async function expireUnpaidOrders(
  db: Db,
  providers: PaymentProviders,
  log: Pick<Logger, 'warn'>,
  { now = new Date(), mail }: { now?: Date; mail?: { delivery: Delivery; log: Logger } } = {},
): Promise<number[]> {
  const { unpaid_order_expiry_minutes: minutes } = await loadSiteSettings(db);
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const candidates = await db.select({ id: orders.id }).from(orders).where(expirable(cutoff)).orderBy(asc(orders.id)).limit(SWEEP_BATCH);
  const cancelled: number[] = [];
  for (const { id } of candidates) {
    const change = await db.transaction(async (tx): Promise<StatusChange | null> => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), expirable(cutoff)))
        .for('update');
      if (!order) return null;
      await cancelLockedOrder(tx, order, { note: NOT_PAID_IN_TIME, now, actor: 'system' });
      const { orderCode, shopId, userId, paymentStatus } = order;
      return { orderId: id, orderCode, shopId, userId, from: 'pending', to: 'cancelled', actor: 'system', changed: true, paymentStatus, refundId: null };
    });
    if (!change) continue;
    cancelled.push(id);
    await closeStalePaymentPage(db, providers, log, id);
    if (mail) await mailStatusChange({ db, log: mail.log, delivery: mail.delivery, providers }, change, { note: NOT_PAID_IN_TIME });
  }
  // Their stock is back on sale: pages showing it are refreshed.
  if (cancelled.length) await refreshStock(db);
  return cancelled;
}

/** Sweeps now and then every EXPIRY_SWEEP_MS, never keeping the process alive; a failed sweep is logged and retried next time. */
export function startExpirySweeps(db: Db, providers: PaymentProviders, log: Logger, delivery: Delivery): () => void {
  const sweep = () =>
    void expireUnpaidOrders(db, providers, log, { mail: { delivery, log } }).catch((error: unknown) =>
      log.warn({ error: summarizeError(error) }, 'unpaid orders not expired this time'),
    );
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref();
  sweep();
  return () => clearInterval(timer);
}
