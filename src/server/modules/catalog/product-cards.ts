import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { brands, colors, favorites, flashSaleProducts, flashSales, productColors, products, productSizes, shops, sizes, units } from '../../db/schema';
import { fromMinor } from '../../../lib/money';
import { discountPercentage, ratingValue, shortCount } from './format';

/** The Product card of api-reference.md. */
export interface ProductCardDto {
  id: number;
  name: string;
  thumbnail: string;
  price: number;
  discount_price: number;
  discount_percentage: number;
  rating: number;
  total_reviews: string;
  total_sold: number;
  quantity: number;
  is_favorite: boolean;
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; color_code: string; price: number }[];
  unit: { id: number; name: string } | null;
  brand: string | null;
  shop: { id: number; name: string; logo: string | null; rating: number; estimated_delivery_time: string | null; delivery_charge: number };
}

/** Columns a card is made of; queries select them with `cardSelect` joins. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  thumbnail: products.thumbnail,
  price: products.price,
  discountPrice: products.discountPrice,
  rating: products.rating,
  totalReviews: products.totalReviews,
  totalSold: products.totalSold,
  quantity: products.quantity,
  brand: brands.name,
  unitId: units.id,
  unitName: units.name,
  shopId: shops.id,
  shopName: shops.name,
  shopLogo: shops.logo,
  shopRating: shops.rating,
  shopDeliveryTime: shops.estimatedDeliveryTime,
  shopDeliveryCharge: shops.deliveryCharge,
};

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

/** `SELECT <card columns and extra> FROM products JOIN shops ...`, ready for WHERE/ORDER/LIMIT. */
export function selectCards<Extra extends SelectedFields = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({ ...cardColumns, ...(extra as Extra) })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(units, eq(units.id, products.unitId))
    .$dynamic();
}

/** A running flash sale's offer on a product; it replaces the discount price while stock lasts. */
export interface SaleOffer {
  flashSaleId: number;
  price: number;
}

interface CardExtras {
  sizes: Map<number, ProductCardDto['sizes']>;
  colors: Map<number, ProductCardDto['colors']>;
  offers: Map<number, SaleOffer>;
  favorites: Set<number>;
}

export interface Viewer {
  /** The signed-in shopper, for is_favorite; absent for guests. */
  userId?: number | undefined;
  now?: Date;
}

/** Cards for rows already read, in their order: sizes, colours, sale offers and favourites in one query each. */
export async function toCards(db: Db, rows: CardRow[], viewer: Viewer = {}): Promise<ProductCardDto[]> {
  if (rows.length === 0) return [];
  const extras = await loadExtras(db, rows.map((row) => row.id), viewer);
  return rows.map((row) => toProductCard(row, extras));
}

/** Row to DTO: the only place a product card is shaped. */
export function toProductCard(row: CardRow, extras: CardExtras): ProductCardDto {
  const offer = extras.offers.get(row.id);
  const current = row.discountPrice > 0 ? row.discountPrice : row.price;
  const discount = offer && offer.price < current ? offer.price : row.discountPrice;
  return {
    id: row.id,
    name: row.name,
    thumbnail: row.thumbnail,
    price: fromMinor(row.price),
    discount_price: fromMinor(discount),
    discount_percentage: discountPercentage(row.price, discount),
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

async function loadExtras(db: Db, ids: number[], viewer: Viewer): Promise<CardExtras> {
  const now = viewer.now ?? new Date();
  const [sizeRows, colorRows, offerRows, favoriteRows] = await Promise.all([
    db
      .select({ productId: productSizes.productId, id: sizes.id, name: sizes.name, price: productSizes.price })
      .from(productSizes)
      .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
      .where(inArray(productSizes.productId, ids))
      .orderBy(asc(sizes.id)),
    db
      .select({ productId: productColors.productId, id: colors.id, name: colors.name, colorCode: colors.colorCode, price: productColors.price })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(inArray(productColors.productId, ids))
      .orderBy(asc(colors.id)),
    runningOffers(db, ids, now),
    viewer.userId
      ? db.select({ productId: favorites.productId }).from(favorites).where(and(eq(favorites.userId, viewer.userId), inArray(favorites.productId, ids)))
      : Promise.resolve([]),
  ]);
  const extras: CardExtras = { sizes: new Map(), colors: new Map(), offers: offerRows, favorites: new Set(favoriteRows.map((row) => row.productId)) };
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

/**
 * Sale prices of running flash sales for these products: a sale runs between its dates,
 * while active, and each product's offer ends when its sale quantity is sold. The lowest
 * offer wins when a product is in two sales.
 */
export async function runningOffers(db: Db, ids: number[], now: Date): Promise<Map<number, SaleOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: flashSaleProducts.productId, flashSaleId: flashSales.id, price: flashSaleProducts.price })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(
      and(
        inArray(flashSaleProducts.productId, ids),
        eq(flashSales.isActive, true),
        lte(flashSales.startDate, now),
        gt(flashSales.endDate, now),
        sql`${flashSaleProducts.sold} < ${flashSaleProducts.quantity}`,
      ),
    );
  const offers = new Map<number, SaleOffer>();
  for (const row of rows) {
    const known = offers.get(row.productId);
    if (!known || row.price < known.price) offers.set(row.productId, { flashSaleId: row.flashSaleId, price: row.price });
  }
  return offers;
}
