import { asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { productColors, products, productSizes } from '../../db/schema';
import { shownPriceBetween, type SaleSort } from './sale-prices';
import { matchesSearch, searchRank } from './search';
import type { SortType } from '@/contracts/catalog';
import { isPublicProduct } from './visibility';

/** Narrows the catalogue to a context: the set the `filters` facets describe. */
export interface ProductScope {
  search?: string | undefined;
  shopId?: number | undefined;
  categoryId?: number | undefined;
  subCategoryId?: number | undefined;
}

/** Refines a scope to what the shopper asked for. Prices in minor units. */
export interface ProductFilters extends ProductScope {
  rating?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  brandIds?: number[] | undefined;
  colorIds?: number[] | undefined;
  sizeIds?: number[] | undefined;
}

export function scopeConditions(scope: ProductScope): SQL[] {
  const conditions: (SQL | undefined)[] = [
    isPublicProduct,
    matchesSearch(products.searchName, scope.search),
    scope.shopId === undefined ? undefined : eq(products.shopId, scope.shopId),
    scope.categoryId === undefined ? undefined : eq(products.categoryId, scope.categoryId),
    scope.subCategoryId === undefined ? undefined : eq(products.subCategoryId, scope.subCategoryId),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Conditions of a listing; `now` decides which flash sales run (the price filters). */
export function filterConditions(filters: ProductFilters, now: Date = new Date()): SQL[] {
  const conditions: (SQL | undefined)[] = [
    ...scopeConditions(filters),
    // Ratings are stored with one decimal: "4 and up" includes 4.0.
    filters.rating === undefined ? undefined : gte(products.rating, filters.rating.toFixed(1)),
    // Price filters follow the price rule (lib/price.ts): the price the card shows.
    ...shownPriceBetween(filters.minPrice, filters.maxPrice, now),
    filters.brandIds?.length ? inArray(products.brandId, filters.brandIds) : undefined,
    filters.colorIds?.length
      ? sql`exists (select 1 from ${productColors} where ${productColors.productId} = ${products.id} and ${inArray(productColors.colorId, filters.colorIds)})`
      : undefined,
    filters.sizeIds?.length
      ? sql`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${inArray(productSizes.sizeId, filters.sizeIds)})`
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * ORDER BY of each sort. Each reads an index in order (db/schema/catalog.ts) and ends
 * with the id, so pages never overlap or skip rows with equal values. The price and
 * best-deal sorts are sale-prices.ts `saleOrderedPage`: a running flash-sale offer moves
 * a product there, so no stored column alone gives their order.
 */
const SORTS: Record<Exclude<SortType, SaleSort>, SQL[]> = {
  top_selling: [desc(products.totalSold), desc(products.id)],
  popular_product: [desc(products.views), desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  // Guests get the best-rated products; the signed-in variant can rank by their history.
  just_for_you: [desc(products.rating), desc(products.totalReviews), desc(products.id)],
};

/** The order of a listing: the chosen sort; else best match for a search, most viewed first among equals; else newest. */
export function productOrder(sort: Exclude<SortType, SaleSort> | undefined, search: string | undefined): SQL[] {
  if (sort) return SORTS[sort];
  if (search) return [asc(searchRank(products.searchName, search)), ...SORTS.popular_product];
  return SORTS.newest;
}
