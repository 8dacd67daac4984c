import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlaceOrderPayload } from '@/contracts/order';
import type { Db } from '../../db';
import { addresses, cartItems, carts, collectedVouchers, flashSaleProducts, orderItems, orders, orderStatusHistory, payments, products, vouchers } from '../../db/schema';
import { ApiError, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { formatDefaultAmount, toMinor } from '@/lib/money';
import { listedCurrencies } from '../master/default-currency';
import { loadSiteSettings } from '../master/settings';
import { toDto as addressDto } from '../addresses/service';
import { figureCheckout, type Checkout } from '../cart/checkout';
import { cartOf } from '../cart/service';
import type { PricedLine } from '../cart/lines';
import type { PlacementGate } from './limits';
import { recordLiveEvent } from '../live/events';
import { LIVE_EVENT_KINDS } from '@/contracts/live';
import { splitOrder, type CommissionTerms } from '@/lib/earnings';

/**
 * Placing a checkout (docs/product.md §7.4 POST /place-order; ADR 013): one database
 * transaction that
 * 1. takes the shopper's cart row lock, so a shopper's checkouts run one at a time (a
 *    second submit of the same checkout finds its lines gone, or its idempotency key used);
 * 2. locks the products (in id order, so two checkouts never deadlock), then prices every
 *    line again (lib/price.ts, lib/totals.ts: never an amount
 *    from the client);
 * 3. refuses lines beyond the stock and vouchers used up, takes the stock, the sale
 *    allocation and the voucher use, writes one payment, one order per shop with copies
 *    of its lines, and the first status of each, and removes the ordered lines from the cart.
 * Any refusal rolls all of it back: an order is placed whole or not at all.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PaymentMethod = 'cash' | 'online';

export interface PlacementChoice {
  method: PaymentMethod;
  /** The online gateway's name (payment_gateways.name), for online payments. */
  gateway: string | null;
  /** The language the shopper orders in: the orders keep it, and their e-mails are written in it (announce.ts). */
  locale?: string | undefined;
}

export interface PlacedOrder {
  id: number;
  orderCode: string;
  shopId: number;
  payableAmount: number;
}

export interface Placement {
  paymentId: number;
  amount: number;
  method: PaymentMethod;
  gateway: string | null;
  orders: PlacedOrder[];
  /** False when the idempotency key named a checkout placed before: nothing new was written. */
  created: boolean;
}

/** The order code shoppers read: "#" + the shop's prefix + the order number (docs/product.md §3.5). */
export const orderCode = (prefix: string, id: number) => `#${prefix}${String(id).padStart(6, '0')}`;

/** The checkout an idempotency key already placed (also read by again.ts before it stages lines). */
export async function placedBefore(tx: Tx, userId: number, key: string): Promise<Placement | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  if (!payment) return null;
  const rows = await tx
    .select({ id: orders.id, orderCode: orders.orderCode, shopId: orders.shopId, payableAmount: orders.payableAmount })
    .from(orders)
    .where(eq(orders.paymentId, payment.id))
    .orderBy(asc(orders.id));
  return { paymentId: payment.id, amount: payment.amount, method: payment.method === 'online' ? 'online' : 'cash', gateway: payment.gateway, orders: rows, created: false };
}

/**
 * What each product of the checkout is refused for: its lines (one per size and colour)
 * together beyond its stock, or beyond the `order_max_units_per_product` one order may take
 * of a product, so one account cannot empty a product's stock in a single order (ADR 010).
 */
function productProblems(lines: readonly PricedLine[], max: number, t: Translate): string[] {
  const products = new Map<number, { name: string; stock: number; units: number }>();
  for (const line of lines) {
    const product = products.get(line.productId) ?? { name: line.name, stock: line.stock, units: 0 };
    product.units += line.quantity;
    products.set(line.productId, product);
  }
  return [...products.values()].flatMap(({ name, stock, units }) => {
    if (stock <= 0) return [t('{{name}} is out of stock.', { name })];
    if (units > stock) return [t('Only {{count}} of {{name}} left in stock.', { count: stock, name })];
    return units > max ? [t('You can order at most {{count}} of {{name}} at a time.', { count: max, name })] : [];
  });
}

