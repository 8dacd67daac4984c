import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { banners } from '../../db/schema';
import type { Page } from '@/lib/pagination';
import { listCategories } from '../catalog/categories';
import { favoritesOf, localeOf, type Viewer } from '../catalog/product-cards';
import { localized } from '../../db/localized';
import { bestDeals, listProducts, popularProducts } from '../catalog/products';
import { homeFlashSales } from '../flash-sales/service';
import { topShops } from '../shops/service';
import type { BannerDto, HomeDto } from '@/contracts/home';

/** How many of each list the home page shows. */
export const HOME_LIMITS = { shops: 8, popular: 10, justForYou: 10, bestDeals: 10 } as const;

/** Site-wide banners or ads (shop banners belong to shop pages) in `locale`, cached briefly. */
export function siteBanners(db: Db, type: 'banner' | 'ad', locale: string): Promise<BannerDto[]> {
  return cached(
    db,
    CACHE.siteBanners,
    () =>
      db
        .select({ id: banners.id, title: localized(banners.title, banners.translations, 'title', locale), thumbnail: banners.thumbnail, url: banners.url })
        .from(banners)
        .where(and(isNull(banners.shopId), eq(banners.type, type), eq(banners.isActive, true)))
        .orderBy(asc(banners.sortOrder), asc(banners.id)),
    `${type}:${locale}`,
  );
}

/** The first page of "Just for you", as the home page shows it. */
export const JUST_FOR_YOU_FIRST: Page = { page: 1, per_page: HOME_LIMITS.justForYou };

/** A page of "Just for you": the original client's "Load more" asks `/home?page=2&per_page=12` (docs/product.md §7.6). */
export function justForYouPage(db: Db, page: Page, viewer: Viewer = {}) {
  return listProducts(db, {}, 'just_for_you', page, viewer);
}

/** The home as `userId` sees it: the shared lists with their favourites marked. */
export async function asSeenBy(db: Db, userId: number, home: HomeDto): Promise<HomeDto> {
  const sales = [home.running_flash_sale, home.incoming_flash_sale];
  const cards = [...home.popular_products, ...home.just_for_you.products, ...home.best_deals, ...sales.flatMap((sale) => sale?.products ?? [])];
  const mark = await favoritesOf(db, userId, cards);
  const markSale = (sale: HomeDto['running_flash_sale']) => sale && { ...sale, products: sale.products?.map(mark) ?? null };
  return {
    ...home,
    popular_products: home.popular_products.map(mark),
    just_for_you: { ...home.just_for_you, products: home.just_for_you.products.map(mark) },
    best_deals: home.best_deals.map(mark),
    running_flash_sale: markSale(home.running_flash_sale),
    incoming_flash_sale: markSale(home.incoming_flash_sale),
  };
}

/** GET /home: everything the home page shows, each list read through an index. */
export async function buildHome(db: Db, viewer: Viewer = {}, forYou: Page = JUST_FOR_YOU_FIRST): Promise<HomeDto> {
  const [bannerList, ads, categories, shops, popular, justForYou, deals, sales] = await Promise.all([
    siteBanners(db, 'banner', localeOf(viewer)),
    siteBanners(db, 'ad', localeOf(viewer)),
    listCategories(db, localeOf(viewer)),
    topShops(db, HOME_LIMITS.shops, localeOf(viewer)),
    popularProducts(db, HOME_LIMITS.popular, viewer),
    justForYouPage(db, forYou, viewer),
    bestDeals(db, HOME_LIMITS.bestDeals, viewer),
    homeFlashSales(db, viewer),
  ]);
  return {
    banners: bannerList,
    ads,
    categories,
    shops,
    popular_products: popular,
    just_for_you: justForYou,
    best_deals: deals,
    ...sales,
  };
}
