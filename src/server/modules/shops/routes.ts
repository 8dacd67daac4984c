import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { paginationFields } from '@/lib/pagination';
import { idOrSlug, queryText } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { MAX_SEARCH_LENGTH } from '../catalog/search';
import { listShops, shopDetails } from './service';

const ShopListQuery = z.object({ ...paginationFields(), search: queryText(MAX_SEARCH_LENGTH) });

/** `/shops/12` or `/shops/urban-threads`. */
const ShopParams = z.object({ shop: idOrSlug(140) });

export const shopRoutes = new Hono<AppEnv>()
  .get('/shops', validQuery(ShopListQuery), async (c) => c.json({ message: '', data: await listShops(c.var.db, c.req.valid('query'), c.var.locale) }))
  .get('/shops/:shop', validParams(ShopParams), async (c) => c.json({ message: '', data: { shop: await shopDetails(c.var.db, c.req.valid('param').shop, c.var.locale) } }));
