import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { cached } from '../../cache';
import { buildHome, siteBanners } from './service';

/**
 * Guests all see the same home page, so it is built at most every 15 s: it is the
 * heaviest page (eight lists) and the most visited. Signed-in shoppers get theirs fresh
 * (their favourites are marked).
 */
const GUEST_HOME_TTL_MS = 15_000;

export const homeRoutes = new Hono<AppEnv>()
  .get('/home', async (c) => {
    const { db, userId } = c.var;
    const data = userId ? await buildHome(db, { userId }) : await cached(db, 'home:guest', GUEST_HOME_TTL_MS, () => buildHome(db));
    return c.json({ message: '', data });
  })
  .get('/banners', async (c) => c.json({ message: '', data: { banners: await siteBanners(c.var.db, 'banner') } }));
