import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartPayload } from '../../../contracts/cart';
import type { Db } from '../../db';
import { cartItems, carts, productColors, products, productSizes, shops } from '../../db/schema';
import { violatedNotNull } from '../../db/errors';
import { ApiError, notFound, validationError } from '../../http/errors';
import type { Translate } from '../../../lib/i18n';

/**
 * Changes to a shopper's cart (docs/product.md §4.4 Cart changes, §7 cart calls). Each is
 * one SQL statement whose WHERE holds the stock rule, so concurrent requests cannot push
 * a line past the stock: PostgreSQL re-checks the condition on the row it waited for,
 * and PGlite runs statements one at a time. Prices are not stored: lines.ts prices every
 * line from the catalogue when the cart is read.
 */

/**
 * The shopper's cart row with its applied voucher codes, made on first use; concurrent
 * first uses meet on carts.user_id. `forUpdate` locks it for the caller's transaction
 * (order placement: a shopper's checkouts take turns).
 */
export async function cartOf(db: Db, userId: number, { forUpdate = false } = {}): Promise<{ id: number; couponCodes: Record<string, string> }> {
  const find = () => {
    const query = db.select({ id: carts.id, couponCodes: carts.couponCodes }).from(carts).where(eq(carts.userId, userId));
    return forUpdate ? query.for('update') : query;
  };
  const [found] = await find();
  if (found) return found;
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  // A statement of its own: it sees the row a concurrent first use committed meanwhile.
  const [row] = await find();
  return row!;
}

/** The shopper's cart row id (cartOf). */
export const cartIdOf = async (db: Db, userId: number): Promise<number> => (await cartOf(db, userId)).id;

interface Sellable {
  id: number;
  shopId: number;
  unitId: number | null;
  stock: number;
  /** The sizes and colours it comes in, lowest id first. */
  sizeIds: number[];
  colorIds: number[];
}

/** The product if it can be bought (it and its shop switched on), with its options, else a 422 on product_id. */
async function sellable(db: Db, productId: number, t: Translate): Promise<Sellable> {
  const [row] = await db
    .select({
      id: products.id,
      shopId: products.shopId,
      unitId: products.unitId,
      stock: products.quantity,
      sizeIds: sql<number[]>`array(select ${productSizes.sizeId} from ${productSizes} where ${productSizes.productId} = ${products.id} order by ${productSizes.sizeId})`,
      colorIds: sql<number[]>`array(select ${productColors.colorId} from ${productColors} where ${productColors.productId} = ${products.id} order by ${productColors.colorId})`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), eq(products.isActive, true), eq(shops.isActive, true)));
  if (!row) throw validationError({ product_id: [t('The selected product is not available.')] });
  return { ...row, sizeIds: row.sizeIds.map(Number), colorIds: row.colorIds.map(Number) };
}

/**
 * The size and colour of a line: the chosen ones when the product comes in them (else a
 * 422 naming the field), the product's first when none is chosen (a card's Add to Cart
 * takes the default options), none when the product has none.
 */
function options(product: Sellable, payload: AddToCartPayload, t: Translate) {
  const pick = (field: 'size' | 'color', offered: number[]): number | null => {
    const chosen = payload[field];
    if (chosen === undefined) return offered[0] ?? null;
    if (!offered.includes(chosen)) {
      throw validationError({ [field]: [t('The selected {{attribute}} is invalid.', { attribute: t(field) })] });
    }
    return chosen;
  };
  return { sizeId: pick('size', product.sizeIds), colorId: pick('color', product.colorIds) };
}

/** The quantity asked for is more than the stock; `held` is what the cart already has of it. */
function stockError(stock: number, t: Translate, held = 0): ApiError {
  let message = t('This product is out of stock.');
  if (stock > 0) message = held > 0 ? t('Only {{count}} in stock, and your cart already holds {{held}}.', { count: stock, held }) : t('Only {{count}} left in stock.', { count: stock });
  return validationError({ quantity: [message] });
}

