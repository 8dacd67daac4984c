import { Hono, type Context } from 'hono';
import { FavoritePayload } from '@/contracts/favorite';
import type { AppEnv } from '../../context';
import { validBody } from '../../http/validation';
import { requireUser } from '../auth/middleware';
import { favoriteCards, favoriteCount, toggleFavorite } from './service';

const userId = (c: Context<AppEnv>) => c.var.userId!;

/** The wishlist calls; Bearer token required (docs/product.md §6.2). */
export const favoriteRoutes = new Hono<AppEnv>()
  .use('/favorite-products', requireUser())
  .use('/favorite-add-or-remove', requireUser())
  .get('/favorite-products', async (c) => {
    const products = await favoriteCards(c.var.db, userId(c), c.var.locale);
    return c.json({ message: '', data: { total: products.length, products } });
  })
  .post('/favorite-add-or-remove', validBody(FavoritePayload), async (c) => {
    const productId = c.req.valid('json').product_id;
    const isFavorite = await toggleFavorite(c.var.db, userId(c), productId, c.var.t);
    const total = await favoriteCount(c.var.db, userId(c));
    return c.json({
      message: c.var.t(isFavorite ? 'Product added to wishlist' : 'Product removed from wishlist'),
      data: { product: { id: productId, is_favorite: isFavorite }, total },
    });
  });
