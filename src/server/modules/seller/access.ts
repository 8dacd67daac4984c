import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context';
import { shops } from '../../db/schema';
import { ApiError, notFound, unauthenticated } from '../../http/errors';
import type { ShopStatus } from '@/contracts/seller';

/** The signed-in seller's own shop, as every seller route reads it (`c.var.shop`). */
export interface SellerShop {
  id: number;
  name: string;
  status: ShopStatus;
  orderPrefix: string;
}

/** A signed-in user who has no shop (a shopper) asking for a seller route. */
export const NO_SHOP = 'This account has no shop.';
/** The owner of a shop under review, rejected or suspended asking for what only an active shop may do. */
export const SHOP_NOT_ACTIVE = 'Your shop is not active.';

/**
 * Guards the seller routes (`/api/seller/*`, docs/decisions/017-sellers.md "Who may do
 * what"): a guest is 401, a signed-in user without a shop 403, and the owner of a shop
 * that is not active 403 unless the route is one an owner needs while under review
 * (`allowInactive`: the shop's own profile, its notifications). The shop is always the
 * signed-in user's own: no route takes a shop id, so every query is scoped by
 * `c.var.shop.id`, and another shop's order, product, voucher, notification or withdrawal
 * is a 404.
 */
export const requireSeller = (options: { allowInactive?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.userId) throw unauthenticated();
    const [shop] = await c.var.db
      .select({ id: shops.id, name: shops.name, status: shops.status, orderPrefix: shops.orderPrefix })
      .from(shops)
      .where(eq(shops.userId, c.var.userId));
    if (!shop) throw new ApiError(403, NO_SHOP);
    if (shop.status !== 'active' && !options.allowInactive) throw new ApiError(403, SHOP_NOT_ACTIVE);
    c.set('shop', shop);
    await next();
  });

/**
 * Checks that the `:id` of the path is the shop's own (`owns`) before the body is read, so
 * another shop's record is a 404 whatever is sent with it, never a 422 about the body.
 * Goes after requireSeller and the path's validation.
 */
export const ownRecord = (owns: (db: AppEnv['Variables']['db'], shopId: number, id: number) => Promise<unknown>, message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!(await owns(c.var.db, c.var.shop!.id, Number(c.req.param('id'))))) throw notFound(message);
    await next();
  });
