import { SELLER_ORDER_TABS, SELLER_ORDERS_PER_PAGE, type SellerOrder, type SellerOrderList, type SellerOrderTab, type SellerOrderTabCount } from '../../contracts/seller-order';
import { pageNumber } from '../../lib/pagination';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, nullIfMissing, refusalMessage } from './api';
import { field, postedForm, sessionToken } from './forms';
import { addressOf, type OrderAddress } from './orders';
import { notFound, page, redirect, type PageOutcome, type PageRequest } from './outcome';
import { sellerPageRedirect } from './seller-access';

/**
 * The shop dashboard's order pages (docs/decisions/017-sellers.md "Orders"): the list at
 * `/shop/orders` (status tabs with counts, search by code or shopper, pages) and one order
 * at `/shop/orders/{id}` with its status form, from the seller API as the signed-in owner.
 * The status form posts to its own page and works without JavaScript: the change taken or
 * refused comes back as a flash message on the order (303, so a reload does not post again).
 */

const asOwner = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

/** A status tab of the list: its count under the search, and its link keeping the search. */
export interface SellerOrdersTabLink extends SellerOrderTabCount {
  href: string;
}

export interface SellerOrdersPage {
  list: SellerOrderList;
  tabs: SellerOrdersTabLink[];
  page: number;
  perPage: number;
  search: string;
  tab: SellerOrderTab;
}

function tabHref(status: SellerOrderTab, search: string): string {
  const query = new URLSearchParams();
  if (status !== 'all') query.set('status', status);
  if (search) query.set('search', search);
  return query.size ? `/shop/orders?${query}` : '/shop/orders';
}

const TAB_VALUES: readonly string[] = SELLER_ORDER_TABS.map((tab) => tab.status);

export async function loadSellerOrdersPage(req: PageRequest): Promise<PageOutcome<SellerOrdersPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const params = req.url.searchParams;
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const given = params.get('status') ?? 'all';
  const tab = (TAB_VALUES.includes(given) ? given : 'all') as SellerOrderTab;
  const current = pageNumber(params.get('page'));
  const query = new URLSearchParams({ page: String(current), per_page: String(SELLER_ORDERS_PER_PAGE) });
  if (search) query.set('search', search);
  if (tab !== 'all') query.set('order_status', tab);
  const list = await apiGet<SellerOrderList>(`/seller/orders?${query}`, asOwner(req));
  const tabs = list.status_orders.map((count) => ({ ...count, href: tabHref(count.status, search) }));
  return page({ list, tabs, page: current, perPage: SELLER_ORDERS_PER_PAGE, search, tab });
}

export interface SellerOrderPage {
  order: SellerOrder;
  address: OrderAddress | null;
}

/** The order page; a POST is its status form (`order_status`, `note`), answered with a redirect back to it. */
export async function loadSellerOrderPage(req: PageRequest): Promise<PageOutcome<SellerOrderPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const id = req.params.id ?? '';
  if (!/^\d{1,9}$/.test(id)) return notFound();
  const here = `/shop/orders/${id}`;
  if (req.request.method === 'POST') {
    const form = await postedForm(req.request);
    const body = { order_id: Number(id), order_status: field(form, 'order_status'), ...(field(form, 'note') ? { note: field(form, 'note') } : {}) };
    try {
      const { message } = await apiPost(`/seller/orders/status-update`, { ...asOwner(req), body });
      return redirect(here, { type: 'success', message });
    } catch (error) {
      return redirect(here, { type: 'error', message: refusalMessage(error, 404, 409, 422) });
    }
  }
  const order = await apiGet<{ order: SellerOrder }>(`/seller/orders/${id}`, asOwner(req)).then((answer) => answer.order, nullIfMissing);
  if (!order) return notFound();
  return page({ order, address: addressOf(order.user.address) });
}
