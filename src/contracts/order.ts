/**
 * The order contract (docs/product.md §7.4 order calls, §3.5 Order shapes). No server
 * imports: the checkout island validates with the same schema the API does.
 */
import { z } from 'zod';
import { Flag } from './flag';
import { recordId, wholeNumber } from './numbers';
import { orderStatusKey, type OrderStatusKey } from '../lib/order-status';

const Id = recordId();

/** The method names orders answer (ADR 014), as a client may send them back. */
const ANSWERED_METHODS: Record<string, string> = { 'cash payment': 'cash', 'online payment': 'online' };

/**
 * How the shopper pays: cash on delivery, or online through a gateway. Clients name cash
 * "cash", "cash_on_delivery" or as orders answer it ("Cash Payment"), and online payment
 * "online" ("Online Payment") or by its gateway ("stripe").
 */
export const PaymentChoice = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .transform((value) => {
    const lower = value.toLowerCase();
    return Object.hasOwn(ANSWERED_METHODS, lower) ? ANSWERED_METHODS[lower]! : lower;
  })
  .refine((value) => /^[a-z0-9_]+$/.test(value), { error: 'The selected {{attribute}} is invalid.' });

export const PlaceOrderPayload = z.strictObject({
  shop_ids: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value === undefined ? [] : value),
    z.array(Id).max(100),
  ),
  address_id: Id,
  note: z.preprocess((value) => (value === null ? undefined : value), z.string().trim().max(1000).optional()),
  payment_method: PaymentChoice,
  /** A voucher for a one-shop checkout (a buy-now), as POST /apply-voucher would apply it. */
  coupon_code: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(40).optional()),
  is_buy_now: Flag,
  /**
   * Names this checkout: the same key submitted again (double click, retry, two tabs)
   * answers the orders it already placed instead of placing new ones.
   */
  idempotency_key: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().regex(/^[\w-]{8,64}$/).optional()),
  /** What the shopper was shown to pay; when given and the server's figure differs, nothing is placed (409). */
  payable_amount: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().min(0).max(100_000_000).optional()),
});
export type PlaceOrderPayload = z.output<typeof PlaceOrderPayload>;

export const OrderIdPayload = z.strictObject({ order_id: Id });

/**
 * POST /place-order/again: a new order of an order's products. Paid as `payment_method`
 * says, else as the order was; `idempotency_key` as for POST /place-order.
 */
export const PlaceAgainPayload = z.strictObject({
  order_id: Id,
  payment_method: PaymentChoice.optional(),
  idempotency_key: PlaceOrderPayload.shape.idempotency_key,
});

/**
 * GET /orders?order_status=: `all`, or a status in the form the API answers it ("On The
 * Way") or as stored ("on_the_way"); the stored key comes out.
 */
export const OrderStatusFilter = z
  .string()
  .trim()
  .max(30)
  .transform((value, ctx): OrderStatusKey | 'all' => {
    if (value.toLowerCase() === 'all') return 'all';
    const key = orderStatusKey(value);
    if (key) return key;
    ctx.addIssue({ code: 'custom', message: 'The selected {{attribute}} is invalid.' });
    return z.NEVER;
  });

export const ProductReviewPayload = z.strictObject({
  product_id: Id,
  order_id: Id,
  rating: wholeNumber(1, 5),
  review: z.preprocess((value) => (value === null ? undefined : value), z.string().trim().max(2000).optional()),
});

/** What POST /place-order answers. */
export interface PlacedOrdersDto {
  /** The payment of the checkout, for an online payment's return. */
  payment_id: number;
  orders: { id: number; order_code: string; shop_id: number; payable_amount: number }[];
  payable_amount: number;
  /** Where to pay, for an online payment (§7.4: order_payment_url; null for cash on delivery). */
  order_payment_url: string | null;
}
