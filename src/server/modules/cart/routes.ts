import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { AddToCartPayload, CartLinePayload, CheckoutPayload, PRODUCT_REMOVED_MESSAGE, type CartChangeDto } from '@/contracts/cart';
import type { AppEnv } from '../../context';
import { products } from '../../db/schema';
import { validBody } from '../../http/validation';
import { requireUser } from '../auth/middleware';
import { applyCheckoutCode } from '../vouchers/service';
import { checkoutDto, figureCheckout } from './checkout';
import { itemCount, toCartGroups } from './dto';
import { loadLines } from './lines';
import { addToCart, decrementLine, incrementLine, removeLine } from './service';

/**
 * The cart calls (docs/product.md §7.2, §4.6). Every one
 * needs the Bearer token (§6.2) and answers the whole cart, so a client never patches
 * its copy by hand.
 */

const userId = (c: Context<AppEnv>) => c.var.userId!;

async function cartBody(c: Context<AppEnv>, removed: CartChangeDto['removed_product'] = null): Promise<CartChangeDto> {
  const lines = await loadLines(c.var.db, userId(c));
  return { total: itemCount(lines), cart_items: toCartGroups(lines), removed: removed !== null, removed_product: removed };
}

async function removedProduct(c: Context<AppEnv>, productId: number): Promise<NonNullable<CartChangeDto['removed_product']>> {
  const [row] = await c.var.db.select({ id: products.id, name: products.name, thumbnail: products.thumbnail }).from(products).where(eq(products.id, productId));
  return row ?? { id: productId, name: '', thumbnail: '' };
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
    await incrementLine(c.var.db, userId(c), c.req.valid('json').product_id, c.var.t);
    return c.json({ message: c.var.t('Cart quantity updated'), data: await cartBody(c) });
  })
  .post('/cart/decrement', validBody(CartLinePayload), async (c) => {
    const productId = c.req.valid('json').product_id;
    const removed = await decrementLine(c.var.db, userId(c), productId, c.var.t);
    if (!removed) return c.json({ message: c.var.t('Cart quantity updated'), data: await cartBody(c) });
    return c.json({ message: c.var.t(PRODUCT_REMOVED_MESSAGE), data: await cartBody(c, await removedProduct(c, productId)) });
  })
  .post('/cart/delete', validBody(CartLinePayload), async (c) => {
    const productId = c.req.valid('json').product_id;
    const removed = await removedProduct(c, productId);
    await removeLine(c.var.db, userId(c), productId, c.var.t);
    return c.json({ message: c.var.t(PRODUCT_REMOVED_MESSAGE), data: await cartBody(c, removed) });
  })
  .post('/cart/checkout', validBody(CheckoutPayload), async (c) => {
    const { shop_ids: shopIds, is_buy_now: buyNow, coupon_code: code } = c.req.valid('json');
    if (code) await applyCheckoutCode(c.var.db, userId(c), code, { shopIds, buyNow }, c.var.t, new Date());
    const checkout = await figureCheckout(c.var.db, userId(c), buyNow ? { buyNow } : { shopIds });
    return c.json({ message: '', data: checkoutDto(checkout, c.var.t) });
  });
