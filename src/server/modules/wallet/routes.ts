import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { unauthenticated } from '../../http/errors';
import { validQuery } from '../../http/validation';
import { paginationQuery } from '@/lib/pagination';
import { requireUser } from '../auth/middleware';
import { readWallet } from './service';

/**
 * GET /wallet?page&per_page (the wallet of docs/product.md §3.3, with its transactions): the signed-in
 * user's balance and a page of their transactions. It takes no user id: nobody reads
 * another's wallet.
 */
export const walletRoutes = new Hono<AppEnv>().get('/wallet', requireUser(), validQuery(paginationQuery()), async (c) => {
  const wallet = await readWallet(c.var.db, c.var.userId!, c.req.valid('query'));
  if (!wallet) throw unauthenticated();
  return c.json({ message: '', data: wallet });
});
