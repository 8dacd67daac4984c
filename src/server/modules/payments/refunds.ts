/**
 * Refunds of cancelled orders that were paid online (docs/decisions/012-payments.md,
 * "Refunds"). The refund owed is written in the cancel's own transaction (recordRefund,
 * called by orders/lifecycle.ts), so no crash after the commit loses it; it is sent to
 * the payment's provider after the commit, never inside the transaction, and a send that
 * fails leaves it pending for the operator's `npm run orders -- refunds` and the next
 * server start.
 *
 * At most one send per refund at a time: a sender first claims the refund with a
 * conditional update (still owed, nobody holding it), so a shopper's cancel, the operator's
 * command and a server start racing send it once. Every attempt carries the refund's own
 * idempotency key, so even a second send after a lost answer makes no second refund.
 *
 * Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { orders, payments, refunds } from '../../db/schema/index.ts';
import { summarizeError } from '../../http/log-safe.ts';
import { chargeCurrency } from './currency.ts';
import { RefundRefusedError, type PaymentProviders, type RefundReason } from './provider.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Order = typeof orders.$inferSelect;
type Refund = typeof refunds.$inferSelect;

/**
 * How long a sender holds a refund while the provider answers. Far above the Stripe
 * client's own limits (15 s, one retry); a sender that died holding one frees it then.
 */
const CLAIM_SECONDS = 120;

/**
 * Records, in the cancel's transaction, the refund owed for `order` when it was paid
 * online: its payable amount (one order of a multi-shop checkout is a part of the
 * payment) in the payment's currency. The refund's id, or null when nothing is owed.
 */
export async function recordRefund(tx: Tx, order: Order, reason: RefundReason | null, now: Date): Promise<number | null> {
  if (order.paymentMethod !== 'online' || order.paymentStatus !== 'paid' || order.paymentId === null || order.payableAmount <= 0) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, order.paymentId));
  const gateway = payment?.gateway ?? order.paymentGateway;
  if (!payment || !gateway) return null;
  return owe(tx, order, { paymentId: payment.id, gateway, currency: payment.currency ?? (await chargeCurrency(tx)), reason, now });
}

/** A refund row for a cancelled order's payable amount, once per order; its id, or null when the order has one already. */
async function owe(tx: Tx, order: Order, refund: { paymentId: number; gateway: string; currency: string; reason: RefundReason | null; now: Date }): Promise<number | null> {
  const { now, ...values } = refund;
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, orderId: order.id, amount: order.payableAmount, idempotencyKey: `refund_${randomUUID()}`, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: refunds.orderId })
    .returning({ id: refunds.id });
  return row?.id ?? null;
}

/**
 * A payment page opened before some of its orders were cancelled, then paid: it took
 * `excess` more than the orders still standing. The cancelled orders (most recently
 * cancelled first) whose payable amounts make up exactly that excess are refunded like a
 * cancel of a paid order; the caller holds the payment's and its orders' locks. Whether
 * the excess was matched (false: nothing recorded, the operator must look).
 */
export async function recordOverpayment(tx: Tx, payment: typeof payments.$inferSelect, excess: number, now: Date): Promise<boolean> {
  if (!payment.gateway) return false;
  const cancelled = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentId, payment.id), eq(orders.orderStatus, 'cancelled')))
    .orderBy(desc(orders.updatedAt), desc(orders.id));
  const owed = new Set((await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.paymentId, payment.id))).map((row) => row.orderId));
  const chosen: Order[] = [];
  let total = 0;
  for (const order of cancelled) {
    if (owed.has(order.id) || order.payableAmount <= 0 || total + order.payableAmount > excess) continue;
    chosen.push(order);
    total += order.payableAmount;
    if (total === excess) break;
  }
  if (total !== excess) return false;
  const currency = payment.currency ?? (await chargeCurrency(tx));
  for (const order of chosen) {
    await owe(tx, order, { paymentId: payment.id, gateway: payment.gateway, currency, reason: 'requested_by_customer', now });
    await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
  }
  return true;
}