/**
 * POST /cart/store: adds `quantity` to the product's line (made if missing, options set to
 * the ones chosen now), or, for a buy-now, replaces the buy-now line and leaves the cart
 * alone (§4.4 "A buy-now add does not update the cart").
 */
export async function addToCart(db: Db, userId: number, payload: AddToCartPayload, t: Translate): Promise<void> {
  const product = await sellable(db, payload.product_id, t);
  if (payload.unit !== undefined && payload.unit !== product.unitId) {
    throw validationError({ unit: [t('The selected {{attribute}} is invalid.', { attribute: t('unit') })] });
  }
  const { sizeId, colorId } = options(product, payload, t);
  if (payload.quantity > product.stock) throw stockError(product.stock, t);

  // The cart row by a subquery in the same statement; the first add of a new shopper makes it and tries again.
  const cartId = sql<number>`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`;
  const line = { cartId, productId: product.id, shopId: product.shopId, sizeId, colorId, unitId: product.unitId, quantity: payload.quantity, isBuyNow: payload.is_buy_now };
  const stockNow = sql`(select ${products.quantity} from ${products} where ${products.id} = ${product.id})`;
  const write = () =>
    db
      .insert(cartItems)
      .values(line)
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.isBuyNow],
        set: {
          sizeId,
          colorId,
          unitId: product.unitId,
          quantity: payload.is_buy_now ? sql`excluded.quantity` : sql`${cartItems.quantity} + excluded.quantity`,
          updatedAt: sql`now()`,
        },
        // The stock rule, checked against the line as it is when this statement gets it.
        setWhere: payload.is_buy_now ? sql`excluded.quantity <= ${stockNow}` : sql`${cartItems.quantity} + excluded.quantity <= ${stockNow}`,
      })
      .returning({ id: cartItems.id });
  const written = await write().catch(async (error: unknown) => {
    if (!violatedNotNull(error)) throw error;
    await cartIdOf(db, userId);
    return write();
  });
  if (written.length === 0) {
    const [held] = await db.select({ quantity: cartItems.quantity }).from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId)).where(and(eq(carts.userId, userId), eq(cartItems.productId, product.id), eq(cartItems.isBuyNow, false)));
    throw stockError(product.stock, t, payload.is_buy_now ? 0 : (held?.quantity ?? 0));
  }
}

async function cartLineOrThrow(db: Db, userId: number, productId: number, t: Translate) {
  const [line] = await db
    .select({ id: cartItems.id, cartId: cartItems.cartId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.userId, userId), eq(cartItems.productId, productId), eq(cartItems.isBuyNow, false)));
  if (!line) throw notFound(t('This product is not in your cart.'));
  return line;
}

/** POST /cart/increment: one more unit, while the stock has it. */
export async function incrementLine(db: Db, userId: number, productId: number, t: Translate): Promise<void> {
  const line = await cartLineOrThrow(db, userId, productId, t);
  const updated = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(cartItems.id, line.id),
        sql`${cartItems.quantity} + 1 <= (select ${products.quantity} from ${products} where ${products.id} = ${cartItems.productId})`,
      ),
    )
    .returning({ id: cartItems.id });
  if (updated.length === 0) {
    const [product] = await db.select({ stock: products.quantity }).from(products).where(eq(products.id, productId));
    throw validationError({ quantity: [t('Only {{count}} left in stock.', { count: product?.stock ?? 0 })] });
  }
}

/** POST /cart/decrement: one unit fewer; the last unit takes the line out. Whether it did. */
export async function decrementLine(db: Db, userId: number, productId: number, t: Translate): Promise<boolean> {
  const line = await cartLineOrThrow(db, userId, productId, t);
  const updated = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, line.id), sql`${cartItems.quantity} > 1`))
    .returning({ id: cartItems.id });
  if (updated.length) return false;
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  return true;
}

/** POST /cart/delete: the line leaves the cart. */
export async function removeLine(db: Db, userId: number, productId: number, t: Translate): Promise<void> {
  const line = await cartLineOrThrow(db, userId, productId, t);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
}
