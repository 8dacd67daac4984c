/**
 * The order contract (docs/product.md §7.4 order calls, §3.5 Order shapes). No server
 * imports: the checkout island validates with the same schema the API does.
 */
import { z } from 'zod';
import { Flag } from './flag';
import { recordId, wholeNumber } from './numbers';
import { orderStatusKey, type OrderStatusKey, type OrderStatusValue } from '../lib/order-status';
import type { PaymentMethodValue, PaymentStatusValue } from '../lib/order-payment';
import type { RefundStatus } from './refund';

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
  shop_ids: z.preprocess((value) => (typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value === undefined ? [] : value), z.array(Id).max(100)),
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
  idempotency_key: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string()
      .regex(/^[\w-]{8,64}$/)
      .optional(),
  ),
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

/** `all` and one count per order status, zeros included (docs/product.md §7.4 GET /orders status_wise_orders). */
export type StatusWiseOrders = Record<'all' | OrderStatusKey, number>;

/**
 * The Order (list) shape (docs/product.md §3.5). Amounts in the default currency. Statuses,
 * the payment method and the date come in the forms apps show as they come (ADR 014:
 * "Pending", "Cash Payment", "05 May, 2025"); our pages translate them (lib/order-status.ts,
 * lib/order-payment.ts) and read the ISO date beside.
 */
export interface OrderSummaryDto {
  id: number;
  order_code: string;
  /** Items in the order (the sum of its lines' quantities). */
  quantity: number;
  amount: number;
  payment_method: PaymentMethodValue;
  payment_status: PaymentStatusValue;
  order_status: OrderStatusValue;
  created_at: string;
  /** "05 May, 2025". */
  placed_at: string;
  /** placed_at as ISO 8601, for <time datetime> and dates in the shopper's language. */
  placed_at_iso: string;
  /** The delivery address as it was when the order was placed. */
  address: unknown;
  shop: { id: number; name: string; logo: string | null };
}

export interface OrderDetailsDto extends OrderSummaryDto {
  /** The expected delivery date ("05 May, 2025") when one is set, else the shop's delivery time ("2-4 days"). */
  estimated_delivery_date: string;
  /** The expected delivery date as ISO 8601, null when only the shop's delivery time is known. */
  estimated_delivery_date_iso: string | null;
  total_amount: number;
  tax_amount: number;
  discount: number;
  coupon_discount: number;
  payable_amount: number;
  delivery_charge: number;
  note: string | null;
  /** The online gateway the order is paid through (payment_gateways.name), null for cash: Pay now's `{gateway}`. */
  payment_gateway: string | null;
  shop: OrderSummaryDto['shop'] & { rating: number };
  invoice_url: string;
  all_vat_taxes: { name: string; percentage: number; amount: number }[];
  products: {
    id: number | null;
    name: string;
    brand: string | null;
    thumbnail: string | null;
    price: number;
    discount_price: number;
    order_qty: number;
    color: string | null;
    size: string | null;
    unit: string | null;
    /** The shopper's own rating of it, 0 when not reviewed yet. */
    rating: number;
  }[];
  /** The status timeline, oldest first (statuses as `order_status` answers them, dates ISO 8601). */
  status_history: { status: OrderStatusValue; created_at: string }[];
  can_cancel: boolean;
  /** Unpaid online order: GET /order-payment/{order}/{gateway} opens the payment page again. */
  can_pay: boolean;
  /** Delivered: its products can be reviewed, once each. */
  can_review: boolean;
  /**
   * A cancelled order paid online: its refund through the payment provider, `pending`
   * (owed, being sent), `succeeded` (the provider took it) or `failed` (refused: the shop
   * looks into it); null when no money goes back through a provider.
   */
  refund_status: RefundStatus | null;
}
