import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { slugParam } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { publicOrPreview } from '../preview/access';
import { findLegalPage } from './service';

/** An editor's signed link (`npm run preview-link -- page <slug>`) opens a draft. */
const LegalPageQuery = z.object({ preview: z.string().optional() });

export const legalPageRoutes = new Hono<AppEnv>().get('/legal-pages/:slug', validParams(z.object({ slug: slugParam(120) })), validQuery(LegalPageQuery), async (c) => {
  const { slug } = c.req.valid('param');
  const target = { kind: 'page' as const, slug, token: c.req.valid('query').preview };
  const { found, preview } = await publicOrPreview(c, target, (includeDrafts) => findLegalPage(c.var.db, slug, c.var.locale, { includeDrafts }));
  // `page` is what our pages read; the original client reads the content (and title) at the top (docs/product.md §7.6).
  return c.json({ message: '', data: { title: found.title, content: found.content, page: found, preview } });
});
