import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { unauthenticated } from '../../http/errors';
import { requireUser } from '../auth/middleware';
import { readDashboard } from './service';

/**
 * GET /dashboard (the /dashboard page of docs/product.md §2.2): order counts by status, the latest
 * orders, recently viewed products and the wallet with its latest transactions, in one
 * call for the page and for apps. It takes no user id: the token decides whose it is.
 */
export const dashboardRoutes = new Hono<AppEnv>().get('/dashboard', requireUser(), async (c) => {
  const data = await readDashboard(c.var.db, c.var.userId!, c.var.locale);
  if (!data) throw unauthenticated();
  return c.json({ message: '', data });
});
