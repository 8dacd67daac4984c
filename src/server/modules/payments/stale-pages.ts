/**
 * Payment pages that ask for money no longer owed (payments/provider.ts expireCheckout).
 *
 * Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { orders, payments } from '../../db/schema/index.ts';
import { summarizeError } from '../../http/log-safe.ts';
import type { PaymentProviders } from './provider.ts';

/** Where a page that could not be closed is reported: the server's logger, or the console of the operator command. */
interface Warn {
  warn(details: object, message: string): void;
}

/**
 * After a cancel: the open payment page of the order's checkout asks for money no longer
 * owed (the payment now counts only the orders still standing), so it is closed; "pay now"
 * opens one for what is owed. Best effort: a page that cannot be closed is logged, and if
 * it is paid anyway the cancelled orders' money is refunded when its event arrives. Never
 * throws (the database or the provider failing is logged), so the cancel's answer stays
 * the cancel's, and a call left running in the background cannot reject unhandled.
 */
export async function closeStalePaymentPage(db: Db, providers: PaymentProviders, log: Warn, orderId: number): Promise<void> {
  try {
    const [payment] = await db
      .select({ id: payments.id, status: payments.status, gateway: payments.gateway, reference: payments.providerReference })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(eq(orders.id, orderId));
    const provider = payment?.gateway ? providers.get(payment.gateway) : undefined;
    if (!payment || !provider || payment.status !== 'pending' || !payment.reference) return;
    await provider.expireCheckout(payment.reference);
  } catch (error) {
    log.warn({ error: summarizeError(error), orderId }, 'the payment page of a cancelled order could not be closed');
  }
}
