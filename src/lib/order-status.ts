/**
 * Order statuses. The database keeps a snake-case key (pending … on_the_way … cancelled,
 * the order of lib/order-lifecycle.ts); the API answers each as its English label
 * ("Pending", "On The Way"), the values apps of this kind of shop compare against
 * (ADR 014). The label is also the message key our pages translate. This is the one
 * place that converts between the two; counts by status (`status_wise_orders`) keep the
 * keys (docs/product.md §7.4).
 */
export const ORDER_STATUS_LABELS = {
  pending: 'Pending',
  confirm: 'Confirm',
  processing: 'Processing',
  pickup: 'Pickup',
  on_the_way: 'On The Way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

export type OrderStatusKey = keyof typeof ORDER_STATUS_LABELS;

/** A status as the API answers it. */
export type OrderStatusValue = (typeof ORDER_STATUS_LABELS)[OrderStatusKey];

/** The API's value of a stored status. */
export const orderStatusValue = (key: OrderStatusKey): OrderStatusValue => ORDER_STATUS_LABELS[key];

/**
 * The stored key of a status in either form ("On The Way", "on_the_way", any case), or
 * null when it names none.
 */
export function orderStatusKey(status: string): OrderStatusKey | null {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return Object.hasOwn(ORDER_STATUS_LABELS, key) ? (key as OrderStatusKey) : null;
}

/** Tailwind classes of a status badge: waiting amber, moving blue, done green, cancelled red. */
export function orderStatusTone(status: string): string {
  const key = orderStatusKey(status);
  if (key === 'delivered') return 'bg-green-100 text-green-800';
  if (key === 'cancelled') return 'bg-red-100 text-red-800';
  if (key === 'pending') return 'bg-amber-100 text-amber-900';
  return 'bg-sky-100 text-sky-900';
}

/** The label key of a status in either form; an unknown one is shown as it came. */
export function orderStatusLabel(status: string): string {
  const key = orderStatusKey(status);
  return key ? ORDER_STATUS_LABELS[key] : status;
}
