import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { buildMaster } from './service';

export const masterRoutes = new Hono<AppEnv>().get('/master', async (c) =>
  c.json({ message: '', data: await buildMaster(c.var.db, c.var.config) }),
);
