import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { localized } from '../../db/localized';
import type { Db } from '../../db';
import { flashSaleProducts, flashSales, products, shops } from '../../db/schema';
import { limitOffset, type Page } from '@/lib/pagination';
import type { FlashOffer } from '@/lib/price';
import type { SortType } from '@/contracts/catalog';

/**
 * The price rule of lib/price.ts where SQL needs it: loading the offers that price a
 * card, and sorting and filtering listings by the price a card shows.
 *
 * The database keeps the rule without flash sales in generated columns
 * (products.effective_price and discount_percentage, indexed). A running flash-sale
 * offer lowers the price shown, so a listing's price is LEAST(effective_price, the
 * lowest running offer): the rule's "an offer wins only below the discount price".
 * Few products are in a running sale at once, so the queries below keep reading the
 * indexes for every other product and work the offer out only for those few.
 * price-agreement.test.ts proves this agrees with lib/price.ts.
 */

/**
 * An offer that can price a unit at `now` (lib/price.ts `saleIsRunning` and an
 * allocation left for one unit). Reads flash_sale_products joined with flash_sales.
 */
export function offerRunsAt(now: Date): SQL {
  return and(eq(flashSales.isActive, true), lte(flashSales.startDate, now), gt(flashSales.endDate, now), lt(flashSaleProducts.sold, flashSaleProducts.quantity))!;
}

/** A flash-sale offer with what product pages show of its sale. */
export interface SaleOffer extends FlashOffer {
  flashSaleId: number;
  name: string;
  thumbnail: string | null;
}

/**
 * The offers that can price these products at `now`, by product, for lib/price.ts to
 * choose from, their sales named in `locale`. Offers of sales that do not run are left
 * out here already; the rule would ignore them anyway.
 */
export async function runningOffers(db: Db, ids: number[], now: Date, locale: string = DEFAULT_LOCALE): Promise<Map<number, SaleOffer[]>> {
  const offers = new Map<number, SaleOffer[]>();
  if (ids.length === 0) return offers;
  const rows = await db
    .select({
      productId: flashSaleProducts.productId,
      price: flashSaleProducts.price,
      quantity: flashSaleProducts.quantity,
      sold: flashSaleProducts.sold,
      flashSaleId: flashSales.id,
      name: localized(flashSales.name, flashSales.translations, 'name', locale),
      thumbnail: flashSales.thumbnail,
      startDate: flashSales.startDate,
      endDate: flashSales.endDate,
      isActive: flashSales.isActive,
    })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(and(inArray(flashSaleProducts.productId, ids), offerRunsAt(now)))
    .orderBy(asc(flashSaleProducts.price), asc(flashSales.id));
  for (const { productId, ...offer } of rows) {
    const list = offers.get(productId);
    if (list) list.push(offer);
    else offers.set(productId, [offer]);
  }
  return offers;
}

/** Ids of products with an offer running at `now` (optionally only offers priced so). */
function runningOfferProducts(now: Date, priced?: SQL): SQL {
  return sql`SELECT ${flashSaleProducts.productId} FROM ${flashSaleProducts} INNER JOIN ${flashSales} ON ${eq(flashSales.id, flashSaleProducts.flashSaleId)}
    WHERE ${and(offerRunsAt(now), priced)}`;
}

/** `product_id, price`: the lowest offer running at `now`, per product. */
function lowestRunningOffers(now: Date): SQL {
  return sql`SELECT ${flashSaleProducts.productId} AS product_id, min(${flashSaleProducts.price}) AS price
    FROM ${flashSaleProducts} INNER JOIN ${flashSales} ON ${eq(flashSales.id, flashSaleProducts.flashSaleId)}
    WHERE ${offerRunsAt(now)} GROUP BY ${flashSaleProducts.productId}`;
}

/**
 * "The price shown is at least `min` and at most `max`" (minor units), written so the
 * effective_price index still answers: the price shown is never above effective_price,
 * and only a running offer below `min` (or at most `max`) changes the answer. The
 * subqueries are uncorrelated, so each runs once.
 */
