import { and, asc, count, countDistinct, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { banners, products, shops } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitOffset, type Page } from '@/lib/pagination';
import { cleanHtml } from '../../html';
import { fromMinor } from '@/lib/money';
import { ratingValue, shortCount } from '../catalog/format';
import { matchesSearch, searchForm } from '../catalog/search';
import { isPublicShop } from '../catalog/visibility';
import type { ShopDetailsDto, ShopDto } from '@/contracts/shop';
import { localized, pickLocalized } from '../../db/localized';

type ShopRow = typeof shops.$inferSelect;

interface ShopStats {
  products: number;
  categories: number;
}

/** Shops are few; their product and category counts are read together and cached briefly. */
function shopStats(db: Db): Promise<Map<number, ShopStats>> {
  return cached(db, CACHE.shopStats, async () => {
    const rows = await db
      .select({ shopId: products.shopId, products: count(), categories: countDistinct(products.categoryId) })
      .from(products)
      .where(eq(products.isActive, true))
      .groupBy(products.shopId);
    return new Map(rows.map((row) => [row.shopId, { products: row.products, categories: row.categories }]));
  });
}

/** Row to DTO: the only place a shop card is shaped, its name in `locale`. */
export function toShopDto(row: ShopRow, stats: ShopStats | undefined, locale: string): ShopDto {
  return {
    id: row.id,
    name: pickLocalized(row.name, row.translations, 'name', locale),
    slug: row.slug,
    logo: row.logo,
    banner: row.banner,
    total_products: stats?.products ?? 0,
    total_categories: stats?.categories ?? 0,
    rating: ratingValue(row.rating),
    total_reviews: shortCount(row.totalReviews),
    shop_status: row.isActive ? 'active' : 'under_review',
  };
}

/** Active shops, best rated first; `search` matches their names. */
export async function listShops(db: Db, page: Page & { search?: string | undefined }, locale: string) {
  const where = and(isPublicShop, matchesSearch(searchForm(shops.name, shops.translations, 'name'), page.search));
  const { limit, offset } = limitOffset(page);
  const [rows, [counted], stats] = await Promise.all([
    db.select().from(shops).where(where).orderBy(desc(shops.rating), desc(shops.totalReviews), asc(shops.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(shops).where(where),
    shopStats(db),
  ]);
  return { total: counted?.n ?? 0, shops: rows.map((row) => toShopDto(row, stats.get(row.id), locale)) };
}

/** The best rated active shops (home page). */
export async function topShops(db: Db, limit: number, locale: string): Promise<ShopDto[]> {
  return (await listShops(db, { page: 1, per_page: limit }, locale)).shops;
}

/**
 * An active shop by id or slug, with its banners. A shop under review answers 404 like
 * an unknown one: its page, like its products, is not public until it is approved.
 */
export async function shopDetails(db: Db, key: number | string, locale: string): Promise<ShopDetailsDto> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(typeof key === 'number' ? eq(shops.id, key) : eq(shops.slug, key), isPublicShop));
  if (!row) throw notFound('Shop not found.');
  const [bannerRows, stats] = await Promise.all([
    db
      .select({ id: banners.id, title: localized(banners.title, banners.translations, 'title', locale), thumbnail: banners.thumbnail, url: banners.url })
      .from(banners)
      .where(and(eq(banners.shopId, row.id), eq(banners.isActive, true), eq(banners.type, 'banner')))
      .orderBy(asc(banners.sortOrder), asc(banners.id)),
    shopStats(db),
  ]);
  return {
    ...toShopDto(row, stats.get(row.id), locale),
    short_description: pickLocalized(row.shortDescription, row.translations, 'short_description', locale),
    description: cleanHtml(pickLocalized(row.description, row.translations, 'description', locale)),
    estimated_delivery_time: pickLocalized(row.estimatedDeliveryTime, row.translations, 'estimated_delivery_time', locale),
    delivery_charge: fromMinor(row.deliveryCharge),
    banners: bannerRows,
  };
}
