/**
 * Order statuses as shoppers read them (api-reference.md: pending, confirm, processing,
 * pickup, on_the_way, delivered, cancelled): the English message key of each, in the
 * order an order moves through them, and the colour of its badge.
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

/** Tailwind classes of a status badge: waiting amber, moving blue, done green, cancelled red. */
export function orderStatusTone(status: string): string {
  if (status === 'delivered') return 'bg-green-100 text-green-800';
  if (status === 'cancelled') return 'bg-red-100 text-red-800';
  if (status === 'pending') return 'bg-amber-100 text-amber-900';
  return 'bg-sky-100 text-sky-900';
}

/** The label key of a status; an unknown one is shown as it came. */
export function orderStatusLabel(status: string): string {
  return Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status as OrderStatusKey] : status;
}
