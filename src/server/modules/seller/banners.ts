import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { invalidateShops } from '../../cache';
import { banners, shops } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import type { SellerBannerDto } from '@/contracts/seller-account';
import { SHOP_BANNER_MAX_COUNT } from '@/contracts/seller';

/**
 * A shop's own banners (docs/decisions/017-sellers.md "Banners"): the pictures its page
 * shows above its products (modules/shops/service.ts shopDetails shows the active ones).
 * Every query is scoped by the seller's shop, so another shop's banner is a 404.
 */

export const BANNER_NOT_FOUND = 'Banner not found.';
const TOO_MANY = 'A shop keeps at most {{max}} banners: remove one first.';

const ofShop = (shopId: number, id?: number) => and(eq(banners.shopId, shopId), eq(banners.type, 'banner'), id === undefined ? undefined : eq(banners.id, id));

const bannerColumns = { id: banners.id, title: banners.title, thumbnail: banners.thumbnail, is_active: banners.isActive };

/** The shop's banners in the order its page shows them, hidden ones too. */
export async function shopBanners(db: Db, shopId: number): Promise<SellerBannerDto[]> {
  return db.select(bannerColumns).from(banners).where(ofShop(shopId)).orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** One of the shop's banners, or undefined (for access.ts ownRecord). */
export async function ownBanner(db: Db, shopId: number, id: number): Promise<SellerBannerDto | undefined> {
  const [row] = await db.select(bannerColumns).from(banners).where(ofShop(shopId, id));
  return row;
}

/**
 * Adds a banner after the shop's others. The shop's row is locked while counting, so
 * parallel uploads never take a shop past SHOP_BANNER_MAX_COUNT (422 for the rest).
 */
export async function addBanner(db: Db, shopId: number, banner: { title: string | null; thumbnail: string; isActive: boolean }, t: Translate): Promise<SellerBannerDto> {
  const added = await db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    const [{ kept } = { kept: 0 }] = await tx.select({ kept: count() }).from(banners).where(ofShop(shopId));
    if (kept >= SHOP_BANNER_MAX_COUNT) throw validationError({ banner: [t(TOO_MANY, { max: SHOP_BANNER_MAX_COUNT })] });
    const [row] = await tx
      .insert(banners)
      .values({ shopId, type: 'banner', title: banner.title ?? '', thumbnail: banner.thumbnail, isActive: banner.isActive, sortOrder: kept })
      .returning(bannerColumns);
    return row!;
  });
  await invalidateShops(db);
  return added;
}

/**
 * Changes one of the shop's banners: its title, its picture, whether it shows. Returns the
 * banner and the picture it replaced (to remove), read and replaced under the row lock.
 */
export async function updateBanner(
  db: Db,
  shopId: number,
  id: number,
  changes: { title?: string | null | undefined; thumbnail?: string | undefined; isActive?: boolean | undefined },
): Promise<{ banner: SellerBannerDto; replaced: string | null }> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select({ thumbnail: banners.thumbnail }).from(banners).where(ofShop(shopId, id)).for('update');
    if (!before) throw notFound(BANNER_NOT_FOUND);
    const [row] = await tx
      .update(banners)
      .set({
        ...(changes.title !== undefined ? { title: changes.title ?? '' } : {}),
        ...(changes.thumbnail !== undefined ? { thumbnail: changes.thumbnail } : {}),
        ...(changes.isActive !== undefined ? { isActive: changes.isActive } : {}),
      })
      .where(ofShop(shopId, id))
      .returning(bannerColumns);
    return { banner: row!, replaced: changes.thumbnail !== undefined ? before.thumbnail : null };
  });
  await invalidateShops(db);
  return outcome;
}

/** Removes one of the shop's banners; returns its picture (to remove), or throws 404. */
export async function removeBanner(db: Db, shopId: number, id: number): Promise<string> {
  const [removed] = await db.delete(banners).where(ofShop(shopId, id)).returning({ thumbnail: banners.thumbnail });
  if (!removed) throw notFound(BANNER_NOT_FOUND);
  await invalidateShops(db);
  return removed.thumbnail;
}
