import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { paginationFields } from '@/lib/pagination';
import { idOrSlug, queryId, queryText } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { MAX_SEARCH_LENGTH } from '../catalog/search';
import { publicOrPreview } from '../preview/access';
import { blogDetails, listBlogs } from './service';
import { viewerOf } from '../catalog/product-cards';

const BlogListQuery = z.object({ ...paginationFields(), category_id: queryId(), search: queryText(MAX_SEARCH_LENGTH) });

/** `/blog/7/details` or `/blog/capsule-wardrobe-12-pieces-30-outfits/details`. */
const BlogParams = z.object({ id: idOrSlug(220) });
/** An editor's signed link (`npm run preview-link -- blog <slug>`) opens a draft by its slug. */
const BlogDetailsQuery = z.object({ preview: z.string().optional() });

export const blogRoutes = new Hono<AppEnv>()
  .get('/blogs', validQuery(BlogListQuery), async (c) => {
    const { category_id, ...query } = c.req.valid('query');
    return c.json({ message: '', data: await listBlogs(c.var.db, { ...query, categoryId: category_id }, c.var.locale) });
  })
  .get('/blog/:id/details', validParams(BlogParams), validQuery(BlogDetailsQuery), async (c) => {
    const key = c.req.valid('param').id;
    const target = { kind: 'blog' as const, slug: typeof key === 'string' ? key : undefined, token: c.req.valid('query').preview };
    const { found, preview } = await publicOrPreview(c, target, (includeDrafts) => blogDetails(c.var.db, key, { includeDrafts, viewer: viewerOf(c) }));
    return c.json({ message: '', data: { ...found, preview } });
  });
