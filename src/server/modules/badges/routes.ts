import { Hono } from 'hono';
import type { ShopperBadgesDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import type { AppEnv } from '../../context';
import { requireUser } from '../auth/middleware';
import { itemCount, toCartGroups } from '../cart/dto';
import { hasCartLines, loadLines } from '../cart/lines';
import { favoriteCount } from '../favorites/service';

/**
 * The signed-in shopper's badges (contracts/cart.ts ShopperBadgesDto): counted by the same
 * code as `GET /carts` and `GET /favorite-products`, so the server-rendered navbar agrees
 * with what the stores show once they load.
 */
export const badgeRoutes = new Hono<AppEnv>().use('/shopper-badges', requireUser()).get('/shopper-badges', async (c) => {
  const userId = c.var.userId!;
  const [lines, favorites] = await Promise.all([hasCartLines(c.var.db, userId).then((any) => (any ? loadLines(c.var.db, userId) : [])), favoriteCount(c.var.db, userId)]);
  const data: ShopperBadgesDto = { cart_items: itemCount(lines), cart_amount: cartAmount(toCartGroups(lines)), favorites };
  return c.json({ message: '', data });
});
