/**
 * Online payment behind one interface (ADR 012): Stripe is the first provider; the
 * checkout and "pay now" only ever talk to this. A provider is registered under the name
 * of its payment_gateways row ("stripe") when its keys are configured; without any, the
 * shop offers cash on delivery only and says so.
 */

export interface PaymentCheckoutRequest {
  /** payments.id: the provider hands it back in its events. */
  paymentId: number;
  /** What to charge, in minor units of `currency`. */
  amount: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  /** One line per order, shown on the provider's page. */
  description: string;
  customerEmail: string | null;
  /** Where the provider sends the shopper back. */
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentCheckout {
  /** The provider's page the shopper pays on. */
  url: string;
  /** The provider's id of it (a Checkout Session id), kept on the payment. */
  reference: string;
}

/** Why money is given back, in Stripe's words; none when the shop cancelled the order. */
export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';

export interface RefundRequest {
  /**
   * What took the money: the charge's reference kept when the payment was paid (a
   * PaymentIntent id), else the checkout's reference (a Checkout Session id), which the
   * provider resolves to the charge.
   */
  reference: string;
  /** How much to give back, in minor units of `currency`: a part of the payment or all of it. */
  amount: number;
  /** ISO 4217, lower case: the payment's currency. */
  currency: string;
  /** The same for every attempt of one refund: the provider makes it once however often it is sent. */
  idempotencyKey: string;
  reason: RefundReason | null;
  /** Shown at the provider beside the refund (the order code, the shop's refund id). */
  metadata: Record<string, string>;
  /**
   * An earlier attempt may have reached the provider without its answer reaching the shop:
   * the provider looks for that refund first (an idempotency key is kept for a day only).
   */
  retry: boolean;
}

export interface RefundResult {
  /** The provider's id of the refund (a Stripe `re_` id). */
  reference: string;
  /** Its status at the provider (Stripe: pending, requires_action, succeeded, failed, canceled). */
  status: string;
  /** The provider took the request, but the refund failed or was cancelled there. */
  failed: boolean;
}

/**
 * The provider refused a refund for good (nothing left to refund, an unknown charge, an
 * amount above what is left): sending it again would be refused again. Any other error
 * (the provider down, a timeout) leaves the refund to be sent again.
 */
export class RefundRefusedError extends Error {
  /** The provider's error code (Stripe: charge_already_refunded, amount_too_large, resource_missing…). */
  readonly code: string | null;

  constructor(message: string, code: string | null) {
    super(message);
    this.name = 'RefundRefusedError';
    this.code = code;
  }
}

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: PaymentCheckoutRequest): Promise<PaymentCheckout>;
  /**
   * Closes a payment page that asks for an amount no longer owed (orders cancelled, or a
   * newer page made): nobody can pay it from now on. A page already paid or closed is left
   * as it is (its payment, if any, is settled and refunded by its own events).
   */
  expireCheckout(reference: string): Promise<void>;
  /** Gives back (part of) a paid payment's money; throws RefundRefusedError when the provider refuses it. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The configured providers by gateway name. */
export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
