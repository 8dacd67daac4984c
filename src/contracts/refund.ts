/**
 * Where the refund of a cancelled order paid online stands (docs/decisions/012-payments.md,
 * "Refunds"), as GET /order-details answers it and the database keeps it. No imports:
 * plain Node loads this through the database schema.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
