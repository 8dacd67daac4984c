import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireUser } from '../auth/middleware';
import { listRecentlyViewed, touchLastSeen } from './service';

/**
 * The signed-in shopper's own activity (the original client's calls, docs/product.md §7.6): GET /recently-views (Home
 * signed in, Dashboard) and POST /update-last-seen, which the client posts on every page
 * and awaits without a catch: 204, no body. Both act on the token's user only.
 */
export const activityRoutes = new Hono<AppEnv>()
  .get('/recently-views', requireUser(), async (c) => {
    const products = await listRecentlyViewed(c.var.db, c.var.userId!, c.var.locale);
    return c.json({ message: '', data: { products } });
  })
  .post('/update-last-seen', requireUser(), async (c) => {
    await touchLastSeen(c.var.db, c.var.userId!);
    return c.body(null, 204);
  });