/**
 * A shop may ask for a minimum order (its items before vouchers, `shops.min_order_amount`,
 * set on the shop profile): the shops of the checkout whose order stays below it.
 */
function shopsBelowMinimum(checkout: Checkout): PricedLine['shop'][] {
  return checkout.figures.shops.flatMap((figures) => {
    const shop = checkout.lines.find((line) => line.shop.id === figures.shopId)!.shop;
    return shop.minOrderAmount > 0 && figures.totalAmount < shop.minOrderAmount ? [shop] : [];
  });
}

/** The address as it is now, copied into the order so later edits do not rewrite history. */
function addressCopy(row: typeof addresses.$inferSelect) {
  const { is_default: _default, ...copy } = addressDto(row);
  return copy;
}

/**
 * Locks the products the checkout's lines take from, in id order so two checkouts never
 * deadlock. A product's sale offers are changed only under its product's lock (placement
 * here, giving back in lifecycle.ts), so they need no lock of their own.
 */
async function lockLineProducts(tx: Tx, cartId: number, payload: PlaceOrderPayload): Promise<void> {
  const lines = tx
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.isBuyNow, Boolean(payload.is_buy_now)), ...(payload.is_buy_now ? [] : [inArray(cartItems.shopId, payload.shop_ids)])));
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, lines)).orderBy(asc(products.id)).for('update');
}

interface OrdersToWrite {
  userId: number;
  paymentId: number;
  checkout: Checkout;
  address: ReturnType<typeof addressCopy>;
  choice: PlacementChoice;
  note: string | null;
  now: Date;
  /** The site's commission when the order is placed; the order keeps its split. */
  commission: CommissionTerms;
}

/**
 * One order per shop of the checkout with copies of its lines and its first status, in one
 * statement per table. Order numbers are drawn first, so each code is written with its row.
 */
