import type { PlacedOrdersDto } from '../contracts/order';

/**
 * Where the shopper goes once POST /place-order answered (docs/product.md §7.4): the payment page of an
 * online payment, else the order itself when one shop was bought from, else the order
 * history. The checkout page's form and the checkout island both follow it.
 */
export function afterPlacing(placed: PlacedOrdersDto): { url: string; paying: boolean } {
  if (placed.order_payment_url) return { url: placed.order_payment_url, paying: true };
  const [first, ...others] = placed.orders;
  return { url: first && others.length === 0 ? `/order-history/${first.id}` : '/order-history', paying: false };
}
