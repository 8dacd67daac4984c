import type { UserDto } from '../../contracts/auth';
import type { DashboardDto } from '../../contracts/seller-earnings';
import { shopRouteOutcome, type ShopEntry } from '../../lib/shop-entry';
import { apiGet } from '../pages/page-api';
import { apiCall } from './api';
import { sessionToken } from './forms';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';

/**
 * `/shop` (docs/product.md §4, docs/decisions/017-sellers.md): a shop that is not active
 * sees its review state; an active shop its overview, from GET /seller/dashboard.
 */
export type SellerOverviewPage =
  { show: Exclude<ShopEntry['state'], 'dashboard' | 'register'>; shop: NonNullable<UserDto['shop']> } | { show: 'dashboard'; dashboard: DashboardDto; maxDailyRevenue: number };

export async function loadSellerOverview(req: PageRequest): Promise<PageOutcome<SellerOverviewPage>> {
  const user = req.shop.user;
  // docs/product.md §4 Shop entry: no shop goes to registration, a shop not active sees its state.
  const outcome = shopRouteOutcome('dashboard', user);
  if ('redirect' in outcome) return redirect(outcome.redirect);
  if (outcome.show !== 'dashboard' && outcome.show !== 'register') return page({ show: outcome.show, shop: user!.shop! });
  const dashboard = await apiGet<DashboardDto>('/seller/dashboard', { ...apiCall(req), token: sessionToken(req) });
  return page({ show: 'dashboard', dashboard, maxDailyRevenue: Math.max(0, ...dashboard.daily_chart.map((day) => day.revenue)) });
}
