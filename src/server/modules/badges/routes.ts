import { Hono, type Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_FAVORITES_AMONG, type PageViewerDto, type ShopperBadgesDto } from '@/contracts/cart';
import { cartAmount } from '@/lib/price';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { shops, users } from '../../db/schema';
import { unauthenticated } from '../../http/errors';
import { queryIdList } from '../../http/query-params';
import { validQuery } from '../../http/validation';
import { requireUser } from '../auth/middleware';
import { toUserDto, userDtoColumns } from '../auth/user-dto';
import { itemCount, toCartGroups } from '../cart/dto';
import { cartLineQuery, loadLines } from '../cart/lines';
import { favoriteIdsQuery } from '../catalog/product-cards';
import { favoriteCountQuery } from '../favorites/service';
import { unreadMessagesQuery } from '../chat/service';

/**
 * The signed-in shopper's badges (contracts/cart.ts ShopperBadgesDto): counted by the same
 * statements as `GET /carts`, `GET /favorite-products` and `GET /unread-messages`, so the
 * server-rendered navbar agrees with what the stores and the chat show once they load.
 * Every signed-in page asks for them: the three are nested in one statement (with the
 * user, for `GET /page-viewer`), and the cart's wide lines are read only when it has any.
 * `?favorites_among=1,2,3` adds which of those products are the shopper's favourites, in
 * the same statement (the hearts of a page built from the guest copy,
 * server/pages/personal-parts.ts).
 */
const badgesQuery = z.object({ favorites_among: queryIdList(MAX_FAVORITES_AMONG) });

/**
 * The user, as `POST /user` answers it, and their badges, in one statement (and the cart's
 * lines when it has any); `among` names the products whose favourites to tell.
 */
async function loadViewer(db: Db, userId: number, among: readonly number[]): Promise<PageViewerDto> {
  const [row] = await db
    .select({
      ...userDtoColumns,
      favorites: sql<number>`(${favoriteCountQuery(db, userId)})::int`,
      messages: sql<number>`(${unreadMessagesQuery(db, { kind: 'user', userId })})::int`,
      hasLines: sql<boolean>`exists (${cartLineQuery(db, userId)})`,
      favoriteIds: among.length > 0 ? sql<number[]>`array(${favoriteIdsQuery(db, userId, among)})` : sql<number[]>`array[]::int[]`,
    })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw unauthenticated();
  const lines = row.hasLines ? await loadLines(db, userId) : [];
  const badges: ShopperBadgesDto = { cart_items: itemCount(lines), cart_amount: cartAmount(toCartGroups(lines)), favorites: row.favorites, messages: row.messages };
  if (among.length > 0) badges.favorite_ids = row.favoriteIds.map(Number);
  return { user: toUserDto(row), badges };
}

const viewerOf = (c: Context<AppEnv>, among: readonly number[] | undefined) => loadViewer(c.var.db, c.var.userId!, among ?? []);

export const badgeRoutes = new Hono<AppEnv>()
  .use('/shopper-badges', requireUser())
  .get('/shopper-badges', validQuery(badgesQuery), async (c) => c.json({ message: '', data: (await viewerOf(c, c.req.valid('query').favorites_among)).badges }))
  /** What every signed-in page shows of its viewer (pages/page-context.ts): the user and their badges, in one statement. */
  .use('/page-viewer', requireUser())
  .get('/page-viewer', validQuery(badgesQuery), async (c) => c.json({ message: '', data: await viewerOf(c, c.req.valid('query').favorites_among) }));
