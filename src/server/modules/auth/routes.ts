import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { ApiError, unauthenticated } from '../../http/errors';
import { SESSION_COOKIE } from '../../http/xsrf';
import { becomeSellerPath } from '../../../lib/shop-entry';
import { loadSiteSettings } from '../master/settings';
import { requireUser } from './middleware';
import { revokeAccessToken } from './tokens';
import { loadUserDto } from './user-dto';

async function currentUser(c: { var: AppEnv['Variables'] }) {
  const user = await loadUserDto(c.var.db, c.var.userId!);
  if (!user) throw unauthenticated();
  return user;
}

export const authRoutes = new Hono<AppEnv>()
  /** The signed-in user (spec: POST /user, data.user). */
  .post('/user', requireUser(), async (c) => c.json({ message: '', data: { user: await currentUser(c) } }))
  /**
   * Shop entry (docs/product.md §7, lib/shop-entry.ts): where a signed-in user goes from "Become a Seller".
   * Only in multi-vendor mode.
   */
  .post('/shop', requireUser(), async (c) => {
    const site = await loadSiteSettings(c.var.db);
    if (!site.multi_vendor) throw new ApiError(403, 'Shop registration is not available.');
    const user = await currentUser(c);
    const shop = user.shop ?? null;
    return c.json({ message: '', data: { shop, redirect: becomeSellerPath(user) } });
  })
  /** Spec: GET /logout; api-reference: POST too. Revokes the token and drops the session cookie. */
  .on(['GET', 'POST'], '/logout', requireUser(), async (c) => {
    await revokeAccessToken(c.var.db, c.var.token!);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ message: c.var.t('Logout successfully'), data: {} });
  });
