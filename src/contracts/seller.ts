/**
 * The seller contract (docs/product.md §6.3; the seller API under `/api/seller` and the
 * shop dashboard pages `/shop/*`): the values the database, the API and the pages share.
 * No server imports here.
 */

/**
 * A shop's review: `pending` until the marketplace's operator approves it (`active`) or
 * rejects it with a reason (`rejected`, edited and sent again → `pending`); an active shop
 * may be `suspended` and resumed. Only an active shop is seen by shoppers and sells.
 */
export const SHOP_STATUSES = ['pending', 'active', 'suspended', 'rejected'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

/** A seller's withdrawal request: decided once by the operator. */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The events of a shop's earnings ledger, one row each (unique per order or withdrawal):
 * `order_delivered` credits the order's net, `order_clawback` takes it back (a later cancel
 * or refund), `withdrawal` debits a requested withdrawal at once (so it is never spent
 * twice) and `withdrawal_denied` gives it back.
 */
export const LEDGER_KINDS = ['order_delivered', 'order_clawback', 'withdrawal', 'withdrawal_denied'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a seller is told about on the dashboard (and by e-mail for a new order). */
export const SELLER_NOTIFICATION_TYPES = [
  'new_order',
  'order_cancelled',
  'new_review',
  'shop_approved',
  'shop_rejected',
  'shop_suspended',
  'shop_resumed',
  'withdrawal_approved',
  'withdrawal_denied',
] as const;
export type SellerNotificationType = (typeof SELLER_NOTIFICATION_TYPES)[number];

/** Days of the week as the shop's off days store them (the original's lower-case three letters). */
export const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** Every picture a seller uploads (shop logo and banner, product images): jpg, png or webp, at most this size. */
export const SELLER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The most images one product keeps (its thumbnail included). */
export const PRODUCT_IMAGE_MAX_COUNT = 8;
/**
 * The largest multipart body a seller form or seller API call may send: a product form
 * with five new images at the limit, and its text fields. Each route still checks each
 * file's size and the count (modules/seller).
 */
export const SELLER_UPLOAD_MAX_BYTES = 5 * SELLER_IMAGE_MAX_BYTES + 512 * 1024;

/** The most banners a shop keeps (shown or hidden): its page rotates through them. */
export const SHOP_BANNER_MAX_COUNT = 10;
