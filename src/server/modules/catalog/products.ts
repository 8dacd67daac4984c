import { and, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { CACHE, cached } from '../../cache';
import { products, shops } from '../../db/schema';
import { limitOffset, type Page } from '@/lib/pagination';
import { productFacets } from './facets';
import { filterConditions, productOrder, type ProductFilters } from './product-query';
import { isPublicProduct } from './visibility';
import { localeOf, selectCards, toCards, type Viewer } from './product-cards';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { isSaleSort, saleOrder, saleOrderedPage } from './sale-prices';
import type { ProductCardDto, ProductFacets, ProductPage, SortType } from '@/contracts/catalog';

/** One page of public products matching `filters`, in `sort` order, with the real total. */
export async function listProducts(db: Db, filters: ProductFilters, sort: SortType | undefined, page: Page, viewer: Viewer = {}): Promise<ProductPage> {
  const now = viewer.now ?? new Date();
  const [rows, total] = await Promise.all([productPageQuery(db, filters, sort, page, now, localeOf(viewer)), countProducts(db, filters, now)]);
  return { total, products: await toCards(db, rows, { ...viewer, now }) };
}

/**
 * The statement reading a listing page (exported so a test can EXPLAIN exactly it).
 * Sorting by price or best deal orders by what the cards show, running flash-sale
 * offers included (sale-prices.ts); the page's ids come from there.
 */
export function productPageQuery(db: Db, filters: ProductFilters, sort: SortType | undefined, page: Page, now: Date = new Date(), locale: string = DEFAULT_LOCALE) {
  const conditions = filterConditions(filters, now);
  if (isSaleSort(sort)) {
    return selectCards(db, locale)
      .innerJoin(saleOrderedPage(conditions, sort, page, now), sql`page.id = ${products.id}`)
      .orderBy(...saleOrder(sort));
  }
  const { limit, offset } = limitOffset(page);
  return selectCards(db, locale)
    .where(and(...conditions))
    .orderBy(...productOrder(sort, filters.search))
    .limit(limit)
    .offset(offset);
}

/** The statement counting a listing (exported so a test can EXPLAIN exactly it). */
export function productCountQuery(db: Db, filters: ProductFilters, now: Date = new Date()) {
  return db
    .select({ n: count() })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(...filterConditions(filters, now)));
}

/** GET /products: a page plus the facets of its scope. */
export async function searchProducts(
  db: Db,
  filters: ProductFilters,
  sort: SortType | undefined,
  page: Page,
  viewer: Viewer = {},
): Promise<ProductPage & { filters: ProductFacets }> {
  const [result, facets] = await Promise.all([listProducts(db, filters, sort, page, viewer), productFacets(db, filters, localeOf(viewer))]);
  return { ...result, filters: facets };
}

const isUnfiltered = (filters: ProductFilters) => Object.values(filters).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));

/**
 * Counting the whole public catalogue reads every product; that one figure (the default
 * listing, home's "just for you") is cached briefly. Filtered counts go through indexes.
 */
function countProducts(db: Db, filters: ProductFilters, now: Date): Promise<number> {
  const read = async () => (await productCountQuery(db, filters, now))[0]?.n ?? 0;
  return isUnfiltered(filters) ? cached(db, CACHE.catalogCount, read) : read();
}

/** The most viewed public products, excluding some (the one on show). */
export async function popularProducts(db: Db, limit: number, viewer: Viewer = {}, exclude: number[] = []): Promise<ProductCardDto[]> {
  const rows = await selectCards(db, localeOf(viewer))
    .where(and(isPublicProduct, exclude.length ? notInArray(products.id, exclude) : undefined))
    .orderBy(...productOrder('popular_product', undefined))
    .limit(limit);
  return toCards(db, rows, viewer);
}

/**
 * Public products on discount or in a running flash sale, biggest percentage off first
 * (home's best deals). The best_deal order puts every product with something off before
 * those without, so the first `limit` of it, less those at 0 %, are the answer.
 */
export async function bestDeals(db: Db, limit: number, viewer: Viewer = {}): Promise<ProductCardDto[]> {
  const now = viewer.now ?? new Date();
  const rows = await productPageQuery(db, {}, 'best_deal', { page: 1, per_page: limit }, now, localeOf(viewer));
  const cards = await toCards(db, rows, { ...viewer, now });
  return cards.filter((card) => card.discount_percentage > 0);
}

/**
 * Products like this one: the most viewed of its sub-category, topped up from its
 * category when the sub-category is small.
 */
export async function relatedProducts(
  db: Db,
  product: { id: number; categoryId: number; subCategoryId: number | null },
  limit: number,
  viewer: Viewer = {},
): Promise<ProductCardDto[]> {
  const order = productOrder('popular_product', undefined);
  const base = and(isPublicProduct, ne(products.id, product.id), eq(products.categoryId, product.categoryId));
  const rows =
    product.subCategoryId === null
      ? []
      : await selectCards(db, localeOf(viewer))
          .where(and(base, eq(products.subCategoryId, product.subCategoryId)))
          .orderBy(...order)
          .limit(limit);
  if (rows.length < limit) {
    const seen = rows.map((row) => row.id);
    rows.push(
      ...(await selectCards(db, localeOf(viewer))
        .where(and(base, seen.length ? notInArray(products.id, seen) : undefined))
        .orderBy(...order)
        .limit(limit - rows.length)),
    );
  }
  return toCards(db, rows, viewer);
}