export interface RefundOutcome {
  refundId: number;
  orderId: number;
  amount: number;
  currency: string;
  status: Refund['status'];
  /** The provider's refund id, once it accepted it. */
  providerReference: string | null;
  /** Why it is not sent (still pending) or was refused (failed). */
  error: string | null;
}

const outcomeOf = (refund: Refund): RefundOutcome => ({
  refundId: refund.id,
  orderId: refund.orderId,
  amount: refund.amount,
  currency: refund.currency,
  status: refund.status,
  providerReference: refund.providerReference,
  error: refund.status === 'succeeded' ? null : refund.lastError,
});

/** A short account of a failed send, for the refund's last_error: no SQL, no parameters. */
function errorText(error: unknown): string {
  if (error instanceof RefundRefusedError) return error.code ? `${error.code}: ${error.message}` : error.message;
  const summary = summarizeError(error);
  return `${summary.type}: ${summary.message}`.slice(0, 1000);
}

/**
 * Sends one refund to its provider, if it is still owed (`pending`; `failed` too with
 * includeFailed) and no other sender holds it. Its outcome after this call, or null when
 * another sender holds it or it is no longer owed.
 */
export async function sendRefund(db: Db, providers: PaymentProviders, refundId: number, { includeFailed = false } = {}): Promise<RefundOutcome | null> {
  const [owed] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!owed) return null;
  const provider = providers.get(owed.gateway);
  if (!provider) {
    // Nothing is claimed or counted: it waits for the provider's keys.
    if (owed.status === 'succeeded') return null;
    return { ...outcomeOf(owed), error: `The payment provider "${owed.gateway}" is not configured.` };
  }
  const sendable: Refund['status'][] = includeFailed ? ['pending', 'failed'] : ['pending'];
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'pending', attempts: sql`${refunds.attempts} + 1`, claimedUntil: sql.raw(`now() + interval '${CLAIM_SECONDS} seconds'`), updatedAt: new Date() })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, sendable), or(isNull(refunds.claimedUntil), lt(refunds.claimedUntil, sql`now()`))))
    .returning();
  if (!claimed) return null;

  const finish = async (values: Partial<typeof refunds.$inferInsert>): Promise<RefundOutcome> => {
    const [done] = await db
      .update(refunds)
      .set({ ...values, claimedUntil: null, updatedAt: new Date() })
      .where(and(eq(refunds.id, claimed.id), eq(refunds.status, 'pending')))
      .returning();
    return outcomeOf(done ?? { ...claimed, ...values });
  };

  const [charge] = await db
    .select({ chargeReference: payments.chargeReference, providerReference: payments.providerReference, orderCode: orders.orderCode })
    .from(payments)
    .innerJoin(orders, eq(orders.id, claimed.orderId))
    .where(eq(payments.id, claimed.paymentId));
  const reference = charge?.chargeReference ?? charge?.providerReference ?? null;
  if (!charge || !reference) return finish({ status: 'failed', lastError: 'The payment has no reference at its provider to refund.' });
  try {
    const result = await provider.refund({
      reference,
      amount: claimed.amount,
      currency: claimed.currency,
      idempotencyKey: claimed.idempotencyKey,
      reason: (claimed.reason as RefundReason | null) ?? null,
      metadata: { order_code: charge.orderCode, order_id: String(claimed.orderId), refund_id: String(claimed.id) },
      // An earlier attempt may have reached the provider without its answer reaching us.
      retry: claimed.attempts > 1,
    });
    if (result.failed) {
      return finish({ status: 'failed', providerReference: result.reference, providerStatus: result.status, lastError: `The provider's refund is ${result.status}.` });
    }
    return finish({ status: 'succeeded', providerReference: result.reference, providerStatus: result.status, lastError: null, refundedAt: new Date() });
  } catch (error) {
    if (error instanceof RefundRefusedError) return finish({ status: 'failed', lastError: errorText(error) });
    // The provider down, a timeout: still owed, sent again by the next retry.
    return finish({ status: 'pending', lastError: errorText(error) });
  }
}

