import { Hono } from 'hono';
import { MAX_FAVORITES_AMONG, type ShopperBadgesDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import type { AppEnv } from '../../context';
import { requireUser } from '../auth/middleware';
import { itemCount, toCartGroups } from '../cart/dto';
import { sql } from 'drizzle-orm';
import { cartLineQuery, loadLines } from '../cart/lines';
import { favoriteCountQuery } from '../favorites/service';
import { unreadMessagesQuery } from '../chat/service';
import { favoriteIdsQuery } from '../catalog/product-cards';
import { queryIdList } from '../../http/query-params';
import { validQuery } from '../../http/validation';
import { z } from 'zod';

/**
 * The signed-in shopper's badges (contracts/cart.ts ShopperBadgesDto): counted by the same
 * statements as `GET /carts`, `GET /favorite-products` and `GET /unread-messages`, so the
 * server-rendered navbar agrees with what the stores and the chat show once they load.
 * Every signed-in page asks for them: the three are nested in one statement, and the cart's
 * wide lines are read only when it has any. `?favorites_among=1,2,3` adds which of those
 * products are the shopper's favourites, in the same statement.
 */
const badgesQuery = z.object({ favorites_among: queryIdList(MAX_FAVORITES_AMONG) });

export const badgeRoutes = new Hono<AppEnv>().use('/shopper-badges', requireUser()).get('/shopper-badges', validQuery(badgesQuery), async (c) => {
  const { db } = c.var;
  const userId = c.var.userId!;
  const among = c.req.valid('query').favorites_among ?? [];
  // The hearts a signed-in page built from the guest copy presses (server/pages/personal-parts.ts).
  const favoriteIds = among.length > 0 ? sql`array(${favoriteIdsQuery(db, userId, among)})` : sql`array[]::int[]`;
  const { rows } = (await db.execute(
    sql`select (${favoriteCountQuery(db, userId)})::int as favorites, (${unreadMessagesQuery(db, { kind: 'user', userId })})::int as messages, exists (${cartLineQuery(db, userId)}) as has_lines, ${favoriteIds} as favorite_ids`,
  )) as unknown as { rows: { favorites: number; messages: number; has_lines: boolean; favorite_ids: number[] }[] };
  const [{ favorites, messages, has_lines: hasLines, favorite_ids: favoriteIdsAmong }] = rows as [(typeof rows)[number]];
  const lines = hasLines ? await loadLines(db, userId) : [];
  const data: ShopperBadgesDto = { cart_items: itemCount(lines), cart_amount: cartAmount(toCartGroups(lines)), favorites, messages };
  if (among.length > 0) data.favorite_ids = favoriteIdsAmong.map(Number);
  return c.json({ message: '', data });
});
