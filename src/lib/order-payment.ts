/**
 * An order's payment. The database keeps keys (methods cash, online, wallet; statuses
 * pending, paid, failed, refunded); the API answers the values apps of this kind of shop
 * show as they come (ADR 014): "Cash Payment" for cash on delivery and "Online Payment"
 * for anything else, statuses "Pending", "Paid", "Failed", "Refunded". Our pages show the
 * translated label of either form. Unknown values pass through as they came.
 */
const METHOD_VALUES = { cash: 'Cash Payment', online: 'Online Payment', wallet: 'Online Payment' } as const;
const STATUS_VALUES = { pending: 'Pending', paid: 'Paid', failed: 'Failed', refunded: 'Refunded' } as const;

/** The English message keys our pages show. */
const METHOD_LABELS: Record<string, string> = { cash: 'Cash on Delivery', online: 'Online Payment', wallet: 'Wallet' };

export type PaymentMethodValue = (typeof METHOD_VALUES)[keyof typeof METHOD_VALUES];
export type PaymentStatusValue = (typeof STATUS_VALUES)[keyof typeof STATUS_VALUES];

/** The API's value of a stored payment method. */
export const paymentMethodValue = (method: keyof typeof METHOD_VALUES): PaymentMethodValue => METHOD_VALUES[method];

/** The API's value of a stored payment status. */
export const paymentStatusValue = (status: keyof typeof STATUS_VALUES): PaymentStatusValue => STATUS_VALUES[status];

/** The stored key of a payment status in either form ("Paid", "paid"), or null. */
export function paymentStatusKey(status: string): keyof typeof STATUS_VALUES | null {
  const key = status.trim().toLowerCase();
  return Object.hasOwn(STATUS_VALUES, key) ? (key as keyof typeof STATUS_VALUES) : null;
}

/** The stored key of a payment method in either form ("Cash Payment", "cash"), or null. */
function paymentMethodKey(method: string): string | null {
  if (Object.hasOwn(METHOD_LABELS, method)) return method;
  if (method === METHOD_VALUES.cash) return 'cash';
  if (method === METHOD_VALUES.online) return 'online';
  return null;
}

export const paymentMethodLabel = (method: string): string => {
  const key = paymentMethodKey(method);
  return key ? METHOD_LABELS[key]! : method;
};

export const paymentStatusLabel = (status: string): string => {
  const key = paymentStatusKey(status);
  return key ? STATUS_VALUES[key] : status;
};
