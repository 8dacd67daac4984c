/**
 * The seller's orders (`/api/seller/orders*`, docs/decisions/017-sellers.md "Orders"): the
 * original seller app's shapes where they are sound, with our additions (the snake-case
 * `status`, `next_statuses`, the seller's split, the history with its actors). Order
 * statuses and payment values as ADR 014 answers them. No server imports: the pages read
 * these types.
 */
import { z } from 'zod';
import { recordId } from './numbers';
import { paginationFields } from '../lib/pagination';
import type { LifecycleStatus, OrderActor } from '../lib/order-lifecycle';
import { orderStatusKey, type OrderStatusKey, type OrderStatusValue } from '../lib/order-status';
import type { PaymentStatusValue } from '../lib/order-payment';

/** A seller's page of orders: 15 by default (the original app's), at most 100. */
export const SELLER_ORDERS_PER_PAGE = 15;

/**
 * The status tabs of the original seller app, in order: their filter value (`status`,
 * which `order_status=` takes back) and the stored status each stands for (null: all).
 */
export const SELLER_ORDER_TABS = [
  { status: 'all', key: null },
  { status: 'pending', key: 'pending' },
  { status: 'confirm', key: 'confirm' },
  { status: 'processing', key: 'processing' },
  { status: 'to_pickup', key: 'pickup' },
  { status: 'to_delivery', key: 'on_the_way' },
  { status: 'delivered', key: 'delivered' },
  { status: 'cancelled', key: 'cancelled' },
] as const satisfies readonly { status: string; key: OrderStatusKey | null }[];

export type SellerOrderTab = (typeof SELLER_ORDER_TABS)[number]['status'];

/** The app's words for a status beside ours: "to_pickup", "to_delivery", "cancel". */
const APP_WORDS: Record<string, OrderStatusKey> = { to_pickup: 'pickup', to_delivery: 'on_the_way', cancel: 'cancelled', canceled: 'cancelled' };

/** A status in any form a seller's client sends (ours, the label, the app's words), as our key; null when it names none. */
export function sellerStatusKey(value: string): OrderStatusKey | null {
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(APP_WORDS, word) ? APP_WORDS[word]! : orderStatusKey(word);
}

const statusField = z
  .string()
  .trim()
  .max(30)
  .transform((value, ctx): OrderStatusKey => {
    const key = sellerStatusKey(value);
    if (key) return key;
    ctx.addIssue({ code: 'custom', message: 'The selected {{attribute}} is invalid.' });
    return z.NEVER;
  });

const blankIsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const day = z.preprocess(blankIsAbsent, z.iso.date().optional());

/** GET /api/seller/orders. */
export const SellerOrderListQuery = z.strictObject({
  ...paginationFields(),
  per_page: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : blankIsAbsent(value)),
    z.number().int().min(1).max(100).default(SELLER_ORDERS_PER_PAGE),
  ),
  search: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()),
  order_status: z.preprocess((value) => (typeof value === 'string' && value.trim().toLowerCase() === 'all' ? undefined : blankIsAbsent(value)), statusField.optional()),
  start_date: day,
  end_date: day,
});
export type SellerOrderListQuery = z.output<typeof SellerOrderListQuery>;

/** GET /api/seller/orders/details?order_id=. */
export const SellerOrderIdQuery = z.strictObject({ order_id: recordId() });

/** POST /api/seller/orders/status-update. */
export const SellerStatusUpdatePayload = z.strictObject({
  order_id: recordId(),
  order_status: statusField,
  note: z.preprocess(blankIsAbsent, z.string().trim().max(500).optional()),
});
export type SellerStatusUpdatePayload = z.output<typeof SellerStatusUpdatePayload>;

export interface SellerOrderLine {
  id: number | null;
  name: string;
  thumbnail: string | null;
  price: number;
  discount_price: number;
  quantity: number;
  size: string | null;
  color: string | null;
  brand: string | null;
  /** What the line brought in, the platform's commission on it and the shop's net (docs/decisions/017-sellers.md). */
  gross: number;
  commission: number;
  net: number;
}

export interface SellerOrderHistoryEntry {
  status: OrderStatusValue;
  /** Our key beside the label, for pages and `data-*` attributes. */
  status_key: OrderStatusKey;
  actor: OrderActor | null;
  note: string | null;
  created_at: string;
}

/** The delivery address as the order kept it (docs/product.md §3.5 Address), or what is left of it. */
export type SellerOrderAddress = Record<string, unknown> | null;

export interface SellerOrder {
  id: number;
  order_code: string;
  /** The payable amount, a decimal in the default currency. */
  amount: number;
  order_status: OrderStatusValue;
  status: OrderStatusKey;
  payment_status: PaymentStatusValue;
  payment_method: 'Cash' | 'Online';
  estimated_delivery_date: string | null;
  estimated_delivery_date_iso: string | null;
  /** When it was delivered ("05 May, 2025"), null until then. */
  delivery_date: string | null;
  delivery_date_iso: string | null;
  order_placed: string;
  order_placed_iso: string;
  delivery_charge: number;
  total_amount: number;
  discount: number;
  coupon_discount: number;
  tax_amount: number;
  note: string | null;
  user: { name: string; phone: string | null; email: string | null; profile_photo: string | null; address: SellerOrderAddress };
  products: SellerOrderLine[];
  /** The statuses the seller may choose now (lib/order-lifecycle.ts), cancelled included while allowed. */
  next_statuses: LifecycleStatus[];
  commission: number;
  seller_net: number;
  history: SellerOrderHistoryEntry[];
  /** The original app's public invoice link was a defect (anyone with the link read the order): none. */
  invoice_url: null;
}

export interface SellerOrderTabCount {
  name: OrderStatusValue | 'All';
  value: number;
  status: SellerOrderTab;
}

export interface SellerOrderList {
  total_items: number;
  status_orders: SellerOrderTabCount[];
  orders: SellerOrder[];
}
