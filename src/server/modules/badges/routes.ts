import { Hono } from 'hono';
import type { ShopperBadgesDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import type { AppEnv } from '../../context';
import { requireUser } from '../auth/middleware';
import { itemCount, toCartGroups } from '../cart/dto';
import { sql } from 'drizzle-orm';
import { cartLineQuery, loadLines } from '../cart/lines';
import { favoriteCountQuery } from '../favorites/service';
import { unreadMessagesQuery } from '../chat/service';

/**
 * The signed-in shopper's badges (contracts/cart.ts ShopperBadgesDto): counted by the same
 * statements as `GET /carts`, `GET /favorite-products` and `GET /unread-messages`, so the
 * server-rendered navbar agrees with what the stores and the chat show once they load.
 * Every signed-in page asks for them: the three are nested in one statement, and the cart's
 * wide lines are read only when it has any.
 */
export const badgeRoutes = new Hono<AppEnv>().use('/shopper-badges', requireUser()).get('/shopper-badges', async (c) => {
  const { db } = c.var;
  const userId = c.var.userId!;
  const { rows } = (await db.execute(
    sql`select (${favoriteCountQuery(db, userId)})::int as favorites, (${unreadMessagesQuery(db, { kind: 'user', userId })})::int as messages, exists (${cartLineQuery(db, userId)}) as has_lines`,
  )) as unknown as { rows: { favorites: number; messages: number; has_lines: boolean }[] };
  const [{ favorites, messages, has_lines: hasLines }] = rows as [(typeof rows)[number]];
  const lines = hasLines ? await loadLines(db, userId) : [];
  const data: ShopperBadgesDto = { cart_items: itemCount(lines), cart_amount: cartAmount(toCartGroups(lines)), favorites, messages };
  return c.json({ message: '', data });
});
