/**
 * Online payment behind one interface (issue 10): Stripe is the first provider; the
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

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: PaymentCheckoutRequest): Promise<PaymentCheckout>;
}

/** The configured providers by gateway name. */
export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
