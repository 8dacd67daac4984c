import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlaceOrderPayload } from '../../../contracts/order';
import type { Db } from '../../db';
import {
  addresses,
  cartItems,
  carts,
  collectedVouchers,
  flashSaleProducts,
  orderItems,
  orders,
  orderStatusHistory,
  payments,
  products,
} from '../../db/schema';
import { ApiError, validationError } from '../../http/errors';
import type { Translate } from '../../../lib/i18n';
import { fromMinor, toMinor } from '../../../lib/money';
import { toDto as addressDto } from '../addresses/service';
import { figureCheckout, type Checkout } from '../cart/checkout';
import type { PricedLine } from '../cart/lines';

/**
 * Placing a checkout (the API reference's POST /place-order; issue 10): one database
 * transaction that
 * 1. takes the shopper's cart row lock, so a shopper's checkouts run one at a time (a
 *    second submit of the same checkout finds its lines gone, or its idempotency key used);
 * 2. locks the products (in id order, so two checkouts never deadlock) and their sale
 *    offers, then prices every line again (lib/price.ts, lib/totals.ts: never an amount
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

/** The order code shoppers read: "#" + the shop's prefix + the order number (api-reference.md). */
export const orderCode = (prefix: string, id: number) => `#${prefix}${String(id).padStart(6, '0')}`;

async function placedBefore(tx: Tx, userId: number, key: string): Promise<Placement | null> {
  const [payment] = await tx.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  if (!payment) return null;
  const rows = await tx
    .select({ id: orders.id, orderCode: orders.orderCode, shopId: orders.shopId, payableAmount: orders.payableAmount })
    .from(orders)
    .where(eq(orders.paymentId, payment.id))
    .orderBy(asc(orders.id));
  return { paymentId: payment.id, amount: payment.amount, method: payment.method === 'online' ? 'online' : 'cash', gateway: payment.gateway, orders: rows, created: false };
}

function stockProblem(line: PricedLine, t: Translate): string | null {
  if (line.stock <= 0) return t('{{name}} is out of stock.', { name: line.name });
  if (line.quantity > line.stock) return t('Only {{count}} of {{name}} left in stock.', { count: line.stock, name: line.name });
  return null;
}

/** The address as it is now, copied into the order so later edits do not rewrite history. */
function addressCopy(row: typeof addresses.$inferSelect) {
  const { is_default: _default, ...copy } = addressDto(row);
  return copy;
}

