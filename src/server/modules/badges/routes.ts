import { Hono } from 'hono';
import type { ShopperBadgesDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import type { AppEnv } from '../../context';
import { requireUser } from '../auth/middleware';
import { itemCount, toCartGroups } from '../cart/dto';
import { hasCartLines, loadLines } from '../cart/lines';
import { favoriteCount } from '../favorites/service';
import { unreadMessages } from '../chat/service';

/**
 * The signed-in shopper's badges (contracts/cart.ts ShopperBadgesDto): counted by the same
 * code as `GET /carts`, `GET /favorite-products` and `GET /unread-messages`, so the
 * server-rendered navbar agrees with what the stores and the chat show once they load.
 */
export const badgeRoutes = new Hono<AppEnv>().use('/shopper-badges', requireUser()).get('/shopper-badges', async (c) => {
  const userId = c.var.userId!;
  const [lines, favorites, messages] = await Promise.all([
    hasCartLines(c.var.db, userId).then((any) => (any ? loadLines(c.var.db, userId) : [])),
    favoriteCount(c.var.db, userId),
    unreadMessages(c.var.db, { kind: 'user', userId }),
  ]);
  const data: ShopperBadgesDto = { cart_items: itemCount(lines), cart_amount: cartAmount(toCartGroups(lines)), favorites, messages };
  return c.json({ message: '', data });
});