async function writeOrders(tx: Tx, { userId, paymentId, checkout, address, choice, note, now, commission }: OrdersToWrite): Promise<PlacedOrder[]> {
  const shops = checkout.figures.shops;
  const drawn = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${shops.length})`)) as unknown as {
    rows: { id: number }[];
  };
  const rows = shops.map((shop, index) => {
    const id = Number(drawn.rows[index]!.id);
    const lines = checkout.lines.filter((line) => line.shop.id === shop.shopId);
    const voucher = checkout.vouchers.find((candidate) => candidate.shopId === shop.shopId && candidate.code === shop.couponCode);
    const split = splitOrder(
      lines.map((line) => ({ total: line.price.total, vatTaxes: line.vatTaxes })),
      shop.couponDiscount,
      shop.deliveryCharge,
      commission,
    );
    return { id, shop, lines, split, code: orderCode(lines[0]!.shop.orderPrefix, id), voucherId: voucher?.id ?? null };
  });
  await tx.insert(orders).values(
    rows.map(({ id, shop, lines, split, code, voucherId }) => ({
      id,
      userId,
      shopId: shop.shopId,
      orderCode: code,
      paymentId,
      address,
      paymentMethod: choice.method,
      paymentGateway: choice.gateway,
      totalAmount: shop.totalAmount,
      discount: lines.reduce((sum, line) => sum + line.price.saving, 0),
      couponId: voucherId,
      couponDiscount: shop.couponDiscount,
      deliveryCharge: shop.deliveryCharge,
      taxAmount: shop.orderTaxAmount,
      payableAmount: shop.payableAmount,
      commissionAmount: split.commission,
      sellerNet: split.net,
      locale: choice.locale ?? null,
      note,
      placedAt: now,
    })),
  );
  await tx.insert(orderItems).values(
    rows.flatMap(({ id, lines, split }) =>
      lines.map((line, index) => ({
        orderId: id,
        productId: line.productId,
        name: line.name,
        brand: line.brand,
        thumbnail: line.thumbnail,
        price: line.price.regular,
        discountPrice: line.price.discountPrice,
        quantity: line.quantity,
        size: line.size?.name ?? null,
        sizePrice: line.size?.surcharge ?? 0,
        color: line.color?.name ?? null,
        colorPrice: line.color?.surcharge ?? 0,
        unit: line.unit?.name ?? null,
        vatTaxes: line.vatTaxes,
        flashSaleId: line.price.offer?.flashSaleId ?? null,
        ...split.lines[index]!,
      })),
    ),
  );
  await tx.insert(orderStatusHistory).values(rows.map(({ id }) => ({ orderId: id, status: 'pending' as const, actor: 'shopper' as const, createdAt: now })));
  // Each shop's open dashboard lists its new order at once (modules/live).
  for (const { id, shop } of rows) await recordLiveEvent(tx, { shopId: shop.shopId }, LIVE_EVENT_KINDS.orderStatus, String(id));
  return rows.map(({ id, code, shop }) => ({ id, orderCode: code, shopId: shop.shopId, payableAmount: shop.payableAmount }));
}

/**
 * Takes the lines' units from stock (adding them to units sold) and from the sale
 * allocations they were priced with, one statement each. The lines were priced under the
 * products' locks, so the allocations cover them; the condition never lets one be exceeded.
 */
async function takeHoldings(tx: Tx, lines: readonly PricedLine[], t: Translate): Promise<void> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  const taken = sql.join(
    [...units].map(([productId, quantity]) => sql`(${productId}::int, ${quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} set quantity = ${products.quantity} - taken.units, total_sold = ${products.totalSold} + taken.units
    from (values ${taken}) as taken(product_id, units) where ${products.id} = taken.product_id`);

  // A product's lines in several sizes or colours take from the same offer: one row each.
  const saleUnits = new Map<string, { flashSaleId: number; productId: number; units: number }>();
  for (const line of lines) {
    if (!line.price.offer) continue;
    const key = `${line.price.offer.flashSaleId}:${line.productId}`;
    const taken = saleUnits.get(key) ?? { flashSaleId: line.price.offer.flashSaleId, productId: line.productId, units: 0 };
    taken.units += line.quantity;
    saleUnits.set(key, taken);
  }
  if (saleUnits.size === 0) return;
  const sold = sql.join(
    [...saleUnits.values()].map(({ flashSaleId, productId, units }) => sql`(${flashSaleId}::int, ${productId}::int, ${units}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    update ${flashSaleProducts} set sold = ${flashSaleProducts.sold} + taken.units
    from (values ${sold}) as taken(flash_sale_id, product_id, units)
    where ${flashSaleProducts.flashSaleId} = taken.flash_sale_id and ${flashSaleProducts.productId} = taken.product_id
      and ${flashSaleProducts.sold} + taken.units <= ${flashSaleProducts.quantity}
    returning ${flashSaleProducts.productId}`)) as unknown as { rows: unknown[] };
  if (result.rows.length !== saleUnits.size) throw new ApiError(409, t('Prices have changed since you looked. Please check your order again.'));
}

export async function placeOrders(
  db: Db,
  userId: number,
  payload: PlaceOrderPayload,
  choice: PlacementChoice,
  t: Translate,
  now: Date = new Date(),
  /** The placement limits of the caller (limits.ts); none for the operator's own tools and tests of the placement alone. */
  gate?: PlacementGate,
): Promise<Placement> {
  const key = payload.idempotency_key ?? null;
  const settings = await loadSiteSettings(db);
  const maxUnits = settings.order_max_units_per_product;
  const commission = { percent: settings.commission_percent, fixedPerOrder: settings.commission_fixed_per_order };
  return db.transaction(async (tx) => {
    // 1. One checkout at a time per shopper.
    const cart = await cartOf(tx as unknown as Db, userId, { forUpdate: true });
    if (key) {
      const earlier = await placedBefore(tx, userId, key);
      if (earlier) return earlier;
    }
    await gate?.check(tx);

    const [address] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, payload.address_id), eq(addresses.userId, userId)));
    if (!address) throw validationError({ address_id: [t('The selected {{attribute}} is invalid.', { attribute: t('address id') })] });

    // 2. Lock what the lines take from, then price them as they are now.
    const scope = payload.is_buy_now ? { buyNow: true } : { shopIds: payload.shop_ids };
    if (!payload.is_buy_now && payload.shop_ids.length === 0) throw validationError({ shop_ids: [t('Please select at least one shop')] });
    await lockLineProducts(tx, cart.id, payload);
    const checkout: Checkout = await figureCheckout(tx as unknown as Db, userId, { ...scope, now });
    if (checkout.lines.length === 0) throw new ApiError(409, t('Your cart is empty.'));

    // 3. The refusals: stock, a price that changed since the shopper looked, vouchers used up.
    const problems = productProblems(checkout.lines, maxUnits, t);
    if (problems.length) throw validationError({ quantity: problems });
    const belowMinimum = shopsBelowMinimum(checkout);
    if (belowMinimum.length) {
      const currencies = await listedCurrencies(tx);
      throw validationError({
        shop_ids: belowMinimum.map((shop) => t('{{shop}} takes orders from {{amount}}.', { shop: shop.name, amount: formatDefaultAmount(shop.minOrderAmount, currencies) })),
      });
    }
    if (payload.payable_amount !== undefined && toMinor(payload.payable_amount) !== checkout.figures.payableAmount) {
      throw new ApiError(409, t('Prices have changed since you looked. Please check your order again.'), {
        payable_amount: [t('The amount to pay is now {{amount}}.', { amount: formatDefaultAmount(checkout.figures.payableAmount, await listedCurrencies(tx)) })],
      });
    }
    for (const shop of checkout.figures.shops) {
      if (!shop.couponCode) continue;
      const voucher = checkout.vouchers.find((candidate) => candidate.shopId === shop.shopId)!;
      // One more use only while under the limit, counted on the one row per shopper and voucher.
      const used = await tx
        .insert(collectedVouchers)
        .values({ userId, voucherId: voucher.id, timesUsed: 1 })
        .onConflictDoUpdate({
          target: [collectedVouchers.userId, collectedVouchers.voucherId],
          set: { timesUsed: sql`${collectedVouchers.timesUsed} + 1` },
          setWhere: sql`${collectedVouchers.timesUsed} < ${voucher.terms.limitForUser}`,
        })
        .returning({ id: collectedVouchers.id });
      if (used.length === 0) throw validationError({ coupon_code: [t('You have already used this voucher.')] });
      // And one of its uses in all, while any are left (a cancel gives it back: lifecycle.ts).
      const counted = await tx
        .update(vouchers)
        .set({ totalUsed: sql`${vouchers.totalUsed} + 1` })
        .where(and(eq(vouchers.id, voucher.id), sql`(${vouchers.totalLimit} is null or ${vouchers.totalUsed} < ${vouchers.totalLimit})`))
        .returning({ id: vouchers.id });
      if (counted.length === 0) throw validationError({ coupon_code: [t('This voucher has been used up.')] });
    }

    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        idempotencyKey: key ?? `auto-${cart.id}-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`,
        method: choice.method,
        gateway: choice.gateway,
        amount: checkout.figures.payableAmount,
      })
      .returning({ id: payments.id });

    const placed = await writeOrders(tx, {
      userId,
      paymentId: payment!.id,
      checkout,
      address: addressCopy(address),
      choice,
      note: payload.note || null,
      now,
      commission,
    });
    await takeHoldings(tx, checkout.lines, t);
    await tx.delete(cartItems).where(
      inArray(
        cartItems.id,
        checkout.lines.map((line) => line.lineId),
      ),
    );
    // The ordered shops' vouchers are spent; the cart keeps the others'.
    const spent = checkout.figures.shops.map((shop) => String(shop.shopId)).filter((shopId) => shopId in cart.couponCodes);
    if (spent.length)
      await tx
        .update(carts)
        .set({
          couponCodes: sql`${carts.couponCodes} - array[${sql.join(
            spent.map((shopId) => sql`${shopId}`),
            sql`, `,
          )}]::text[]`,
        })
        .where(eq(carts.id, cart.id));
    // The last write: a refusal here rolls the whole placement back (limits.ts).
    await gate?.count(tx);
    return { paymentId: payment!.id, amount: checkout.figures.payableAmount, method: choice.method, gateway: choice.gateway, orders: placed, created: true };
  });
}
