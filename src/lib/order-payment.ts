/**
 * How an order's payment reads to shoppers (api-reference.md: payment methods cash, online
 * and wallet; payment statuses pending, paid, failed, refunded): the English message key of
 * each. An unknown value is shown as it came.
 */
const METHOD_LABELS: Record<string, string> = { cash: 'Cash on Delivery', online: 'Online Payment', wallet: 'Wallet' };
const STATUS_LABELS: Record<string, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };

export const paymentMethodLabel = (method: string): string => (Object.hasOwn(METHOD_LABELS, method) ? METHOD_LABELS[method]! : method);

export const paymentStatusLabel = (status: string): string => (Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status]! : status);
