import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { listCategories } from './categories';

export const catalogRoutes = new Hono<AppEnv>().get('/categories', async (c) =>
  c.json({ message: '', data: { categories: await listCategories(c.var.db) } }),
);
