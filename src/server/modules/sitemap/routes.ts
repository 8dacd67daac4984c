import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { MAX_ID, queryInt } from '../../http/query-params';
import { validParams, validQuery } from '../../http/validation';
import { sitemapEntries, sitemapSummary } from './service';
import { SITEMAP_KINDS } from '@/contracts/sitemap';

/** Larger than listing pages: a sitemap file of 15,000 pages is read in a few calls. */
export const SITEMAP_PER_PAGE = 1000;
export const SITEMAP_MAX_PER_PAGE = 5000;

const EntriesQuery = z.object({
  after: queryInt(0, MAX_ID),
  until: queryInt(1, MAX_ID),
  per_page: queryInt(1, SITEMAP_MAX_PER_PAGE),
});

/**
 * What /sitemap.xml needs, without loading a catalogue into memory: the id range of each
 * kind, and pages of (id, slug, updated_at) by keyset (`after` the last id seen).
 */
export const sitemapRoutes = new Hono<AppEnv>()
  .get('/sitemap', async (c) => c.json({ message: '', data: { kinds: await sitemapSummary(c.var.db) } }))
  .get('/sitemap/:kind', validParams(z.object({ kind: z.enum(SITEMAP_KINDS) })), validQuery(EntriesQuery), async (c) => {
    const { after = 0, until, per_page = SITEMAP_PER_PAGE } = c.req.valid('query');
    return c.json({ message: '', data: await sitemapEntries(c.var.db, c.req.valid('param').kind, { after, until, limit: per_page }) });
  });