export function shownPriceBetween(min: number | undefined, max: number | undefined, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (min !== undefined) {
    conditions.push(gte(products.effectivePrice, min));
    conditions.push(sql`${products.id} NOT IN (${runningOfferProducts(now, lt(flashSaleProducts.price, min))})`);
  }
  if (max !== undefined) {
    // = ANY(ARRAY(...)) rather than IN (...): the planner can then answer each side of
    // the OR from an index (effective_price, the primary key) and combine them.
    conditions.push(or(lte(products.effectivePrice, max), sql`${products.id} = ANY(ARRAY(${runningOfferProducts(now, lte(flashSaleProducts.price, max))}))`)!);
  }
  return conditions;
}

const paid = (offer: SQL) => sql`LEAST(${products.effectivePrice}, ${offer})`;
/** products.discount_percentage's formula (db/schema/catalog.ts) applied to the price shown. */
const percentOff = (offer: SQL) =>
  sql`CASE WHEN ${paid(offer)} > 0 AND ${paid(offer)} < ${products.price} THEN round(100.0 * (${products.price} - ${paid(offer)}) / ${products.price})::smallint ELSE 0 END`;

/** The sorts whose key a running offer changes: the price shown, and the percentage taken off it. */
export const SALE_SORTS = {
  low_to_high: { direction: 'asc', stored: products.effectivePrice, shown: paid },
  high_to_low: { direction: 'desc', stored: products.effectivePrice, shown: paid },
  best_deal: { direction: 'desc', stored: products.discountPercentage, shown: percentOff },
} as const satisfies Partial<Record<SortType, unknown>>;
export type SaleSort = keyof typeof SALE_SORTS;

export const isSaleSort = (sort: string | undefined): sort is SaleSort => sort !== undefined && sort in SALE_SORTS;

/**
 * One page of product ids in a sale-aware order, as a subquery `page(id, sort_key)`
 * ordered by its key then id. The first offset + limit products of the order are the
 * first offset + limit of two lists merged: products without a running offer, read from
 * the stored column's index in order; and the few with one, whose key is worked out and
 * sorted. Each list stops after offset + limit rows, so the index is read as far as
 * before (one ORDER BY on the worked-out price would read and sort the whole catalogue:
 * seconds at 100,000 products).
 */
export function saleOrderedPage(conditions: SQL[], sort: SaleSort, page: Page, now: Date): SQL {
  const { direction, stored, shown } = SALE_SORTS[sort];
  const { limit, offset } = limitOffset(page);
  const dir = sql.raw(direction);
  const where = and(...conditions);
  const enough = offset + limit;
  return sql`(
    (SELECT ${products.id} AS id, ${stored} AS sort_key FROM ${products} INNER JOIN ${shops} ON ${eq(shops.id, products.shopId)}
      WHERE ${where} AND ${products.id} NOT IN (${runningOfferProducts(now)})
      ORDER BY ${stored} ${dir}, ${products.id} ${dir} LIMIT ${enough})
    UNION ALL
    (SELECT ${products.id} AS id, ${shown(sql`offer.price`)} AS sort_key
      FROM (${lowestRunningOffers(now)}) AS offer
      INNER JOIN ${products} ON ${products.id} = offer.product_id INNER JOIN ${shops} ON ${eq(shops.id, products.shopId)}
      WHERE ${where}
      ORDER BY 2 ${dir}, 1 ${dir} LIMIT ${enough})
    ORDER BY sort_key ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}
  ) AS page`;
}

/** The order of rows joined with `saleOrderedPage`. */
export function saleOrder(sort: SaleSort): SQL[] {
  const dir = sql.raw(SALE_SORTS[sort].direction);
  return [sql`page.sort_key ${dir}`, sql`page.id ${dir}`];
}

/** The price shown (LEAST of effective_price and the lowest running offer), for facets. */
export function shownPriceJoin(now: Date): { offers: SQL; price: SQL } {
  return { offers: sql`LEFT JOIN (${lowestRunningOffers(now)}) AS offer ON offer.product_id = ${products.id}`, price: sql`LEAST(${products.effectivePrice}, offer.price)` };
}
