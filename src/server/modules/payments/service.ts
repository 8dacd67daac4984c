import type { Context } from 'hono';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { orders, payments, users } from '../../db/schema';
import { publicOrigin } from '../../http/origin';
import { summarizeError } from '../../http/log-safe';
import type { PaymentProviders } from './provider';
import { chargeCurrency } from './currency';
import { recordOverpayment } from './refunds';

/**
 * Payments of placed checkouts (ADR 012): opening the provider's page for one, and
 * recording what the provider says happened. One payment covers the orders of one
 * checkout; its status and its orders' payment_status change together, once.
 */

/**
 * The provider's page for a pending payment, or null when it could not be opened (the
 * order stands; the shopper can pay from the order page). The provider's reference is
 * kept, so its events find the payment.
 */
export async function openPaymentPage(c: Context<AppEnv>, providers: PaymentProviders, paymentId: number): Promise<string | null> {
  const { db, config, log } = c.var;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const provider = payment?.gateway ? providers.get(payment.gateway) : undefined;
  if (!payment || !provider || payment.status === 'paid') return null;
  const placed = await db
    .select({ id: orders.id, code: orders.orderCode })
    .from(orders)
    .where(and(eq(orders.paymentId, payment.id), ne(orders.orderStatus, 'cancelled')))
    .orderBy(asc(orders.id));
  if (placed.length === 0 || payment.amount <= 0) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, payment.userId));
  const currency = await chargeCurrency(db);
  const origin = publicOrigin(config);
  try {
    const checkout = await provider.createCheckout({
      paymentId: payment.id,
      amount: payment.amount,
      currency,
      description: placed.map((order) => order.code).join(', '),
      customerEmail: user?.email ?? null,
      successUrl: `${origin}/order-history/${placed[0]!.id}?payment=success`,
      cancelUrl: `${origin}/order-history/${placed[0]!.id}?payment=cancelled`,
    });
    // A new page for a failed payment makes it pending again: its events are awaited anew.
    // The orders before their payment, in the order a cancel locks them.
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ paymentStatus: 'pending' })
        .where(and(eq(orders.paymentId, payment.id), eq(orders.paymentStatus, 'failed')));
      await tx.update(payments).set({ providerReference: checkout.reference, status: 'pending', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    });
    // The page it replaces may still be open in another tab: it is closed, so one page is payable at a time.
    if (payment.providerReference && payment.providerReference !== checkout.reference) {
      await provider
        .expireCheckout(payment.providerReference)
        .catch((error: unknown) => log.warn({ error: summarizeError(error), paymentId }, 'the replaced payment page could not be closed'));
    }
    return checkout.url;
  } catch (error) {
    log.error({ error: summarizeError(error), paymentId }, 'payment page could not be opened');
    return null;
  }
}

export type PaymentOutcome = 'paid' | 'failed';

/** What the provider tells about the money of a paid payment, kept for refunds. */
interface ChargeDetails {
  /** What took the money (a Stripe PaymentIntent id). */
  chargeReference?: string | null;
  /** ISO 4217, lower case. */
  currency?: string | null;
  /** How much the provider took, minor units. */
  amount?: number | null;
}

/**
 * Records a provider's final word on a payment, found by the provider's reference: paid,
 * or failed (declined, expired). Under the payment's row lock and only from pending, so an
 * event delivered twice, or two events racing, change it once. Whether this call changed it.
 * A paid payment keeps what took the money and in which currency: its refunds name them.
 *
 * Locks are taken as a cancel takes them, the orders first and then their payment, so a
 * cancel and the provider's event at the same moment wait for each other instead of
 * deadlocking. A page opened before some of the payment's orders were cancelled still
 * charges for them: the money of those orders is recorded as refunds owed here (the
 * caller sends them after the commit), or, when the difference matches no cancelled
 * orders, the operator is told.
 */
export async function settlePayment(db: Db, reference: string, outcome: PaymentOutcome, now = new Date(), charge: ChargeDetails = {}, log?: Logger): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerReference, reference));
    if (!found) return false;
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, found.id)).orderBy(asc(orders.id)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
    if (!payment || payment.status !== 'pending' || payment.providerReference !== reference) return false;
    const paid = outcome === 'paid' ? { paidAt: now, chargeReference: charge.chargeReference ?? null, currency: charge.currency ?? null } : { paidAt: null };
    await tx
      .update(payments)
      .set({ status: outcome, ...paid, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await tx
      .update(orders)
      .set({ paymentStatus: outcome, updatedAt: now })
      .where(and(eq(orders.paymentId, payment.id), ne(orders.orderStatus, 'cancelled')));
    const excess = outcome === 'paid' && charge.amount != null ? charge.amount - payment.amount : 0;
    if (excess > 0 && !(await recordOverpayment(tx, { ...payment, ...paid }, excess, now))) {
      log?.warn({ paymentId: payment.id, reference, excess }, 'a payment took more than its orders still standing: refund the difference');
    }
    return true;
  });
}
