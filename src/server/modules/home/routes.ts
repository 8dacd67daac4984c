import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { CACHE, cached } from '../../cache';
import { validQuery } from '../../http/validation';
import { paginationQuery } from '@/lib/pagination';
import { asSeenBy, buildHome, JUST_FOR_YOU_FIRST, justForYouPage, siteBanners } from './service';

export const homeRoutes = new Hono<AppEnv>()
  // `page` and `per_page` page "Just for you" only (the original client's "Load more",
  // docs/product.md §7.6); a guest asking for another page gets the cached rest with that page read fresh.
  .get('/home', validQuery(paginationQuery()), async (c) => {
    const { db, userId, locale } = c.var;
    const forYou = c.req.valid('query');
    const shared = await cached(db, CACHE.guestHome, () => buildHome(db, { locale }), locale);
    const firstPage = forYou.page === JUST_FOR_YOU_FIRST.page && forYou.per_page === JUST_FOR_YOU_FIRST.per_page;
    const home = firstPage ? shared : { ...shared, just_for_you: await justForYouPage(db, forYou, { locale }) };
    // A signed-in shopper sees the same lists with their favourites marked (one query).
    return c.json({ message: '', data: userId ? await asSeenBy(db, userId, home) : home });
  })
  .get('/banners', async (c) => c.json({ message: '', data: { banners: await siteBanners(c.var.db, 'banner', c.var.locale) } }));
