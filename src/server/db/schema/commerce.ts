import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, money, timestamps } from './columns.ts';
import { users } from './users.ts';
import { colors, flashSales, products, shops, sizes, units } from './catalog.ts';
import { REFUND_STATUSES } from '../../../contracts/refund.ts';
import { ORDER_ACTORS } from '../../../lib/order-lifecycle.ts';

export const DISCOUNT_TYPES = ['Percentage', 'Amount'] as const;

/** Shop vouchers (coupons) that shoppers collect, then apply at checkout. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 40 }).notNull().unique(),
    discountType: varchar('discount_type', { length: 12, enum: DISCOUNT_TYPES }).notNull(),
    /** Set for Percentage vouchers: 0-100 with two decimals. */
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }),
    /** Set for Amount vouchers, in minor units. */
    discountAmount: integer('discount_amount'),
    minOrderAmount: money('min_order_amount'),
    /** Cap for percentage vouchers, minor units; null means no cap. */
    maxDiscountAmount: integer('max_discount_amount'),
    limitForUser: integer('limit_for_user').notNull().default(1),
    /** How many orders may use it in all (null: no limit), and how many have: counted at placement, given back by a cancel. */
    totalLimit: integer('total_limit'),
    totalUsed: integer('total_used').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('vouchers_shop').on(t.shopId),
    // Exactly the field of its type is set, and it is a real discount.
    check('vouchers_total_used_within_limit', sql`${t.totalUsed} >= 0 and (${t.totalLimit} is null or ${t.totalUsed} <= ${t.totalLimit})`),
    check(
      'vouchers_discount_by_type',
      sql`(${t.discountType} = 'Percentage' and ${t.discountPercent} > 0 and ${t.discountPercent} <= 100 and ${t.discountAmount} is null)
        or (${t.discountType} = 'Amount' and ${t.discountAmount} > 0 and ${t.discountPercent} is null)`,
    ),
  ],
);

export const collectedVouchers = pgTable(
  'collected_vouchers',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    timesUsed: integer('times_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collected_vouchers_user_voucher').on(t.userId, t.voucherId)],
);

export const carts = pgTable('carts', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Voucher applied at checkout, per shop: { [shopId]: code }. */
  couponCodes: jsonb('coupon_codes').$type<Record<string, string>>().notNull().default({}),
  ...timestamps(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    sizeId: integer('size_id').references(() => sizes.id),
    colorId: integer('color_id').references(() => colors.id),
    unitId: integer('unit_id').references(() => units.id),
    quantity: integer('quantity').notNull(),
    /** Buy-now items live apart from the cart and are replaced on each buy-now. */
    isBuyNow: boolean('is_buy_now').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('cart_items_cart').on(t.cartId, t.shopId),
    // One line per product and chosen size and colour (a product with no size has a null
    // one: nulls are not distinct here), and the buy-now line beside them; concurrent adds
    // of the same choice meet here and add up instead of making two lines (ADR 013).
    unique('cart_items_cart_line').on(t.cartId, t.productId, t.sizeId, t.colorId, t.isBuyNow).nullsNotDistinct(),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Value-added taxes charged on top of the price. A product's own taxes apply; a product
 * without any takes its shop's (lib/totals.ts).
 */
export const vatTaxes = pgTable(
  'vat_taxes',
  {
    id: id(),
    name: varchar('name', { length: 60 }).notNull(),
    /** Percent of the line total, 0-100 with two decimals. */
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [check('vat_taxes_percentage_range', sql`${t.percentage} >= 0 and ${t.percentage} <= 100`)],
);

export const productVatTaxes = pgTable(
  'product_vat_taxes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vatTaxId: integer('vat_tax_id')
      .notNull()
      .references(() => vatTaxes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.vatTaxId] })],
);

export const shopVatTaxes = pgTable(
  'shop_vat_taxes',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    vatTaxId: integer('vat_tax_id')
      .notNull()
      .references(() => vatTaxes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.vatTaxId] })],
);

export const ORDER_STATUSES = ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const PAYMENT_METHODS = ['cash', 'online', 'wallet'] as const;

