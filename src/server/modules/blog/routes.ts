import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { idOrSlug, paginationShape, queryId, queryText } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { MAX_SEARCH_LENGTH } from '../catalog/search';
import { blogDetails, listBlogs } from './service';

const BlogListQuery = z.object({ ...paginationShape, category_id: queryId(), search: queryText(MAX_SEARCH_LENGTH) });

/** `/blog/7/details` or `/blog/capsule-wardrobe-12-pieces-30-outfits/details`. */
const BlogParams = z.object({ id: idOrSlug(220) });

export const blogRoutes = new Hono<AppEnv>()
  .get('/blogs', validQuery(BlogListQuery), async (c) => {
    const { category_id, ...query } = c.req.valid('query');
    return c.json({ message: '', data: await listBlogs(c.var.db, { ...query, categoryId: category_id }) });
  })
  .get('/blog/:id/details', validParams(BlogParams), async (c) => c.json({ message: '', data: await blogDetails(c.var.db, c.req.valid('param').id) }));