export async function placeOrders(
  db: Db,
  userId: number,
  payload: PlaceOrderPayload,
  choice: PlacementChoice,
  t: Translate,
  now: Date = new Date(),
): Promise<Placement> {
  const key = payload.idempotency_key ?? null;
  return db.transaction(async (tx) => {
    // 1. One checkout at a time per shopper.
    await tx.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
    if (key) {
      const earlier = await placedBefore(tx, userId, key);
      if (earlier) return earlier;
    }

    const [address] = await tx.select().from(addresses).where(and(eq(addresses.id, payload.address_id), eq(addresses.userId, userId)));
    if (!address) throw validationError({ address_id: [t('The selected {{attribute}} is invalid.', { attribute: t('address id') })] });

    // 2. Lock what the lines take from, then price them as they are now.
    const scope = payload.is_buy_now ? { buyNow: true } : { shopIds: payload.shop_ids };
    if (!payload.is_buy_now && payload.shop_ids.length === 0) throw validationError({ shop_ids: [t('Please select at least one shop')] });
    const held = await tx
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart!.id), eq(cartItems.isBuyNow, Boolean(payload.is_buy_now)), ...(payload.is_buy_now ? [] : [inArray(cartItems.shopId, payload.shop_ids)])));
    const productIds = [...new Set(held.map((row) => row.productId))].sort((a, b) => a - b);
    if (productIds.length) {
      await tx.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for('update');
      await tx
        .select({ productId: flashSaleProducts.productId })
        .from(flashSaleProducts)
        .where(inArray(flashSaleProducts.productId, productIds))
        .orderBy(asc(flashSaleProducts.flashSaleId), asc(flashSaleProducts.productId))
        .for('update');
    }
    const checkout: Checkout = await figureCheckout(tx as unknown as Db, userId, { ...scope, now });
    if (checkout.lines.length === 0) throw new ApiError(422, t('Your cart is empty.'));

    // 3. The refusals: stock, a price that changed since the shopper looked, vouchers used up.
    const problems = checkout.lines.map((line) => stockProblem(line, t)).filter((problem): problem is string => problem !== null);
    if (problems.length) throw validationError({ quantity: problems });
    if (payload.payable_amount !== undefined && toMinor(payload.payable_amount) !== checkout.figures.payableAmount) {
      throw new ApiError(409, t('Prices have changed since you looked. Please check your order again.'), {
        payable_amount: [t('The amount to pay is now {{amount}}.', { amount: fromMinor(checkout.figures.payableAmount).toFixed(2) })],
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
    }

    const [payment] = await tx
      .insert(payments)
      .values({ userId, idempotencyKey: key ?? `auto-${cart!.id}-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`, method: choice.method, gateway: choice.gateway, amount: checkout.figures.payableAmount })
      .returning({ id: payments.id });

    const placed: PlacedOrder[] = [];
    for (const shop of checkout.figures.shops) {
      const lines = checkout.lines.filter((line) => line.shop.id === shop.shopId);
      const first = lines[0]!;
      // The order number is known before the insert, so the code is written with the row.
      const next = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as { rows: [{ id: number }] };
      const id = Number(next.rows[0].id);
      const code = orderCode(first.shop.orderPrefix, id);
      const voucher = checkout.vouchers.find((candidate) => candidate.shopId === shop.shopId && candidate.code === shop.couponCode);
      await tx.insert(orders).values({
        id,
        userId,
        shopId: shop.shopId,
        orderCode: code,
        paymentId: payment!.id,
        address: addressCopy(address),
        paymentMethod: choice.method,
        paymentGateway: choice.gateway,
        totalAmount: shop.totalAmount,
        discount: lines.reduce((sum, line) => sum + (line.price.regular - line.price.unit) * line.quantity, 0),
        couponId: voucher?.id ?? null,
        couponDiscount: shop.couponDiscount,
        deliveryCharge: shop.deliveryCharge,
        taxAmount: shop.orderTaxAmount,
        payableAmount: shop.payableAmount,
        note: payload.note || null,
        placedAt: now,
      });
      await tx.insert(orderItems).values(
        lines.map((line) => ({
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
        })),
      );
      await tx.insert(orderStatusHistory).values({ orderId: id, status: 'pending', createdAt: now });
      placed.push({ id, orderCode: code, shopId: shop.shopId, payableAmount: shop.payableAmount });
    }

    for (const line of checkout.lines) {
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${line.quantity}`, totalSold: sql`${products.totalSold} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
      const offer = line.price.offer;
      if (offer) {
        const taken = await tx
          .update(flashSaleProducts)
          .set({ sold: sql`${flashSaleProducts.sold} + ${line.quantity}` })
          .where(and(eq(flashSaleProducts.flashSaleId, offer.flashSaleId), eq(flashSaleProducts.productId, line.productId), sql`${flashSaleProducts.sold} + ${line.quantity} <= ${flashSaleProducts.quantity}`))
          .returning({ sold: flashSaleProducts.sold });
        // The lines were priced under the lock, so the allocation covers them; never oversell it.
        if (taken.length === 0) throw new ApiError(409, t('Prices have changed since you looked. Please check your order again.'));
      }
    }
    await tx.delete(cartItems).where(inArray(cartItems.id, checkout.lines.map((line) => line.lineId)));
    // The ordered shops' vouchers are spent; the cart keeps the others'.
    for (const shop of checkout.figures.shops) {
      await tx.update(carts).set({ couponCodes: sql`${carts.couponCodes} - ${String(shop.shopId)}::text` }).where(eq(carts.id, cart!.id));
    }
    return { paymentId: payment!.id, amount: checkout.figures.payableAmount, method: choice.method, gateway: choice.gateway, orders: placed, created: true };
  });
}