/**
 * One payment for one checkout: its orders (one per shop) point at it. The client's
 * idempotency key makes a checkout submitted twice (double click, retry, two tabs) one
 * payment with one set of orders.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    method: varchar('method', { length: 20, enum: PAYMENT_METHODS }).notNull(),
    gateway: varchar('gateway', { length: 50 }),
    /** The sum of its orders' payable amounts, minor units. */
    amount: money('amount'),
    status: varchar('status', { length: 12, enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** The provider's reference (a Stripe Checkout Session id), once there is one. */
    providerReference: varchar('provider_reference', { length: 255 }),
    /** What took the money at the provider (a Stripe PaymentIntent id), kept when it is paid: refunds name it. */
    chargeReference: varchar('charge_reference', { length: 255 }),
    /** The currency the provider charged in (ISO 4217, lower case), kept when it is paid. */
    currency: varchar('currency', { length: 3 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payments_user_key').on(t.userId, t.idempotencyKey), uniqueIndex('payments_provider_reference').on(t.providerReference)],
);

/** One order per shop; a checkout over several shops makes several orders. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    orderCode: varchar('order_code', { length: 30 }).notNull().unique(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** Copy of the delivery address as it was when the order was placed. */
    address: jsonb('address').notNull(),
    paymentMethod: varchar('payment_method', { length: 20, enum: PAYMENT_METHODS }).notNull(),
    paymentGateway: varchar('payment_gateway', { length: 50 }),
    paymentStatus: varchar('payment_status', { length: 12, enum: PAYMENT_STATUSES }).notNull().default('pending'),
    orderStatus: varchar('order_status', { length: 12, enum: ORDER_STATUSES }).notNull().default('pending'),
    totalAmount: money('total_amount'),
    discount: money('discount'),
    couponId: integer('coupon_id').references(() => vouchers.id),
    couponDiscount: money('coupon_discount'),
    deliveryCharge: money('delivery_charge'),
    taxAmount: money('tax_amount'),
    payableAmount: money('payable_amount'),
    /**
     * The seller's side of the payable amount (docs/decisions/017-sellers.md): the
     * platform's commission (the site's rate when the order was placed, on the lines and the
     * fixed fee per order) and what the shop earns; commission + seller_net = payable_amount.
     */
    commissionAmount: money('commission_amount'),
    sellerNet: money('seller_net'),
    /** The language the shopper ordered in: the order's e-mails are written in it. Null for orders placed before it was kept. */
    locale: varchar('locale', { length: 10 }),
    note: text('note'),
    estimatedDeliveryDate: timestamp('estimated_delivery_date', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index('orders_user').on(t.userId, t.createdAt),
    index('orders_shop').on(t.shopId),
    index('orders_status').on(t.userId, t.orderStatus),
    index('orders_payment').on(t.paymentId),
    // The shop dashboard's lists: a shop's orders newest first, by status.
    index('orders_shop_created').on(t.shopId, t.createdAt),
    index('orders_shop_status').on(t.shopId, t.orderStatus, t.createdAt),
    check('orders_seller_split', sql`${t.commissionAmount} >= 0 and ${t.commissionAmount} + ${t.sellerNet} = ${t.payableAmount}`),
  ],
);

/**
 * The money of a cancelled order paid online, given back through the payment's provider
 * (docs/decisions/012-payments.md, "Refunds"). Written in the cancel's own transaction, so
 * a refund owed is never lost; sent after it commits. `pending` is owed and not yet
 * accepted by the provider (a send failed or is under way: `claimed_until`), `succeeded`
 * accepted (the provider's own status beside it), `failed` refused by the provider.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    gateway: varchar('gateway', { length: 50 }).notNull(),
    /** Minor units of `currency`: the cancelled order's payable amount. */
    amount: money('amount'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Stripe's reasons: requested_by_customer, duplicate, fraudulent; null when the shop cancelled. */
    reason: varchar('reason', { length: 40 }),
    status: varchar('status', { length: 12, enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Sent with every attempt, so the provider makes one refund however often it is sent. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull().unique(),
    /** The provider's refund id and its status there, once it accepted it. */
    providerReference: varchar('provider_reference', { length: 255 }),
    providerStatus: varchar('provider_status', { length: 40 }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sender holds the refund until then; nobody else sends it meanwhile. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('refunds_payment').on(t.paymentId), index('refunds_status').on(t.status), check('refunds_amount_positive', sql`${t.amount} > 0`)],
);

/** Order lines keep copies of what was bought so later edits to the product don't rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    brand: varchar('brand', { length: 120 }),
    thumbnail: varchar('thumbnail', { length: 500 }),
    price: money('price'),
    discountPrice: money('discount_price'),
    quantity: integer('quantity').notNull(),
    size: varchar('size', { length: 40 }),
    sizePrice: money('size_price'),
    color: varchar('color', { length: 40 }),
    colorPrice: money('color_price'),
    unit: varchar('unit', { length: 40 }),
    vatTaxes: jsonb('vat_taxes').notNull().default([]),
    /** The flash sale whose allocation this line used; cancelling gives the units back to it. */
    flashSaleId: integer('flash_sale_id').references(() => flashSales.id, { onDelete: 'set null' }),
    /**
     * What the line brought in (its price with surcharges times quantity, plus its VAT, less
     * its share of the order's voucher discount), the platform's commission on it and the
     * seller's net: gross = commission + net (docs/decisions/017-sellers.md).
     */
    gross: money('gross'),
    commission: money('commission'),
    net: money('net'),
  },
  (t) => [
    index('order_items_order').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_seller_split', sql`${t.commission} >= 0 and ${t.commission} + ${t.net} = ${t.gross}`),
  ],
);

/** Each change of an order's status, for the order timeline. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12, enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    /** Who made the change: the shopper, the shop, the operator or the system (an expired payment). */
    actor: varchar('actor', { length: 10, enum: ORDER_ACTORS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An order reaches each status once: a repeated or concurrent change cannot write it twice.
  (t) => [index('order_status_history_order').on(t.orderId), uniqueIndex('order_status_history_once').on(t.orderId, t.status)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order the product was bought in; null only for seeded demo reviews. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    review: text('review'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product').on(t.productId, t.createdAt),
    // A shop's reviews tab (GET /reviews?shop_id), newest first.
    index('reviews_shop').on(t.shopId, t.createdAt),
    uniqueIndex('reviews_user_product_order').on(t.userId, t.productId, t.orderId),
  ],
);
