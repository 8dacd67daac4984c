import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { paginationQuery } from '@/lib/pagination';
import { requiredId } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { flashSaleDetails, listFlashSales } from './service';
import { viewerOf } from '../catalog/product-cards';

export const flashSaleRoutes = new Hono<AppEnv>()
  .get('/flash-sales', async (c) => c.json({ message: '', data: { flash_sales: await listFlashSales(c.var.db, c.var.locale) } }))
  .get('/flash-sale/:id/details', validParams(z.object({ id: requiredId() })), validQuery(paginationQuery()), async (c) => {
    const data = await flashSaleDetails(c.var.db, c.req.valid('param').id, c.req.valid('query'), viewerOf(c));
    return c.json({ message: '', data });
  });
