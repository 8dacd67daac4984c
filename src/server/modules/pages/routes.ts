import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { slugParam } from '../../http/query-params';
import { validParams } from '../../http/validation';
import { findLegalPage } from './service';

export const legalPageRoutes = new Hono<AppEnv>().get('/legal-pages/:slug', validParams(z.object({ slug: slugParam(120) })), async (c) =>
  c.json({ message: '', data: { page: await findLegalPage(c.var.db, c.req.valid('param').slug) } }),
);
