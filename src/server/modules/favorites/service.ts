import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { favorites, products, shops } from '../../db/schema';
import { validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { selectCards, toCards } from '../catalog/product-cards';
import type { ProductCardDto } from '@/contracts/catalog';
import { isPublicProduct } from '../catalog/visibility';

/**
 * The wishlist (docs/product.md §2 /wishlist, §3.5 favoriteProducts count; the API
 * reference's favourite calls). A product is in it at most once (primary key).
 */

/** The most favourites one list shows; a shopper's whole wishlist in practice. */
const MAX_FAVORITES = 500;

/** GET /favorite-products: the shopper's favourites that can still be bought, newest first. */
export async function favoriteCards(db: Db, userId: number, locale: string): Promise<ProductCardDto[]> {
  const rows = await selectCards(db, locale)
    .innerJoin(favorites, and(eq(favorites.productId, products.id), eq(favorites.userId, userId)))
    .where(isPublicProduct)
    .orderBy(desc(favorites.createdAt), desc(products.id))
    .limit(MAX_FAVORITES);
  return toCards(db, rows, { userId, locale });
}

export async function favoriteCount(db: Db, userId: number): Promise<number> {
  const [row] = await favoriteCountQuery(db, userId);
  return row?.total ?? 0;
}

/** How many of the user's favourites are on sale: `favoriteCount`'s statement, which others may nest. */
export function favoriteCountQuery(db: Db, userId: number) {
  return db
    .select({ total: count() })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(favorites.userId, userId), isPublicProduct));
}

/** POST /favorite-add-or-remove: in if it was out, out if it was in. Whether it is a favourite now. */
export async function toggleFavorite(db: Db, userId: number, productId: number, t: Translate): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  if (removed.length) return false;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), isPublicProduct));
  if (!product) throw validationError({ product_id: [t('The selected product is not available.')] });
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return true;
}
