import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { addresses, cartItems, orderItems, orders, products, shops } from '../../db/schema';
import { ApiError, notFound, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { cartOf } from '../cart/service';
import { isPublicProduct } from '../catalog/visibility';
import type { PlacementGate } from './limits';
import { placeOrders, placedBefore, type Placement, type PlacementChoice } from './place';

/**
 * POST /place-order/again: a new order of the same products, in the same quantities and
 * options, from the same shop, to the same address, placed through the placement of
 * place.ts, so stock, prices, sale offers and the shop's applied voucher are those of now,
 * and a reused idempotency key answers the order it placed. Everything happens in one
 * transaction under the shopper's cart lock: the products become the checkout's buy-now
 * lines for the placement, and any buy-now line the shopper had is put back afterwards.
 * A product that can no longer be bought refuses the whole order, as a stock shortfall
 * does (docs/decisions/013-cart-and-order-placement.md: placed whole or not at all).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AgainRequest {
  orderId: number;
  choice: PlacementChoice;
  idempotencyKey?: string | undefined;
  /** The caller's placement limits (limits.ts). */
  gate?: PlacementGate | undefined;
}

/** The order's lines as buy-now lines of `cartId`: the product as it is now and the size and colour it still comes in. */
async function linesToBuy(tx: Tx, orderId: number, cartId: number, t: Translate) {
  const items = await tx
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      productId: products.id,
      shopId: products.shopId,
      unitId: products.unitId,
      isPublic: sql<boolean>`coalesce(${isPublicProduct}, false)`,
      sizeId: sql<
        number | null
      >`(select s.id from product_sizes ps join sizes s on s.id = ps.size_id where ps.product_id = ${products.id} and s.name = ${orderItems.size} limit 1)`,
      colorId: sql<
        number | null
      >`(select c.id from product_colors pc join colors c on c.id = pc.color_id where pc.product_id = ${products.id} and c.name = ${orderItems.color} limit 1)`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(shops, eq(shops.id, products.shopId))
    .where(eq(orderItems.orderId, orderId));
  const gone = items.filter((item) => item.productId === null || !item.isPublic);
  if (gone.length) throw validationError({ quantity: gone.map((item) => t('{{name}} is out of stock.', { name: item.name })) });
  // One line per product (the cart's rule); an order holds each product once.
  return items.map((item) => ({
    cartId,
    productId: item.productId!,
    shopId: item.shopId!,
    unitId: item.unitId,
    sizeId: item.sizeId === null ? null : Number(item.sizeId),
    colorId: item.colorId === null ? null : Number(item.colorId),
    quantity: item.quantity,
    isBuyNow: true,
  }));
}

/** The delivery address of the order when the shopper still has it, else their default one. */
async function addressIdFor(tx: Tx, userId: number, copy: unknown, t: Translate): Promise<number> {
  const copiedId = copy && typeof copy === 'object' && typeof (copy as { id?: unknown }).id === 'number' ? (copy as { id: number }).id : null;
  const rows = await tx.select({ id: addresses.id, isDefault: addresses.isDefault }).from(addresses).where(eq(addresses.userId, userId));
  const chosen = rows.find((row) => row.id === copiedId) ?? rows.find((row) => row.isDefault) ?? rows[0];
  if (!chosen) throw validationError({ address_id: [t('Add a shipping address to place your order.')] });
  return chosen.id;
}

export async function placeAgain(db: Db, userId: number, request: AgainRequest, t: Translate, now: Date = new Date()): Promise<Placement> {
  return db.transaction(async (tx) => {
    const cart = await cartOf(tx as unknown as Db, userId, { forUpdate: true });
    if (request.idempotencyKey) {
      const earlier = await placedBefore(tx, userId, request.idempotencyKey);
      if (earlier) return earlier;
    }
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.userId, userId)));
    if (!order) throw notFound(t('Order not found.'));
    const lines = await linesToBuy(tx, order.id, cart.id, t);
    if (lines.length === 0) throw new ApiError(409, t('None of these products can be bought any more.'));
    const addressId = await addressIdFor(tx, userId, order.address, t);

    const onlyBuyNow = and(eq(cartItems.cartId, cart.id), eq(cartItems.isBuyNow, true));
    const kept = await tx.delete(cartItems).where(onlyBuyNow).returning();
    await tx.insert(cartItems).values(lines);
    const placement = await placeOrders(
      tx as unknown as Db,
      userId,
      { shop_ids: [], address_id: addressId, payment_method: request.choice.method, is_buy_now: true, idempotency_key: request.idempotencyKey, note: order.note ?? undefined },
      request.choice,
      t,
      now,
      request.gate,
    );
    // The shopper's own buy-now line, if they had one, is theirs again.
    if (kept.length)
      await tx
        .insert(cartItems)
        .values(kept.map(({ id: _id, ...line }) => line))
        .onConflictDoNothing();
    return placement;
  });
}
