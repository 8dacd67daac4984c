import { z } from 'zod';
import { paginationFields } from '@/lib/pagination';
import { queryId, queryIdList, queryNumber, queryText, requiredId } from '../../http/query-params';
import type { ProductFilters } from './product-query';
import { MAX_SEARCH_LENGTH } from './search';
import { toMinor } from '@/lib/money';
import { SORT_TYPES } from '@/contracts/catalog';

/** Prices are decimals in the API and integer minor units in an `integer` column. */
const MAX_PRICE = 10_000_000;
const minorOrAbsent = (amount: number | undefined) => (amount === undefined ? undefined : toMinor(amount));

/**
 * The order of a listing. The original client sends `sort_type=default` when the shopper
 * has not chosen one (docs/product.md §7.6): that is the default order, as if absent.
 */
const SortTypeQuery = z
  .enum([...SORT_TYPES, 'default'])
  .optional()
  .transform((value) => (value === 'default' ? undefined : value));

export const ProductListQuery = z
  .object({
    ...paginationFields(),
    search: queryText(MAX_SEARCH_LENGTH),
    shop_id: queryId(),
    category_id: queryId(),
    sub_category_id: queryId(),
    rating: queryNumber(0, 5),
    sort_type: SortTypeQuery,
    min_price: queryNumber(0, MAX_PRICE),
    max_price: queryNumber(0, MAX_PRICE),
    brand_id: queryIdList(),
    color_id: queryIdList(),
    size_id: queryIdList(),
  })
  .refine((query) => query.min_price === undefined || query.max_price === undefined || query.min_price <= query.max_price, {
    error: 'The max price must not be less than the min price.',
    path: ['max_price'],
  });

export type ProductListQuery = z.output<typeof ProductListQuery>;

/** Query names of the API to the service's filters. */
export function toProductFilters(query: ProductListQuery): ProductFilters {
  return {
    search: query.search,
    shopId: query.shop_id,
    categoryId: query.category_id,
    subCategoryId: query.sub_category_id,
    rating: query.rating,
    minPrice: minorOrAbsent(query.min_price),
    maxPrice: minorOrAbsent(query.max_price),
    brandIds: query.brand_id,
    colorIds: query.color_id,
    sizeIds: query.size_id,
  };
}

export const CategoryProductsQuery = z.object({
  ...paginationFields(),
  category_id: requiredId(),
  sub_category_id: queryId(),
});

export const SubCategoriesQuery = z.object({ category_id: requiredId() });

export const ProductIdQuery = z.object({ product_id: requiredId() });

/** A product's reviews (`product_id`) or, as the original client's shop page asks, a shop's (`shop_id`). */
export const ReviewsQuery = z
  .object({ ...paginationFields(), product_id: queryId(), shop_id: queryId() })
  .refine((query) => query.product_id !== undefined || query.shop_id !== undefined, {
    error: 'The product id field is required when shop id is not present.',
    path: ['product_id'],
  });
