import { and, asc, eq, inArray, sql, type AnyColumn, type Column, type GetColumnData, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { localized } from '../../db/localized';
import {
  brands,
  cartItems,
  carts,
  colors,
  flashSaleProducts,
  flashSales,
  productColors,
  products,
  productSizes,
  productVatTaxes,
  shops,
  shopVatTaxes,
  sizes,
  units,
  vatTaxes,
} from '../../db/schema';
import { lineLimit, MAX_LINE_QUANTITY } from '@/lib/cart-line';
import type { Translate } from '@/lib/i18n';
import { priceProduct, type ProductPrice } from '@/lib/price';
import type { VatRate } from '@/lib/totals';
import { validationError, type ApiError } from '../../http/errors';
import { offerRunsAt, type SaleOffer } from '../catalog/sale-prices';
import { isPublicProduct } from '../catalog/visibility';
import { loadSiteSettings } from '../master/settings';

/**
 * The line rule (docs/product.md §4.6; its limit is lib/cart-line.ts `lineLimit`): a cart
 * line holds whole units, at least one, and the cart's lines of one product (in every size
 * and colour) never hold more than the product's stock nor the units of a product one order
 * may take. It bounds the cart, not a request: every writer of cart lines (POST /cart/store,
 * /cart/increment, /cart/options, order again) runs under the shopper's cart lock
 * (service.ts `withCartLock`), checks what the product's lines would hold through `fitsLine`
 * in its statement and words a refusal with `lineRefusal`, so none of them lets the cart
 * grow past what another refuses.
 */

/**
 * The rule in SQL, for the statement that writes the line: `quantity` (what the product's
 * lines of the cart would hold) within the cap and the stock of `productId` as the
 * statement finds it, so a sale taking the stock meanwhile cannot slip between a check and the write.
 */
export function fitsLine(quantity: SQL, productId: AnyColumn | number, maxUnits: number): SQL {
  return sql`${quantity} <= least(${Math.min(maxUnits, MAX_LINE_QUANTITY)}, (select ${products.quantity} from ${products} where ${products.id} = ${productId}))`;
}

/**
 * Why a cart whose lines hold `held` units of a product cannot take `adding` more, as the
 * quantity field's error; null when it can. The stock is named first; the cap, when only it
 * is in the way, is worded as the payload's own limit on quantity, so a line grown to it by
 * repeated adds is refused as a single add of that size is.
 */
export function lineRefusal({ held, adding, stock, maxUnits }: { held: number; adding: number; stock: number; maxUnits: number }, t: Translate): ApiError | null {
  const wanted = held + adding;
  if (wanted <= lineLimit(stock, maxUnits)) return null;
  let message: string;
  if (stock <= 0) message = t('This product is out of stock.');
  else if (wanted > stock)
    message = held > 0 ? t('Only {{count}} in stock, and your cart already holds {{held}}.', { count: stock, held }) : t('Only {{count}} left in stock.', { count: stock });
  else message = t('The {{attribute}} field must not be greater than {{max}}.', { attribute: t('quantity'), max: Math.min(maxUnits, MAX_LINE_QUANTITY) });
  return validationError({ quantity: [message] });
}

/**
 * A shopper's cart lines as they cost now: every line priced by lib/price.ts from the
 * database (never from a client), with what the cart, the checkout figures and order
 * placement need of it. Lines whose product or shop is switched off are left out: they
 * cannot be bought, and they come back if the seller switches them on again.
 */
export interface PricedLine {
  lineId: number;
  productId: number;
  name: string;
  thumbnail: string;
  brand: string | null;
  shop: { id: number; name: string; logo: string | null; rating: string; deliveryCharge: number; orderPrefix: string; minOrderAmount: number; deliveryTime: string | null };
  size: { id: number; name: string; surcharge: number } | null;
  color: { id: number; name: string; surcharge: number } | null;
  /** The sizes and colours the product comes in now: what the line may change to (POST /cart/options). */
  offered: { sizes: LineOption[]; colors: (LineOption & { colorCode: string })[] };
  unit: { id: number; name: string } | null;
  quantity: number;
  /** Units in stock now. */
  stock: number;
  /** The most units the line may hold now: lib/cart-line.ts `lineLimit`, less what the product's other lines hold. */
  limit: number;
  price: ProductPrice<SaleOffer>;
  vatTaxes: VatRate[];
}

/** A size or colour the product comes in, with its surcharge (minor units). */
export interface LineOption {
  id: number;
  name: string;
  surcharge: number;
}

export interface LineFilter {
  /** The buy-now line instead of the cart's lines (§3.2 buyNowProduct). */
  buyNow?: boolean;
  /** Only these shops' lines. */
  shopIds?: readonly number[];
  now?: Date;
  /**
   * The shopper's language for the names shown (docs/product.md §9.1); absent, the default
   * language, as an order keeps its lines' names.
   */
  locale?: string | undefined;
}

const productSize = alias(productSizes, 'line_product_size');
const productColor = alias(productColors, 'line_product_color');

/**
 * One of the user's cart lines (buy-now lines aside), if any, as a statement to nest (`exists`):
 * whether the cart holds anything is cheap to ask, where `loadLines` is a wide join whose
 * planning alone costs milliseconds on PGlite. The navbar's badges of an empty cart need no more.
 */
export function cartLineQuery(db: Db, userId: number) {
  return db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.userId, userId), eq(cartItems.isBuyNow, false)))
    .limit(1);
}

