import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { CACHE, cached } from '../../cache';
import { buildHome, siteBanners } from './service';


export const homeRoutes = new Hono<AppEnv>()
  .get('/home', async (c) => {
    const { db, userId } = c.var;
    const data = userId ? await buildHome(db, { userId }) : await cached(db, CACHE.guestHome, () => buildHome(db));
    return c.json({ message: '', data });
  })
  .get('/banners', async (c) => c.json({ message: '', data: { banners: await siteBanners(c.var.db, 'banner') } }));
