import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartPayload } from '@/contracts/cart';
import type { Db } from '../../db';
import { cartItems, carts, productColors, products, productSizes, shops } from '../../db/schema';
import { violatedNotNull } from '../../db/errors';
import { type ApiError, notFound, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { isPublicProduct } from '../catalog/visibility';
import { loadSiteSettings } from '../master/settings';
import { fitsLine, lineRefusal } from './lines';

/**
 * Changes to a shopper's cart (docs/product.md §4.4 Cart changes, §7 cart calls). Each is
 * one SQL statement whose WHERE holds the line rule (lines.ts `fitsLine`), so concurrent
 * requests cannot push a line past it: PostgreSQL re-checks the condition on the row it
 * waited for, and PGlite runs statements one at a time. Prices are not stored: lines.ts prices every
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
    .where(and(eq(products.id, productId), isPublicProduct));
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
  const refusal = await addUnits(db, userId, { ...product, productId: product.id, sizeId, colorId, quantity: payload.quantity, buyNow: payload.is_buy_now }, t);
  if (refusal) throw refusal;
}

/** Units going into a line: the product (of a public shop) and the options chosen. */
export interface NewUnits {
  productId: number;
  shopId: number;
  unitId: number | null;
  sizeId: number | null;
  colorId: number | null;
  /** Units in stock when the product was read: refuses early; the statement checks again. */
  stock: number;
  quantity: number;
  buyNow: boolean;
}

/**
 * Adds units to the product's line (made if missing; size and colour set to the ones given)
 * under the line rule, or for a buy-now replaces the buy-now line. The refusal when the
 * line would break the rule, and nothing is written. Order again adds through it too.
 */
export async function addUnits(db: Db, userId: number, units: NewUnits, t: Translate): Promise<ApiError | null> {
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  const early = lineRefusal({ held: 0, adding: units.quantity, stock: units.stock, maxUnits }, t);
  if (early) return early;
  const { productId, shopId, unitId, sizeId, colorId, quantity, buyNow } = units;
  // The cart row by a subquery in the same statement; the first add of a new shopper makes it and tries again.
  const cartId = sql<number>`(select ${carts.id} from ${carts} where ${carts.userId} = ${userId})`;
  const wanted = buyNow ? sql`excluded.quantity` : sql`${cartItems.quantity} + excluded.quantity`;
  const write = () =>
    db
      .insert(cartItems)
      .values({ cartId, productId, shopId, sizeId, colorId, unitId, quantity, isBuyNow: buyNow })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.isBuyNow],
        set: { sizeId, colorId, unitId, quantity: wanted, updatedAt: sql`now()` },
        // The line rule, checked against the line as it is when this statement gets it.
        setWhere: fitsLine(wanted, productId, maxUnits),
      })
      .returning({ id: cartItems.id });
  const written = await write().catch(async (error: unknown) => {
    if (!violatedNotNull(error)) throw error;
    await cartIdOf(db, userId);
    return write();
  });
  if (written.length) return null;
  const [now] = await db
    .select({ held: cartItems.quantity, stock: products.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(carts.userId, userId), eq(cartItems.productId, productId), eq(cartItems.isBuyNow, buyNow)));
  const held = buyNow ? 0 : (now?.held ?? 0);
  const stock = now?.stock ?? units.stock;
  // The stock grew between the statement and this read: the line fits now, so add it again.
  return lineRefusal({ held, adding: quantity, stock, maxUnits }, t) ?? addUnits(db, userId, units, t);
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

/** POST /cart/increment: one more unit, while the line rule allows it. */
export async function incrementLine(db: Db, userId: number, productId: number, t: Translate): Promise<void> {
  const line = await cartLineOrThrow(db, userId, productId, t);
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  const wanted = sql`${cartItems.quantity} + 1`;
  const updated = await db
    .update(cartItems)
    .set({ quantity: wanted, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, line.id), fitsLine(wanted, cartItems.productId, maxUnits)))
    .returning({ id: cartItems.id });
  if (updated.length) return;
  const [product] = await db.select({ stock: products.quantity }).from(products).where(eq(products.id, productId));
  const refusal = lineRefusal({ held: line.quantity, adding: 1, stock: product?.stock ?? 0, maxUnits }, t);
  // No refusal: the stock grew between the statement and this read, so the unit fits now.
  if (refusal) throw refusal;
  await incrementLine(db, userId, productId, t);
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
