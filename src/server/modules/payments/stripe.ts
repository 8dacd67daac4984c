import Stripe from 'stripe';
import type { Env } from '../../env';
import {
  RefundRefusedError,
  type PaymentCheckout,
  type PaymentCheckoutRequest,
  type PaymentProvider,
  type PaymentProviders,
  type RefundRequest,
  type RefundResult,
} from './provider.ts';
import type { PaymentOutcome } from './service';

/**
 * Stripe as a payment provider (docs/decisions/012-payments.md): one Checkout
 * Session per payment page, through the official client. Stripe's verdict arrives by
 * signed webhook events (stripe-routes.ts), never from the shopper's return to the shop.
 * A cancelled order's money goes back as a Refund of the session's PaymentIntent.
 *
 * Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */

interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address than Stripe's (a local Stripe-compatible server in tests). */
  apiUrl?: string;
}

/** The client's options for an API address other than api.stripe.com. */
function addressOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port || (protocol === 'http' ? 80 : 443) };
}

/** The payment a signed Stripe event settles: its Checkout Session and the outcome. */
export interface StripeSettlement {
  sessionId: string;
  outcome: PaymentOutcome;
  /** payments.id as the session carries it (client_reference_id). */
  paymentId: number | null;
  /** The PaymentIntent that took the money, once the session has one: what a refund names. */
  chargeReference: string | null;
  amount: number | null;
  currency: string | null;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly client: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    this.client = new Stripe(settings.secretKey, {
      ...addressOptions(settings.apiUrl),
      // One retry (with the client's own idempotency key) within the shopper's wait.
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'storefront' },
    });
    this.webhookSecret = settings.webhookSecret;
  }

  async createCheckout(request: PaymentCheckoutRequest): Promise<PaymentCheckout> {
    const session = await this.client.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: request.currency, unit_amount: request.amount, product_data: { name: request.description } },
        },
      ],
      client_reference_id: String(request.paymentId),
      metadata: { payment_id: String(request.paymentId) },
      payment_intent_data: { metadata: { payment_id: String(request.paymentId) } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
    });
    if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a URL`);
    return { url: session.url, reference: session.id };
  }

  /**
   * A Refund of the PaymentIntent that took the money, for `amount` (a part of it when
   * one order of a multi-shop checkout is cancelled), sent with the refund's own
   * Idempotency-Key: a retry, by the client or by the shop, gets the same refund back.
   * Stripe refuses what cannot be refunded (already refunded, more than is left) with
   * an invalid_request_error, which becomes RefundRefusedError.
   */
  async expireCheckout(reference: string): Promise<void> {
    try {
      await this.client.checkout.sessions.expire(reference);
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open (paid, or expired already): nothing to close.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) return;
      throw error;
    }
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const paymentIntent = await this.paymentIntentOf(request.reference, request.currency);
      if (request.retry) {
        // Stripe keeps an idempotency key for 24 hours: an attempt older than that whose
        // answer was lost is found by the key the refund carries in its metadata.
        const earlier = await this.client.refunds.list({ payment_intent: paymentIntent, limit: 100 });
        const sent = earlier.data.find((refund) => refund.metadata?.['idempotency_key'] === request.idempotencyKey);
        if (sent) return resultOf(sent);
      }
      const refund = await this.client.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amount,
          ...(request.reason ? { reason: request.reason } : {}),
          metadata: { ...request.metadata, idempotency_key: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return resultOf(refund);
    } catch (error) {
      // Refused for good: a parameter or the charge's state (and the same key reused with other parameters).
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new RefundRefusedError(error.message, error.code ?? null);
      }
      throw error;
    }
  }

  /** A PaymentIntent id as it is; a Checkout Session's is read from the session. */
  private async paymentIntentOf(reference: string, currency: string): Promise<string> {
    if (!reference.startsWith('cs_')) return reference;
    const session = await this.client.checkout.sessions.retrieve(reference);
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    if (session.payment_status !== 'paid' || !paymentIntent) throw new RefundRefusedError(`Checkout Session ${reference} took no payment.`, 'session_unpaid');
    if (session.currency !== currency) throw new RefundRefusedError(`Checkout Session ${reference} was paid in ${session.currency}, not ${currency}.`, 'currency_mismatch');
    return paymentIntent;
  }

  /**
   * The event in a webhook delivery, once its Stripe-Signature header proves it came from
   * Stripe (signed with the endpoint's secret, within the client's five-minute tolerance).
   * Throws Stripe.errors.StripeSignatureVerificationError otherwise.
   */
  verifyEvent(payload: Buffer, signature: string | undefined): Stripe.Event {
    return this.client.webhooks.constructEvent(payload, signature ?? '', this.webhookSecret);
  }
}

const resultOf = (refund: Stripe.Refund): RefundResult => ({
  reference: refund.id,
  status: refund.status ?? 'pending',
  failed: refund.status === 'failed' || refund.status === 'canceled',
});

/** What a verified event means for a payment; null for events that settle nothing. */
export function settlementOf(event: Stripe.Event): StripeSettlement | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed method (a bank debit) completes the session unpaid: its own event follows.
      return event.data.object.payment_status === 'paid' ? settlement(event.data.object, 'paid') : null;
    case 'checkout.session.async_payment_succeeded':
      return settlement(event.data.object, 'paid');
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return settlement(event.data.object, 'failed');
    default:
      return null;
  }
}

function settlement(session: Stripe.Checkout.Session, outcome: PaymentOutcome): StripeSettlement {
  const reference = session.client_reference_id ?? session.metadata?.payment_id ?? '';
  return {
    sessionId: session.id,
    outcome,
    paymentId: /^\d{1,9}$/.test(reference) ? Number(reference) : null,
    chargeReference: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    amount: session.amount_total,
    currency: session.currency,
  };
}

/** The providers whose keys are configured, by gateway name: none without Stripe keys. */
export function configuredPaymentProviders(config: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>): PaymentProviders {
  const providers = new Map<string, PaymentProvider>();
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    providers.set('stripe', new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL }));
  }
  return providers;
}

/**
 * Where shoppers are sent to pay: Stripe Checkout's pages, or a Stripe-compatible
 * server's own (STRIPE_API_URL). The checkout and "pay now" forms are answered with a
 * redirect there, which the pages' CSP form-action must allow (payments/page-csp.ts).
 */
export function paymentPageOrigins(config: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>): string[] {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return [];
  return [config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL).origin : 'https://checkout.stripe.com'];
}
