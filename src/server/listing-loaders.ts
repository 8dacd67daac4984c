import type { ProductPage } from './modules/catalog/products';
import type { SortType } from './modules/catalog/product-query';
import { apiGet } from './page-api';
import { DEFAULT_PER_PAGE } from '../lib/pagination';

/** One page of the whole catalogue in a fixed order (most popular, best deals). */
export function loadSortedProducts(call: { request: Request; locale: string }, sort: SortType, page: number): Promise<ProductPage> {
  const query = new URLSearchParams({ sort_type: sort, page: String(page), per_page: String(DEFAULT_PER_PAGE) });
  return apiGet<ProductPage>(`/products?${query}`, call);
}
