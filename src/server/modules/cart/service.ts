import { and, eq, sql } from 'drizzle-orm';
import type { AddToCartPayload, CartLinePayload, CartOptionsPayload } from '@/contracts/cart';
import type { Db } from '../../db';
import { cartItems, carts, productColors, products, productSizes, shops } from '../../db/schema';
import { type ApiError, notFound, validationError } from '../../http/errors';
import { lineOption } from '@/lib/cart-line';
import type { Translate } from '@/lib/i18n';
import { isPublicProduct } from '../catalog/visibility';
import { loadSiteSettings } from '../master/settings';
import { fitsLine, lineRefusal } from './lines';

/**
 * Changes to a shopper's cart (docs/product.md §4.6 Cart changes, §7.2 cart calls; ADR 013).
 * A cart holds one line per product and chosen size and colour. Every change runs in a
 * transaction that first locks the shopper's cart row (`withCartLock`), so one shopper's
 * changes take turns: two changes of one line, or a change racing a removal, each see the
 * cart the other left. The statement that grows a line also keeps the product's stock and
 * cap in its WHERE (lines.ts `fitsLine`), against a sale taking the stock meanwhile. Prices
 * are not stored: lines.ts prices every line from the catalogue when the cart is read.
 */

/**
 * The shopper's cart row with its applied voucher codes, made on first use; concurrent
 * first uses meet on carts.user_id. `forUpdate` locks it for the caller's transaction
 * (cart changes and order placement: a shopper's take turns).
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

/**
 * Runs `work` in a transaction holding the shopper's cart row lock. Everything inside goes
 * through `tx` (on PGlite a query on the outer handle would wait for this transaction).
 */
function withCartLock<T>(db: Db, userId: number, work: (tx: Db, cartId: number) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const cart = await cartOf(tx, userId, { forUpdate: true });
    return work(tx, cart.id);
  });
}

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
export async function sellable(db: Db, productId: number, t: Translate): Promise<Sellable> {
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
 * The size and colour a line of `product` takes for the chosen ones (lib/cart-line.ts
 * `lineOption`): a product that comes in several sizes or colours is never given one the
 * shopper did not choose, so a missing choice is a 422 naming the field, as is one the
 * product does not come in.
 */
export function chooseOptions(product: Pick<Sellable, 'sizeIds' | 'colorIds'>, chosen: { size?: number | null; color?: number | null }, t: Translate) {
  const pick = (field: 'size' | 'color', offered: number[]): number | null => {
    const option = lineOption(offered, chosen[field]);
    if (option === 'choose') throw validationError({ [field]: [field === 'size' ? t('Please choose a size.') : t('Please choose a color.')] });
    if (option === 'invalid') throw validationError({ [field]: [t('The selected {{attribute}} is invalid.', { attribute: t(field) })] });
    return option;
  };
  return { sizeId: pick('size', product.sizeIds), colorId: pick('color', product.colorIds) };
}

/**
 * POST /cart/store: adds `quantity` to the line of the product in the chosen size and
 * colour (made if missing), or, for a buy-now, replaces the buy-now line and leaves the cart
 * alone (§4.6 "A buy-now add does not change the cart").
 */
export async function addToCart(db: Db, userId: number, payload: AddToCartPayload, t: Translate): Promise<void> {
  const product = await sellable(db, payload.product_id, t);
  if (payload.unit !== undefined && payload.unit !== product.unitId) {
    throw validationError({ unit: [t('The selected {{attribute}} is invalid.', { attribute: t('unit') })] });
  }
  const { sizeId, colorId } = chooseOptions(product, payload, t);
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
 * Units of `productId` the cart's lines hold (buy-now aside), and its stock, which the
 * product row's share lock keeps until the change commits: a checkout taking that stock
 * waits (it locks the shopper's own cart first, then the products, as here).
 */
async function holding(tx: Db, cartId: number, productId: number): Promise<{ held: number; stock: number }> {
  const [row] = await tx
    .select({
      held: sql<number>`(select coalesce(sum(${cartItems.quantity}), 0)::int from ${cartItems} where ${cartItems.cartId} = ${cartId} and ${cartItems.productId} = ${productId} and not ${cartItems.isBuyNow})`,
      stock: products.quantity,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('share');
  return { held: Number(row?.held ?? 0), stock: row?.stock ?? 0 };
}

/**
 * Adds units to the line of the product in the given size and colour (made if missing),
 * under the line rule, or for a buy-now replaces the buy-now line. The refusal when the cart
 * would break the rule, and nothing is written. Order again adds through it too.
 */
export async function addUnits(db: Db, userId: number, units: NewUnits, t: Translate): Promise<ApiError | null> {
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  const early = lineRefusal({ held: 0, adding: units.quantity, stock: units.stock, maxUnits }, t);
  if (early) return early;
  const { productId, shopId, unitId, sizeId, colorId, quantity, buyNow } = units;
  return withCartLock(db, userId, async (tx, cartId) => {
    // One buy-now line: a new buy-now replaces whatever was being bought at once.
    if (buyNow) await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.isBuyNow, true)));
    const { held: cartHeld, stock } = await holding(tx, cartId, productId);
    const held = buyNow ? 0 : cartHeld;
    const refusal = lineRefusal({ held, adding: quantity, stock, maxUnits }, t);
    if (refusal) return refusal;
    const written = await tx
      .insert(cartItems)
      .values({ cartId, productId, shopId, sizeId, colorId, unitId, quantity, isBuyNow: buyNow })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId, cartItems.sizeId, cartItems.colorId, cartItems.isBuyNow],
        set: { unitId, quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
        setWhere: fitsLine(sql`${held + quantity}`, productId, maxUnits),
      })
      .returning({ id: cartItems.id });
    // The locked stock was checked above: the statement's own check is the last line of defence.
    return written.length ? null : outOfStock(t);
  });
}

