import type { PlacedOrdersDto } from '../contracts/order';
import { afterPlacing } from '../lib/placed-orders';
import { markAccountVerified } from './auth';
import { forgetBuyNow, loadCart, shopperCall } from './cart';
import type { CodeTarget } from '../lib/code-target';

/**
 * The checkout's calls (docs/product.md §2.1 /checkout, §4.6): placing the orders and the
 * account code the shop may ask for first. The figures, vouchers and address are the cart
 * store's (stores/cart.ts).
 */

/** What the checkout form sends to POST /place-order (docs/product.md §7.4; contracts/order.ts). */
export interface PlaceOrderInput {
  shop_ids: number[];
  address_id: number;
  payment_method: string;
  note: string;
  /** Names the rendering of the checkout: the same key placed twice places once. */
  idempotency_key: string;
  /** What the shopper was shown to pay: a different figure on the server is a 409, nothing placed. */
  payable_amount: number;
  is_buy_now: boolean;
}

/** Where the shopper goes next, and the server's message to show there. */
export interface Placed {
  url: string;
  /** An online payment: the url is the payment provider's page. */
  paying: boolean;
  message: string;
}

/**
 * `POST /place-order`: one order per shop and one payment. The ordered lines have left the
 * cart on the server, so the cart (and the figures of its selection) is fetched again, or
 * the buy-now line forgotten. Refusals (409 price changed, 422 stock, 401) reject with the
 * ApiError and its message.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<Placed> {
  const { data, message } = await shopperCall<PlacedOrdersDto>('/place-order', input);
  if (input.is_buy_now) forgetBuyNow();
  else await loadCart().catch(() => undefined);
  return { ...afterPlacing(data), message };
}

/** `POST /send-otp` for the shopper's own account (the verification flow); resolves to the server's message. */
export async function sendAccountCode(target: CodeTarget): Promise<string> {
  return (await shopperCall('/send-otp', { ...target, forgot_password: 0 })).message;
}

/** `POST /verify-otp`: the account is verified and may place orders; resolves to the server's message. */
export async function verifyAccountCode(target: CodeTarget, otp: string): Promise<string> {
  const { message } = await shopperCall('/verify-otp', { ...target, otp, forgot_password: 0 });
  markAccountVerified();
  return message;
}
