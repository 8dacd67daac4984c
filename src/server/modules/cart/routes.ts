import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { AddToCartPayload, CartLinePayload, CartOptionsPayload, CheckoutPayload, PRODUCT_REMOVED_MESSAGE, type CartChangeDto, type RemovedProductDto } from '@/contracts/cart';
import type { AppEnv } from '../../context';
import { localized } from '../../db/localized';
import { colors, products, sizes } from '../../db/schema';
import { validBody } from '../../http/validation';
import { requireUser } from '../auth/middleware';
import { applyCheckoutCode } from '../vouchers/service';
import { checkoutDto, figureCheckout } from './checkout';
import { itemCount, toCartGroups } from './dto';
import { loadLines } from './lines';
import { addToCart, changeLineOptions, decrementLine, incrementLine, removeLine, type RemovedLine } from './service';

/**
 * The cart calls (docs/product.md §7.2, §4.6). Every one
 * needs the Bearer token (§6.2) and answers the whole cart, so a client never patches
 * its copy by hand.
 */

const userId = (c: Context<AppEnv>) => c.var.userId!;

async function cartBody(c: Context<AppEnv>, removed: RemovedProductDto | null = null): Promise<CartChangeDto> {
  const lines = await loadLines(c.var.db, userId(c), { locale: c.var.locale });
  return { total: itemCount(lines), cart_items: toCartGroups(lines), removed: removed !== null, removed_product: removed };
}

/** The line that left, named for the remove toast: its product, size and colour. */
async function removedProduct(c: Context<AppEnv>, line: RemovedLine): Promise<RemovedProductDto> {
  const { db, locale } = c.var;
  const name = <T extends typeof products | typeof sizes | typeof colors>(table: T) => localized(table.name, table.translations, 'name', locale);
  const [[product], [size], [color]] = await Promise.all([
    db
      .select({ id: products.id, name: name(products), thumbnail: products.thumbnail })
      .from(products)
      .where(eq(products.id, line.productId)),
    line.sizeId === null
      ? []
      : db
          .select({ id: sizes.id, name: name(sizes) })
          .from(sizes)
          .where(eq(sizes.id, line.sizeId)),
    line.colorId === null
      ? []
      : db
          .select({ id: colors.id, name: name(colors) })
          .from(colors)
          .where(eq(colors.id, line.colorId)),
  ]);
  return { ...(product ?? { id: line.productId, name: '', thumbnail: '' }), size: size ?? null, color: color ?? null };
}

export const cartRoutes = new Hono<AppEnv>()
  .use('/carts', requireUser())
  .use('/cart/*', requireUser())
  .get('/carts', async (c) => c.json({ message: '', data: await cartBody(c) }))
  .post('/cart/store', validBody(AddToCartPayload), async (c) => {
    const payload = c.req.valid('json');
    await addToCart(c.var.db, userId(c), payload, c.var.t);
    const message = payload.is_buy_now ? 'The product is ready to buy now' : 'Product added to cart successfully';
    return c.json({ message: c.var.t(message), data: await cartBody(c) });
  })
  .post('/cart/increment', validBody(CartLinePayload), async (c) => {
    await incrementLine(c.var.db, userId(c), c.req.valid('json'), c.var.t);
    return c.json({ message: c.var.t('Cart quantity updated'), data: await cartBody(c) });
  })
  .post('/cart/decrement', validBody(CartLinePayload), async (c) => {
    const removed = await decrementLine(c.var.db, userId(c), c.req.valid('json'), c.var.t);
    if (!removed) return c.json({ message: c.var.t('Cart quantity updated'), data: await cartBody(c) });
    return c.json({ message: c.var.t(PRODUCT_REMOVED_MESSAGE), data: await cartBody(c, await removedProduct(c, removed)) });
  })
  .post('/cart/delete', validBody(CartLinePayload), async (c) => {
    const removed = await removeLine(c.var.db, userId(c), c.req.valid('json'), c.var.t);
    return c.json({ message: c.var.t(PRODUCT_REMOVED_MESSAGE), data: await cartBody(c, await removedProduct(c, removed)) });
  })
  // docs/product.md §4.6: another size or colour for a line, merged with a line of that choice.
  .post('/cart/options', validBody(CartOptionsPayload), async (c) => {
    await changeLineOptions(c.var.db, userId(c), c.req.valid('json'), c.var.t);
    return c.json({ message: c.var.t('Cart updated'), data: await cartBody(c) });
  })
  .post('/cart/checkout', validBody(CheckoutPayload), async (c) => {
    const { shop_ids: shopIds, is_buy_now: buyNow, coupon_code: code } = c.req.valid('json');
    if (code) await applyCheckoutCode(c.var.db, userId(c), code, { shopIds, buyNow }, c.var.t, new Date());
    const checkout = await figureCheckout(c.var.db, userId(c), { ...(buyNow ? { buyNow } : { shopIds }), locale: c.var.locale });
    return c.json({ message: '', data: checkoutDto(checkout, c.var.t) });
  });