/** The user's lines, oldest first (the order they were added), priced at `now`. */
export async function loadLines(db: Db, userId: number, filter: LineFilter = {}): Promise<PricedLine[]> {
  return (await loadCartLines(db, userId, filter)).lines;
}

/**
 * The lines, and the voucher codes the cart applies per shop (carts.coupon_codes) read
 * with them: a checkout's figures need both, in one statement. No lines, no codes.
 */
export async function loadCartLines(db: Db, userId: number, filter: LineFilter = {}): Promise<{ lines: PricedLine[]; couponCodes: Record<string, string> }> {
  const now = filter.now ?? new Date();
  if (filter.shopIds && filter.shopIds.length === 0) return { lines: [], couponCodes: {} };
  const conditions = [
    eq(carts.userId, userId),
    eq(cartItems.isBuyNow, filter.buyNow ?? false),
    isPublicProduct,
    ...(filter.shopIds ? [inArray(cartItems.shopId, [...filter.shopIds])] : []),
  ];
  const { order_max_units_per_product: maxUnits } = await loadSiteSettings(db);
  const { locale } = filter;
  const text = <T extends Column>(column: T, translations: AnyColumn, field: string) => inLanguage(column, translations, field, locale);
  const rows = await db
    .select({
      lineId: cartItems.id,
      productId: products.id,
      name: text(products.name, products.translations, 'name'),
      thumbnail: products.thumbnail,
      brand: text(brands.name, brands.translations, 'name'),
      price: products.price,
      discountPrice: products.discountPrice,
      stock: products.quantity,
      quantity: cartItems.quantity,
      shopId: shops.id,
      shopName: text(shops.name, shops.translations, 'name'),
      deliveryTime: text(shops.estimatedDeliveryTime, shops.translations, 'estimated_delivery_time'),
      shopLogo: shops.logo,
      shopRating: shops.rating,
      deliveryCharge: shops.deliveryCharge,
      orderPrefix: shops.orderPrefix,
      minOrderAmount: shops.minOrderAmount,
      sizeId: sizes.id,
      sizeName: text(sizes.name, sizes.translations, 'name'),
      sizeSurcharge: productSize.price,
      colorId: colors.id,
      colorName: text(colors.name, colors.translations, 'name'),
      colorSurcharge: productColor.price,
      unitId: units.id,
      unitName: text(units.name, units.translations, 'name'),
      offers: runningOffersOf(now),
      offeredSizes: offeredSizesOf(locale),
      offeredColors: offeredColorsOf(locale),
      vatTaxes: vatRatesOf(),
      couponCodes: carts.couponCodes,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(units, eq(units.id, cartItems.unitId))
    .leftJoin(sizes, eq(sizes.id, cartItems.sizeId))
    .leftJoin(productSize, and(eq(productSize.productId, cartItems.productId), eq(productSize.sizeId, cartItems.sizeId)))
    .leftJoin(colors, eq(colors.id, cartItems.colorId))
    .leftJoin(productColor, and(eq(productColor.productId, cartItems.productId), eq(productColor.colorId, cartItems.colorId)))
    .where(and(...conditions))
    .orderBy(asc(cartItems.id));
  const couponCodes = rows[0]?.couponCodes ?? {};
  // A product's lines share its stock, its per-order cap and its sale allocation (the line rule above).
  const productUnits = new Map<number, number>();
  for (const row of rows) productUnits.set(row.productId, (productUnits.get(row.productId) ?? 0) + row.quantity);
  const lines = rows.map((row): PricedLine => {
    const size = row.sizeId !== null && row.sizeName !== null ? { id: row.sizeId, name: row.sizeName, surcharge: row.sizeSurcharge ?? 0 } : null;
    const color = row.colorId !== null && row.colorName !== null ? { id: row.colorId, name: row.colorName, surcharge: row.colorSurcharge ?? 0 } : null;
    const heldByOthers = productUnits.get(row.productId)! - row.quantity;
    return {
      lineId: row.lineId,
      productId: row.productId,
      name: row.name,
      thumbnail: row.thumbnail,
      brand: row.brand,
      shop: {
        id: row.shopId,
        name: row.shopName,
        logo: row.shopLogo,
        rating: row.shopRating,
        deliveryCharge: row.deliveryCharge,
        orderPrefix: row.orderPrefix,
        minOrderAmount: row.minOrderAmount,
        deliveryTime: row.deliveryTime,
      },
      size,
      color,
      offered: { sizes: row.offeredSizes ?? [], colors: row.offeredColors ?? [] },
      unit: row.unitId !== null && row.unitName !== null ? { id: row.unitId, name: row.unitName } : null,
      quantity: row.quantity,
      stock: row.stock,
      limit: Math.max(0, lineLimit(row.stock, maxUnits) - heldByOthers),
      price: priceProduct(row, {
        offers: (row.offers ?? []).map((offer) => ({ ...offer, startDate: new Date(offer.startDate), endDate: new Date(offer.endDate) })),
        sizeSurcharge: size?.surcharge,
        colorSurcharge: color?.surcharge,
        quantity: row.quantity,
        productUnits: productUnits.get(row.productId),
        now,
      }),
      vatTaxes: row.vatTaxes ?? [],
    };
  });
  return { lines, couponCodes };
}

/** A text column in `locale` (db/localized.ts), or as stored when no language is asked for (an order's lines). */
function inLanguage<T extends Column>(column: T, translations: AnyColumn, field: string, locale: string | undefined): T | SQL<GetColumnData<T>> {
  return locale ? localized(column, translations, field, locale) : column;
}

/** A running offer as the lines query reads it (JSON: dates as text). */
type OfferJson = Omit<SaleOffer, 'startDate' | 'endDate'> & { startDate: string; endDate: string };

/**
 * The line's product's offers that can price it at `now` (catalog/sale-prices.ts
 * `offerRunsAt`), lowest price first, read with the line: one statement for the whole cart.
 */
function runningOffersOf(now: Date) {
  return sql<OfferJson[] | null>`(
    select json_agg(json_build_object(
      'price', ${flashSaleProducts.price}, 'quantity', ${flashSaleProducts.quantity}, 'sold', ${flashSaleProducts.sold},
      'flashSaleId', ${flashSales.id}, 'name', ${flashSales.name}, 'thumbnail', ${flashSales.thumbnail},
      'startDate', ${flashSales.startDate}, 'endDate', ${flashSales.endDate}, 'isActive', ${flashSales.isActive}
    ) order by ${flashSaleProducts.price}, ${flashSales.id})
    from ${flashSaleProducts} inner join ${flashSales} on ${eq(flashSales.id, flashSaleProducts.flashSaleId)}
    where ${flashSaleProducts.productId} = ${products.id} and ${offerRunsAt(now)})`;
}

/** The sizes the line's product comes in, with their surcharges, as the product page lists them (by size id). */
function offeredSizesOf(locale: string | undefined) {
  const name = inLanguage(sizes.name, sizes.translations, 'name', locale);
  return sql<LineOption[] | null>`(
    select json_agg(json_build_object('id', ${sizes.id}, 'name', ${name}, 'surcharge', ${productSizes.price}) order by ${sizes.id})
    from ${productSizes} inner join ${sizes} on ${sizes.id} = ${productSizes.sizeId}
    where ${productSizes.productId} = ${products.id})`;
}

/** The colours the line's product comes in, with their surcharges (by colour id). */
function offeredColorsOf(locale: string | undefined) {
  const name = inLanguage(colors.name, colors.translations, 'name', locale);
  return sql<(LineOption & { colorCode: string })[] | null>`(
    select json_agg(json_build_object('id', ${colors.id}, 'name', ${name}, 'colorCode', ${colors.colorCode}, 'surcharge', ${productColors.price}) order by ${colors.id})
    from ${productColors} inner join ${colors} on ${colors.id} = ${productColors.colorId}
    where ${productColors.productId} = ${products.id})`;
}

/** The line's active VAT rates: the product's own, else its shop's (lib/totals.ts VatRate). */
function vatRatesOf() {
  const rates = (link: typeof productVatTaxes | typeof shopVatTaxes, owner: SQL) => sql`(
    select json_agg(json_build_object('name', ${vatTaxes.name}, 'percentage', ${vatTaxes.percentage}::text) order by ${vatTaxes.id})
    from ${link} inner join ${vatTaxes} on ${vatTaxes.id} = ${link.vatTaxId}
    where ${owner} and ${vatTaxes.isActive})`;
  return sql<
    VatRate[] | null
  >`coalesce(${rates(productVatTaxes, sql`${productVatTaxes.productId} = ${products.id}`)}, ${rates(shopVatTaxes, sql`${shopVatTaxes.shopId} = ${shops.id}`)})`;
}

/** Lines grouped by shop, shops in the order their first line was added. */
export function byShop(lines: readonly PricedLine[]): { shop: PricedLine['shop']; lines: PricedLine[] }[] {
  const groups = new Map<number, { shop: PricedLine['shop']; lines: PricedLine[] }>();
  for (const line of lines) {
    let group = groups.get(line.shop.id);
    if (!group) groups.set(line.shop.id, (group = { shop: line.shop, lines: [] }));
    group.lines.push(line);
  }
  return [...groups.values()];
}