const outOfStock = (t: Translate) => validationError({ quantity: [t('This product is out of stock.')] });

/** A line of the cart as the changes read it. */
interface CartLine {
  id: number;
  productId: number;
  sizeId: number | null;
  colorId: number | null;
  quantity: number;
}

/** What left the cart: the product and the size and colour of its line (the remove toast's Again Add to Cart). */
export type RemovedLine = Pick<CartLine, 'productId' | 'sizeId' | 'colorId'>;

/** The line a call names (CartLinePayload): 404 when the cart has none, 422 when product_id alone names several. */
async function lineOf(tx: Db, cartId: number, payload: CartLinePayload, t: Translate): Promise<CartLine> {
  const rows = await tx
    .select({ id: cartItems.id, productId: cartItems.productId, sizeId: cartItems.sizeId, colorId: cartItems.colorId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, payload.product_id),
        eq(cartItems.isBuyNow, false),
        ...(payload.line_id === undefined ? [] : [eq(cartItems.id, payload.line_id)]),
      ),
    );
  if (rows.length === 0) throw notFound(t('This product is not in your cart.'));
  if (rows.length > 1) throw validationError({ line_id: [t('This product is in your cart in more than one size or color: say which line.')] });
  return rows[0]!;
}

/** POST /cart/increment: one more unit, while the line rule allows it. */
export async function incrementLine(db: Db, userId: number, payload: CartLinePayload, t: Translate): Promise<void> {
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  await withCartLock(db, userId, async (tx, cartId) => {
    const line = await lineOf(tx, cartId, payload, t);
    const { held, stock } = await holding(tx, cartId, line.productId);
    const refusal = lineRefusal({ held, adding: 1, stock, maxUnits }, t);
    if (refusal) throw refusal;
    const updated = await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: sql`now()` })
      .where(and(eq(cartItems.id, line.id), fitsLine(sql`${held + 1}`, line.productId, maxUnits)))
      .returning({ id: cartItems.id });
    if (!updated.length) throw outOfStock(t);
  });
}

/** POST /cart/decrement: one unit fewer; the last unit takes the line out. What left, if it did. */
export async function decrementLine(db: Db, userId: number, payload: CartLinePayload, t: Translate): Promise<RemovedLine | null> {
  return withCartLock(db, userId, async (tx, cartId) => {
    const line = await lineOf(tx, cartId, payload, t);
    if (line.quantity > 1) {
      await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
      return null;
    }
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return line;
  });
}

/** POST /cart/delete: the line leaves the cart. What left. */
export async function removeLine(db: Db, userId: number, payload: CartLinePayload, t: Translate): Promise<RemovedLine> {
  return withCartLock(db, userId, async (tx, cartId) => {
    const line = await lineOf(tx, cartId, payload, t);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return line;
  });
}

/**
 * POST /cart/options (docs/product.md §4.6): the line takes another size or colour of its
 * product (one left out keeps the line's own). When the cart already has a line of that
 * choice the two become one, their quantities added, within the line rule (the product's
 * units stay the same, so only a stock that fell below them refuses); the prices follow when
 * the cart is read. Whether the line merged into another.
 */
export async function changeLineOptions(db: Db, userId: number, payload: CartOptionsPayload, t: Translate): Promise<{ merged: boolean }> {
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  return withCartLock(db, userId, async (tx, cartId) => {
    const line = await lineOf(tx, cartId, payload, t);
    const product = await sellable(tx, line.productId, t);
    const { sizeId, colorId } = chooseOptions(product, { size: payload.size ?? line.sizeId, color: payload.color ?? line.colorId }, t);
    if (sizeId === line.sizeId && colorId === line.colorId) return { merged: false };
    const [twin] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.cartId, cartId),
          eq(cartItems.productId, line.productId),
          eq(cartItems.isBuyNow, false),
          sql`${cartItems.sizeId} is not distinct from ${sizeId}`,
          sql`${cartItems.colorId} is not distinct from ${colorId}`,
        ),
      );
    if (!twin) {
      await tx
        .update(cartItems)
        .set({ sizeId, colorId, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
      return { merged: false };
    }
    const { held, stock } = await holding(tx, cartId, line.productId);
    const refusal = lineRefusal({ held: held - line.quantity, adding: line.quantity, stock, maxUnits }, t);
    if (refusal) throw refusal;
    const merged = await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(cartItems.id, twin.id), fitsLine(sql`${held}`, line.productId, maxUnits)))
      .returning({ id: cartItems.id });
    if (!merged.length) throw outOfStock(t);
    await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    return { merged: true };
  });
}
