import type { CategoryDto } from './modules/catalog/categories';
import type { ProductFacets } from './modules/catalog/facets';
import type { ProductCardDto } from './modules/catalog/product-cards';
import type { ProductDetailsDto } from './modules/catalog/product-details';
import type { ReviewDto, ReviewSummary } from './modules/catalog/reviews';
import { apiGet, nullIfNotFound, PageApiError } from './page-api';
import { productsApiQuery, withoutKeys, type ListingState } from '../lib/product-listing';

/** Data the catalogue pages read through the API, as a browser would (page-api.ts). */

interface Call {
  request: Request;
  locale: string;
}

export interface ProductListing {
  total: number;
  products: ProductCardDto[];
  filters: ProductFacets;
}

export interface LoadedListing {
  listing: ProductListing;
  /** The state actually shown: without the parameters the API refused. */
  state: ListingState;
  /** The API's message for each refused parameter. */
  refused: Record<string, string[]>;
}

const EMPTY_FACETS: ProductFacets = { sizes: [], colors: [], brands: [], min_price: 0, max_price: 0 };

/**
 * GET /products for a listing. Bad values in a URL someone typed or shared are not the
 * shopper's fault: the parameters the API refuses (422) are dropped and the rest is
 * shown, with the API's messages for the page to display.
 */
export async function loadProductListing(call: Call, state: ListingState, options: { perPage: number; rate: number }): Promise<LoadedListing> {
  const read = (current: ListingState) => apiGet<ProductListing>(`/products?${productsApiQuery(current, options)}`, call);
  try {
    return { listing: await read(state), state, refused: {} };
  } catch (error) {
    if (!(error instanceof PageApiError) || error.status !== 422) throw error;
    const refused = Object.keys(error.errors).length ? error.errors : { request: [error.message] };
    const kept = withoutKeys(state, Object.keys(refused));
    const listing = await read(kept).catch((again: unknown) => {
      if (again instanceof PageApiError && again.status === 422) return { total: 0, products: [], filters: EMPTY_FACETS };
      throw again;
    });
    return { listing, state: kept, refused };
  }
}

export async function loadCategories(call: Call): Promise<CategoryDto[]> {
  return (await apiGet<{ categories: CategoryDto[] }>('/categories', call)).categories;
}

/** The category a path names by slug or by id (the category menu links ids), or undefined. */
export function categoryByParam(categories: CategoryDto[], param: string): CategoryDto | undefined {
  const key = param.toLowerCase();
  return categories.find((category) => category.slug === key || (/^\d+$/.test(key) && category.id === Number(key)));
}

export interface ProductDetailsData {
  product: ProductDetailsDto;
  related_products: ProductCardDto[];
  popular_products: ProductCardDto[];
}

/** A public product with its related and popular products, or null (unknown, inactive or a malformed id). */
export async function loadProductDetails(call: Call, id: string): Promise<ProductDetailsData | null> {
  if (!/^\d{1,10}$/.test(id)) return null;
  return apiGet<ProductDetailsData>(`/product-details?product_id=${id}`, call).catch(nullIfNotFound);
}

export interface ReviewPage {
  total: number;
  reviews: ReviewDto[];
  summary: ReviewSummary;
}

/** A page of a public product's reviews with their summary, or null (unknown, inactive or a malformed id). */
export async function loadReviews(call: Call, id: string, page: number, perPage: number): Promise<ReviewPage | null> {
  if (!/^\d{1,10}$/.test(id)) return null;
  return apiGet<ReviewPage>(`/reviews?product_id=${id}&page=${page}&per_page=${perPage}`, call).catch(nullIfNotFound);
}
