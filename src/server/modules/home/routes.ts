import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { buildHome, siteBanners } from './service';

export const homeRoutes = new Hono<AppEnv>()
  .get('/home', async (c) => c.json({ message: '', data: await buildHome(c.var.db, { userId: c.var.userId }) }))
  .get('/banners', async (c) => c.json({ message: '', data: { banners: await siteBanners(c.var.db, 'banner') } }));