/** Sends the refund owed for an order just cancelled, if there is one. */
async function sendOrderRefund(db: Db, providers: PaymentProviders, orderId: number): Promise<RefundOutcome | null> {
  const [owed] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return owed ? sendRefund(db, providers, owed.id) : null;
}

/**
 * After a cancel has committed: sends the order's refund and logs what did not go
 * (pending: retried later; failed: the operator must look). Never throws, so the
 * cancel's answer stays the cancel's.
 */
export async function refundAfterCancel(db: Db, providers: PaymentProviders, log: Logger, orderId: number): Promise<RefundOutcome | null> {
  try {
    const outcome = await sendOrderRefund(db, providers, orderId);
    if (outcome) logOutcome(log, outcome);
    return outcome;
  } catch (error) {
    log.error({ error: summarizeError(error), orderId }, 'refund not sent: it stays pending (npm run orders -- refunds)');
    return null;
  }
}

function logOutcome(log: Logger, outcome: RefundOutcome): void {
  const fields = { refundId: outcome.refundId, orderId: outcome.orderId, amount: outcome.amount, currency: outcome.currency, error: outcome.error };
  if (outcome.status === 'succeeded') log.info({ ...fields, reference: outcome.providerReference }, 'refund sent');
  else if (outcome.status === 'pending') log.warn(fields, 'refund not sent: it stays pending (npm run orders -- refunds)');
  else log.error(fields, 'refund refused by the payment provider: see the refunds table');
}

/** The refunds still owed (and refused ones with includeFailed), oldest first. */
function owedRefunds(db: Db, { includeFailed = false } = {}): Promise<Refund[]> {
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.status, includeFailed ? ['pending', 'failed'] : ['pending']))
    .orderBy(asc(refunds.id));
}

/**
 * Sends every refund still owed, one after another: the operator's command and the
 * server's start. The outcome of each, null for one another sender holds.
 */
export async function sendOwedRefunds(db: Db, providers: PaymentProviders, { includeFailed = false } = {}): Promise<{ refund: Refund; outcome: RefundOutcome | null }[]> {
  const results: { refund: Refund; outcome: RefundOutcome | null }[] = [];
  for (const refund of await owedRefunds(db, { includeFailed })) {
    results.push({ refund, outcome: await sendRefund(db, providers, refund.id, { includeFailed }) });
  }
  return results;
}

/**
 * After a payment settled: sends the refunds it left owed (orders cancelled after its
 * page was opened, recordOverpayment). Never throws: the webhook's answer stays its own.
 */
export async function refundAfterSettlement(db: Db, providers: PaymentProviders, log: Logger, reference: string): Promise<void> {
  try {
    const owed = await db
      .select({ id: refunds.id })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.providerReference, reference), eq(refunds.status, 'pending')))
      .orderBy(asc(refunds.id));
    for (const { id } of owed) {
      const outcome = await sendRefund(db, providers, id);
      if (outcome) logOutcome(log, outcome);
    }
  } catch (error) {
    log.error({ error: summarizeError(error), reference }, 'refunds of a settled payment not sent: they stay pending (npm run orders -- refunds)');
  }
}

/** At the server's start: the refunds a crash or an outage left owed are sent, in the background. */
export function resumeRefunds(db: Db, providers: PaymentProviders, log: Logger): void {
  if (providers.size === 0) return;
  sendOwedRefunds(db, providers)
    .then((results) => {
      for (const { outcome } of results) if (outcome) logOutcome(log, outcome);
    })
    .catch((error: unknown) => log.error({ error: summarizeError(error) }, 'owed refunds not sent at start'));
}
