import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { brands, colors, favorites, productColors, products, productSizes, shops, sizes, units } from '../../db/schema';
import { fromMinor } from '@/lib/money';
import { priceProduct } from '@/lib/price';
import { ratingValue, shortCount } from './format';
import { runningOffers, type SaleOffer } from './sale-prices';
import type { ProductCardDto } from '@/contracts/catalog';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { localized } from '../../db/localized';

/** Columns a card is made of, its texts in `locale`; queries select them with `selectCards`' joins. */
export const cardColumns = (locale: string) => ({
  id: products.id,
  name: localized(products.name, products.translations, 'name', locale),
  thumbnail: products.thumbnail,
  price: products.price,
  discountPrice: products.discountPrice,
  rating: products.rating,
  totalReviews: products.totalReviews,
  totalSold: products.totalSold,
  quantity: products.quantity,
  brand: localized(brands.name, brands.translations, 'name', locale),
  unitId: units.id,
  unitName: localized(units.name, units.translations, 'name', locale),
  shopId: shops.id,
  shopName: localized(shops.name, shops.translations, 'name', locale),
  shopLogo: shops.logo,
  shopRating: shops.rating,
  shopDeliveryTime: localized(shops.estimatedDeliveryTime, shops.translations, 'estimated_delivery_time', locale),
  shopDeliveryCharge: shops.deliveryCharge,
});

/** What `cardColumns` reads; brand and unit are optional (left joins). */
export interface CardRow {
  id: number;
  name: string;
  thumbnail: string;
  price: number;
  discountPrice: number;
  rating: string;
  totalReviews: number;
  totalSold: number;
  quantity: number;
  brand: string | null;
  unitId: number | null;
  unitName: string | null;
  shopId: number;
  shopName: string;
  shopLogo: string | null;
  shopRating: string;
  shopDeliveryTime: string | null;
  shopDeliveryCharge: number;
}

/** `SELECT <card columns and extra> FROM products JOIN shops ...` in `locale`, ready for WHERE/ORDER/LIMIT. */
export function selectCards<Extra extends SelectedFields = Record<never, never>>(db: Db, locale: string, extra?: Extra) {
  return db
    .select({ ...cardColumns(locale), ...(extra as Extra) })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(units, eq(units.id, products.unitId))
    .$dynamic();
}

interface CardExtras {
  sizes: Map<number, ProductCardDto['sizes']>;
  colors: Map<number, ProductCardDto['colors']>;
  /** Running flash-sale offers by product: lib/price.ts decides whether one prices the card. */
  offers: Map<number, SaleOffer[]>;
  favorites: Set<number>;
  now: Date;
}

export interface Viewer {
  /** The signed-in shopper, for is_favorite; absent for guests. */
  userId?: number | undefined;
  now?: Date;
  /** The language of the cards' texts (docs/product.md §9.1); the default language when absent. */
  locale?: string;
}

/** Who asks, as the catalogue's answers depend on it: the signed-in shopper and the request's language. */
export const viewerOf = (c: Context<AppEnv>): Viewer => ({ userId: c.var.userId, locale: c.var.locale });

/** The language a viewer reads. */
export const localeOf = (viewer: Viewer): string => viewer.locale ?? DEFAULT_LOCALE;

/**
 * Cards for rows already read, in their order: sizes, colours, sale offers and
 * favourites in one query each. A caller that has read the offers (`runningOffers`)
 * passes them, so what it shows of a sale agrees with the card's price.
 */
export async function toCards(db: Db, rows: CardRow[], viewer: Viewer = {}, offers?: Map<number, SaleOffer[]>): Promise<ProductCardDto[]> {
  if (rows.length === 0) return [];
  const extras = await loadExtras(
    db,
    rows.map((row) => row.id),
    viewer,
    offers,
  );
  return rows.map((row) => toProductCard(row, extras));
}

