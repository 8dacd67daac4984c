import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../../context';
import { ApiError, unauthenticated } from '../../http/errors';
import { requireXsrfForCookie } from '../../http/middleware';
import { SESSION_COOKIE } from '../../http/xsrf';
import { becomeSellerPath } from '@/lib/shop-entry';
import type { ShopEntryDto } from '@/contracts/auth';
import { loadSiteSettings } from '../master/settings';
import { requireUser } from './middleware';
import { revokeAccessToken } from './tokens';
import { loadUserDto } from './user-dto';

async function currentUser(c: { var: AppEnv['Variables'] }) {
  const user = await loadUserDto(c.var.db, c.var.userId!);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * docs/product.md §7.2: GET /logout, POST too (the seller app's /api/seller/logout is the
 * same). Revokes the token and drops the session cookie. Authenticated by the cookie
 * alone, even the GET needs the XSRF header, so a link or image on another site cannot
 * sign a shopper out; the spec's client sends the Bearer token (and the header) anyway.
 */
export const logoutRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/logout', requireXsrfForCookie(), requireUser(), async (c) => {
  await revokeAccessToken(c.var.db, c.var.token!);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.json({ message: c.var.t('Logout successfully'), data: {} });
});

export const authRoutes = new Hono<AppEnv>()
  /** The signed-in user (docs/product.md §7.2: POST /user, data.user). */
  .post('/user', requireUser(), async (c) => c.json({ message: '', data: { user: await currentUser(c) } }))
  /**
   * Shop entry (docs/product.md §7, lib/shop-entry.ts): where a signed-in user goes from "Become a Seller".
   * Only in multi-vendor mode.
   */
  .post('/shop', requireUser(), async (c) => {
    const site = await loadSiteSettings(c.var.db);
    if (!site.multi_vendor) throw new ApiError(403, 'Shop registration is not available.');
    const user = await currentUser(c);
    const data: ShopEntryDto = { shop: user.shop ?? null, redirect: becomeSellerPath(user) };
    return c.json({ message: '', data });
  })
  .route('/', logoutRoutes);
