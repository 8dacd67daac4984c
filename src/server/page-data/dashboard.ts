import { apiGet } from '../pages/page-api';
import { DEFAULT_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { apiCall } from './api';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';
import type { WalletPage } from '../../contracts/wallet';
import type { DashboardDto } from '../../contracts/dashboard';

/**
 * The dashboard and the wallet statement (docs/product.md §2.2, §2.12). The account pages render only for a
 * signed-in user (src/middleware.ts), whose session cookie travels with these reads.
 */

/** /dashboard: the overview of GET /dashboard. */
export function loadDashboardPage(req: PageRequest): Promise<DashboardDto> {
  return apiGet<DashboardDto>('/dashboard', apiCall(req));
}

export interface WalletPageData extends WalletPage {
  page: number;
  perPage: number;
}

/**
 * /wallet: the balance and a page of transactions. A page number that is no number goes
 * to the first page, one past the end to the last.
 */
export async function loadWalletPage(req: PageRequest): Promise<PageOutcome<WalletPageData>> {
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const wallet = await apiGet<WalletPage>(`/wallet?page=${number}&per_page=${DEFAULT_PER_PAGE}`, apiCall(req));
  const past = pastLastPage(req.url, number, wallet.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  return page({ ...wallet, page: number, perPage: DEFAULT_PER_PAGE });
}
