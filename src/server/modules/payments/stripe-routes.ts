import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { payments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { refundAfterSettlement } from './refunds';
import { settlePayment } from './service';
import { settlementOf, type StripeProvider, type StripeSettlement } from './stripe';

/**
 * Stripe's webhook (ADR 012): POST /payments/stripe/webhook with the events of the shop's
 * Checkout Sessions. The raw body is verified against the Stripe-Signature header before
 * anything is read from it; a delivery that fails is refused with 400 and changes nothing.
 * Stripe sends no cookie and no Origin, so the XSRF check lets it through, and the
 * general body limit of the API applies (its events are a few kilobytes).
 *
 * Stripe delivers at least once, sometimes twice at the same time, and retries until it
 * gets a 2xx: settlePayment changes a payment once, and a repeat answers 200 unchanged.
 */
const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

export const stripeWebhookRoutes = (stripe: StripeProvider) =>
  new Hono<AppEnv>().post(STRIPE_WEBHOOK_PATH, async (c) => {
    const payload = Buffer.from(await c.req.arrayBuffer());
    let event;
    try {
      event = stripe.verifyEvent(payload, c.req.header('stripe-signature'));
    } catch {
      throw new ApiError(400, 'The webhook signature is invalid.');
    }
    const settlement = settlementOf(event);
    if (!settlement) return c.json({ message: '', data: { event: event.id, settled: false } });
    let settled = await settlePayment(c.var.db, settlement.sessionId, settlement.outcome, new Date(), settlement, c.var.log);
    if (!settled && settlement.outcome === 'paid') settled = await settleReplacedSession(c.var.db, c.var.log, settlement);
    // Orders cancelled after the page was opened were paid too: their refunds go out now.
    if (settled && settlement.outcome === 'paid') await refundAfterSettlement(c.var.db, new Map([[stripe.name, stripe]]), c.var.log, settlement.sessionId);
    c.var.log.info({ event: event.id, type: event.type, session: settlement.sessionId, outcome: settlement.outcome, settled }, 'stripe event');
    return c.json({ message: '', data: { event: event.id, settled } });
  });

/**
 * A session paid after the shopper had opened a newer one for the same payment ("pay
 * now" twice, two tabs): the payment keeps the newer reference, but Stripe took the money
 * through the older session, which carries the payment's id. While the payment still
 * waits for that very amount, it takes the paid session's reference (the one to refund
 * or look up in Stripe) and is settled through it. A payment already paid through another
 * session is left alone and the operator is told to refund one of the two.
 */
async function settleReplacedSession(db: Db, log: Logger, settlement: StripeSettlement): Promise<boolean> {
  if (settlement.paymentId === null) return false;
  const [payment] = await db.select().from(payments).where(eq(payments.id, settlement.paymentId));
  if (!payment || payment.gateway !== 'stripe' || !payment.providerReference || payment.providerReference === settlement.sessionId) return false;
  if (payment.status === 'paid') {
    log.warn({ paymentId: payment.id, session: settlement.sessionId }, 'a payment was paid twice through Stripe: refund one');
    return false;
  }
  if (payment.status !== 'pending' || payment.amount !== settlement.amount) return false;
  const moved = await db
    .update(payments)
    .set({ providerReference: settlement.sessionId, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.providerReference, payment.providerReference), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (moved.length > 0 && (await settlePayment(db, settlement.sessionId, 'paid', new Date(), settlement, log))) return true;
  // Changed meanwhile: by a parallel delivery of this event (done), or by another "pay now"
  // (Stripe delivers the event again later, and it is settled then).
  const [now] = await db.select({ reference: payments.providerReference }).from(payments).where(eq(payments.id, payment.id));
  if (now?.reference === settlement.sessionId) return false;
  throw new ApiError(503, 'The payment changed meanwhile. Please try again.');
}
