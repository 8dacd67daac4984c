import { apiGet } from '../pages/page-api';
import { listingQuery, productsApiQuery, readListing, tidyRedirect, withoutKeys, type ListingState } from '../../lib/product-listing';
import { DEFAULT_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { pageCurrency } from '../../lib/page-currency';
import { apiCall, nullIfMissing, refusedWith } from './api';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import type { ProductPage } from '../../contracts/catalog';
import type { ShopDetailsDto, ShopDto } from '../../contracts/shop';

/** The shops pages: the list of shops and one shop with its products. */

export interface ShopList {
  total: number;
  shops: ShopDto[];
}

/** A page of shops, optionally searched. A search the API refuses (far too long) simply finds nothing. */
export async function loadShopList(req: PageRequest, query: { search: string; page: number; perPage: number }): Promise<ShopList> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
  if (query.search) params.set('search', query.search);
  return (await apiGet<ShopList>(`/shops?${params}`, apiCall(req)).catch(nullIfMissing)) ?? { total: 0, shops: [] };
}

export interface ShopsPageData extends ShopList {
  search: string;
  page: number;
  perPage: number;
}

/** /shops: a page of shops, searched by `search`; a bad page number goes to the first page, one past the end to the last. */
export async function loadShopsPage(req: PageRequest): Promise<PageOutcome<ShopsPageData>> {
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const search = (req.url.searchParams.get('search') ?? '').trim();
  const list = await loadShopList(req, { search, page: number, perPage: DEFAULT_PER_PAGE });
  const past = pastLastPage(req.url, number, list.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ ...list, search, page: number, perPage: DEFAULT_PER_PAGE });
}

export interface ShopPageData {
  shop: ShopDetailsDto;
  /** This page's address (the key it was reached by), which the product filters submit to. */
  path: string;
  state: ListingState;
  products: ProductPage;
  page: number;
  perPage: number;
}

/**
 * /shops/{id or slug}: the shop and a page of its products, filtered and sorted by the
 * URL. The listing state is the address: an untidy form submission, a bad page number and
 * values the API refuses (a typed-in URL) are answered with a redirect to the address without them.
 */
export async function loadShopPage(req: PageRequest): Promise<PageOutcome<ShopPageData>> {
  const key = req.params.id ?? '';
  if (key.length > 140 || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(key)) return notFound();
  const call = apiCall(req);
  const found = await apiGet<{ shop: ShopDetailsDto }>(`/shops/${encodeURIComponent(key)}`, call).catch(nullIfMissing);
  if (!found) return notFound();
  const { shop } = found;
  const path = `/shops/${key}`;

  const tidy = tidyRedirect(req.url.searchParams);
  if (tidy !== null) return redirect(`${path}${tidy}`);
  const state = readListing(req.url.searchParams);
  const number = parsePageParam(state.page ?? null);
  if (number === null) return redirect(`${path}${listingQuery(state, {})}`);

  const apiQuery = `${productsApiQuery(state, { perPage: DEFAULT_PER_PAGE, rate: pageCurrency(req.shop.currency).rate })}&shop_id=${shop.id}`;
  try {
    const products = await apiGet<ProductPage>(`/products?${apiQuery}`, call);
    const past = pastLastPage(req.url, number, products.total, DEFAULT_PER_PAGE);
    if (past) return redirect(past);
    return page({ shop, path, state, products, page: number, perPage: DEFAULT_PER_PAGE });
  } catch (error) {
    const refusal = refusedWith(error, 422);
    return redirect(`${path}${listingQuery(withoutKeys(state, Object.keys(refusal.errors)), {})}`);
  }
}
