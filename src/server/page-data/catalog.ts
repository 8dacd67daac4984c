import { apiGet } from '../pages/page-api';
import { consistentCategory, productsApiQuery, readListing, tidyRedirect, withoutKeys, type ListingState } from '../../lib/product-listing';
import { DEFAULT_PER_PAGE, pageNumber, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { pageCurrency } from '../../lib/page-currency';
import { apiCall, nullIfMissing, refusedWith } from './api';
import { loadShopList, type ShopList } from './shops';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import type { SortType, CategoryDto, SubCategoryDto, ProductCardDto, ProductPage, ProductDetailsDto, ProductFacets, ReviewDto, ReviewSummary } from '../../contracts/catalog';

/** The catalogue pages: products, categories, a product, the fixed-order lists and the search across products and shops. */

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
 * GET /products for a listing, prices in the URL read in the page's currency. Bad values
 * in a URL someone typed or shared are not the shopper's fault: the parameters the API
 * refuses (422) are dropped and the rest is shown, with the API's messages for the page.
 */
async function loadProductListing(req: PageRequest, state: ListingState, perPage: number): Promise<LoadedListing> {
  const options = { perPage, rate: pageCurrency(req.shop.currency).rate };
  const read = (current: ListingState) => apiGet<ProductListing>(`/products?${productsApiQuery(current, options)}`, apiCall(req));
  try {
    return { listing: await read(state), state, refused: {} };
  } catch (error) {
    const refusal = refusedWith(error, 422);
    const refused = Object.keys(refusal.errors).length ? refusal.errors : { request: [refusal.message] };
    const kept = withoutKeys(state, Object.keys(refused));
    const listing = await read(kept).catch((again: unknown) => {
      refusedWith(again, 422);
      return { total: 0, products: [], filters: EMPTY_FACETS };
    });
    return { listing, state: kept, refused };
  }
}

/** Every category with its sub-categories (the categories page, the listing filters, the category menu). */
export async function loadCategories(req: PageRequest): Promise<CategoryDto[]> {
  return (await apiGet<{ categories: CategoryDto[] }>('/categories', apiCall(req))).categories;
}

/**
 * The category a path names by id (the category menu links ids) or by its slug in any
 * language (docs/product.md §9.1: a link shared from an Arabic page opens in English too),
 * or undefined.
 */
function categoryByParam<C extends SubCategoryDto>(categories: readonly C[], param: string): C | undefined {
  const key = param.toLowerCase();
  return categories.find((category) => category.slug === key || Object.values(category.slugs).includes(key) || (/^\d+$/.test(key) && category.id === Number(key)));
}

export interface ProductsPageData extends LoadedListing {
  categories: CategoryDto[];
  page: number;
  perPage: number;
}

/** /products: the whole catalogue, searched, filtered and sorted by its URL. */
export async function loadProductsPage(req: PageRequest): Promise<PageOutcome<ProductsPageData>> {
  // A form sent without JavaScript (blanks, repeated checkbox names) gets one tidy address.
  const tidy = tidyRedirect(req.url.searchParams);
  if (tidy !== null) return redirect(`/products${tidy}`);
  const categories = await loadCategories(req);
  const requested = consistentCategory(readListing(req.url.searchParams), categories);
  const loaded = await loadProductListing(req, requested, DEFAULT_PER_PAGE);
  const number = pageNumber(loaded.state.page);
  const past = pastLastPage(req.url, number, loaded.listing.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ ...loaded, categories, page: number, perPage: DEFAULT_PER_PAGE });
}

export interface CategoryPageData extends LoadedListing {
  category: CategoryDto;
  subCategory: CategoryDto['sub_categories'][number] | undefined;
  page: number;
  perPage: number;
}

/**
 * /categories/{slug}: one category's products, optionally one sub-category's. The category
 * menu links /categories/{id}?subcategory={id}; the category grid links the slug. Both work.
 */
export async function loadCategoryPage(req: PageRequest): Promise<PageOutcome<CategoryPageData>> {
  const params = req.url.searchParams;
  const category = categoryByParam(await loadCategories(req), req.params.slug ?? '');
  const subParam = params.get('subcategory');
  const subCategory = subParam && category ? categoryByParam(category.sub_categories, subParam) : undefined;
  if (!category || (subParam && !subCategory)) return notFound();
  const requested: ListingState = {
    category_id: String(category.id),
    sub_category_id: subCategory ? String(subCategory.id) : undefined,
    sort_type: params.get('sort_type') || undefined,
    page: params.get('page') || undefined,
  };
  const loaded = await loadProductListing(req, requested, DEFAULT_PER_PAGE);
  const number = pageNumber(loaded.state.page);
  const past = pastLastPage(req.url, number, loaded.listing.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ ...loaded, category, subCategory, page: number, perPage: DEFAULT_PER_PAGE });
}

