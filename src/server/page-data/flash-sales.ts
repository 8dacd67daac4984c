import { apiGet } from '../pages/page-api';
import { DEFAULT_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { apiCall, nullIfMissing } from './api';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import type { FlashSaleDto, FlashSaleProductDto } from '../../contracts/flash-sale';

export interface FlashSalePageData {
  sale: FlashSaleDto & { products: FlashSaleProductDto[] };
  /** How many products the sale has (all pages). */
  total: number;
  page: number;
  perPage: number;
}

/** /flash-sale/{id}: a sale and a page of its products; an unknown sale is not found, a bad page number goes to the first page, one past the end to the last. */
export async function loadFlashSalePage(req: PageRequest): Promise<PageOutcome<FlashSalePageData>> {
  const id = req.params.id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id)) return notFound();
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const query = new URLSearchParams({ page: String(number), per_page: String(DEFAULT_PER_PAGE) });
  const found = await apiGet<{ total: number; flash_sale: FlashSalePageData['sale'] }>(`/flash-sale/${id}/details?${query}`, apiCall(req)).catch(nullIfMissing);
  if (!found) return notFound();
  const past = pastLastPage(req.url, number, found.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ sale: found.flash_sale, total: found.total, page: number, perPage: DEFAULT_PER_PAGE });
}