/**
 * Row to DTO: the only place a product card is shaped. Its prices are one unit without
 * size or colour (lib/price.ts): discount_price is what a discount or a running
 * flash-sale offer makes it, else 0.
 */
export function toProductCard(row: CardRow, extras: CardExtras): ProductCardDto {
  const priced = priceProduct(row, { offers: extras.offers.get(row.id), now: extras.now });
  return {
    id: row.id,
    name: row.name,
    thumbnail: row.thumbnail,
    price: fromMinor(priced.regular),
    discount_price: fromMinor(priced.discountPrice),
    discount_percentage: priced.discountPercentage,
    rating: ratingValue(row.rating),
    total_reviews: shortCount(row.totalReviews),
    total_sold: row.totalSold,
    quantity: row.quantity,
    is_favorite: extras.favorites.has(row.id),
    sizes: extras.sizes.get(row.id) ?? [],
    colors: extras.colors.get(row.id) ?? [],
    unit: row.unitId !== null && row.unitName !== null ? { id: row.unitId, name: row.unitName } : null,
    brand: row.brand,
    shop: {
      id: row.shopId,
      name: row.shopName,
      logo: row.shopLogo,
      rating: ratingValue(row.shopRating),
      estimated_delivery_time: row.shopDeliveryTime,
      delivery_charge: fromMinor(row.shopDeliveryCharge),
    },
  };
}

/**
 * Cards read once for every viewer (a cache keeps them with is_favorite false), as one
 * user sees them: `mark` copies a card with its is_favorite, from one query over `cards`.
 */
export async function favoritesOf(db: Db, userId: number, cards: readonly { id: number }[]): Promise<<T extends { id: number; is_favorite: boolean }>(card: T) => T> {
  const favorites = await favoriteIds(db, userId, [...new Set(cards.map((card) => card.id))]);
  return (card) => ({ ...card, is_favorite: favorites.has(card.id) });
}

/** Which of the products `ids` are the user's favourites, in one query. */
async function favoriteIds(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await favoriteIdsQuery(db, userId, ids);
  return new Set(rows.map((row) => row.productId));
}

/** The statement of `favoriteIds` (its `productId` column), which others may nest; `ids` must not be empty. */
export function favoriteIdsQuery(db: Db, userId: number, ids: readonly number[]) {
  return db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.productId, [...ids])));
}

async function loadExtras(db: Db, ids: number[], viewer: Viewer, offers?: Map<number, SaleOffer[]>): Promise<CardExtras> {
  const now = viewer.now ?? new Date();
  const locale = localeOf(viewer);
  const [sizeRows, colorRows, offerRows, favoriteRows] = await Promise.all([
    db
      .select({ productId: productSizes.productId, id: sizes.id, name: localized(sizes.name, sizes.translations, 'name', locale), price: productSizes.price })
      .from(productSizes)
      .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
      .where(inArray(productSizes.productId, ids))
      .orderBy(asc(sizes.id)),
    db
      .select({
        productId: productColors.productId,
        id: colors.id,
        name: localized(colors.name, colors.translations, 'name', locale),
        colorCode: colors.colorCode,
        price: productColors.price,
      })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(inArray(productColors.productId, ids))
      .orderBy(asc(colors.id)),
    offers ?? runningOffers(db, ids, now, locale),
    viewer.userId ? favoriteIds(db, viewer.userId, ids) : Promise.resolve(new Set<number>()),
  ]);
  const extras: CardExtras = { sizes: new Map(), colors: new Map(), offers: offerRows, favorites: favoriteRows, now };
  for (const row of sizeRows) listOf(extras.sizes, row.productId).push({ id: row.id, name: row.name, price: fromMinor(row.price) });
  for (const row of colorRows) {
    listOf(extras.colors, row.productId).push({ id: row.id, name: row.name, color_code: row.colorCode, price: fromMinor(row.price) });
  }
  return extras;
}

function listOf<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}