/** /categories: every category and its sub-categories. */
export async function loadCategoriesPage(req: PageRequest): Promise<{ categories: CategoryDto[] }> {
  return { categories: await loadCategories(req) };
}

export interface ReviewPage {
  total: number;
  reviews: ReviewDto[];
  summary: ReviewSummary;
}

export interface ProductDetailsPageData {
  product: ProductDetailsDto;
  related: ProductCardDto[];
  popular: ProductCardDto[];
  reviews: ReviewPage;
  reviewsPage: number;
  reviewsPerPage: number;
}

const REVIEWS_PER_PAGE = 5;

/** /products/{id}/details: a public product, its related and popular products and a page of its reviews (`reviews_page`). */
export async function loadProductDetailsPage(req: PageRequest): Promise<PageOutcome<ProductDetailsPageData>> {
  const id = req.params.id ?? '';
  if (!/^\d{1,10}$/.test(id)) return notFound();
  const reviewsPage = pageNumber(req.url.searchParams.get('reviews_page'));
  const call = apiCall(req);
  // Both by the id in the path, at once; either is null for an unknown or inactive product.
  const [details, reviews] = await Promise.all([
    apiGet<{ product: ProductDetailsDto; related_products: ProductCardDto[]; popular_products: ProductCardDto[] }>(`/product-details?product_id=${id}`, call).catch(nullIfMissing),
    apiGet<ReviewPage>(`/reviews?product_id=${id}&page=${reviewsPage}&per_page=${REVIEWS_PER_PAGE}`, call).catch(nullIfMissing),
  ]);
  if (!details || !reviews) return notFound();
  const past = pastLastPage(req.url, reviewsPage, reviews.total, REVIEWS_PER_PAGE, { param: 'reviews_page', fragment: 'reviews' });
  if (past) return redirect(past);
  return page({
    product: details.product,
    related: details.related_products,
    popular: details.popular_products,
    reviews,
    reviewsPage,
    reviewsPerPage: REVIEWS_PER_PAGE,
  });
}

export interface SortedPageData {
  result: ProductPage;
  page: number;
  perPage: number;
}

/** One page of the whole catalogue in a fixed order; a bad page number goes to the first page, one past the end to the last. */
async function loadSortedPage(req: PageRequest, sort: SortType): Promise<PageOutcome<SortedPageData>> {
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const query = new URLSearchParams({ sort_type: sort, page: String(number), per_page: String(DEFAULT_PER_PAGE) });
  const result = await apiGet<ProductPage>(`/products?${query}`, apiCall(req));
  const past = pastLastPage(req.url, number, result.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ result, page: number, perPage: DEFAULT_PER_PAGE });
}

/** /best-deal: the biggest discounts first. */
export function loadBestDealPage(req: PageRequest): Promise<PageOutcome<SortedPageData>> {
  return loadSortedPage(req, 'best_deal');
}

/** /most-popular: by sales and ratings. */
export function loadMostPopularPage(req: PageRequest): Promise<PageOutcome<SortedPageData>> {
  return loadSortedPage(req, 'popular_product');
}

export interface ProductsShopsPageData {
  search: string;
  products: Pick<ProductListing, 'total' | 'products'>;
  shops: ShopList;
  /** Search parameters the product search refused (a search far too long). */
  refused: Record<string, string[]>;
}

/** How many products and shops the combined search shows of each. */
const SEARCH_SHOWN = 10;

/** /products-shops: one search across products and shops (docs/product.md §2.4); nothing is read without a search. */
export async function loadProductsShopsPage(req: PageRequest): Promise<ProductsShopsPageData> {
  const search = (req.url.searchParams.get('search') ?? '').trim();
  if (!search) return { search, products: { total: 0, products: [] }, shops: { total: 0, shops: [] }, refused: {} };
  const [found, shops] = await Promise.all([loadProductListing(req, { search }, SEARCH_SHOWN), loadShopList(req, { search, page: 1, perPage: SEARCH_SHOWN })]);
  return {
    search,
    products: found.refused.search ? { total: 0, products: [] } : found.listing,
    shops,
    refused: found.refused,
  };
}
