import type { SellerNotificationList } from '../../contracts/seller-notification';
import { pageNumber } from '../../lib/pagination';
import { shopRouteOutcome } from '../../lib/shop-entry';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, apiRefusal, refusalMessage } from './api';
import { postedForm, sessionToken } from './forms';
import { page, redirect, type PageOutcome, type PageRequest } from './outcome';

/**
 * The shop's notifications page (`/shop/notifications`, docs/decisions/017-sellers.md) and
 * the unread count beside its link in the dashboard's navigation.
 *
 * Unlike the other dashboard pages (seller-access.ts), the owner of a shop that is not
 * active may open it too: a rejected or suspended shop's owner reads why here, as the
 * API allows (modules/seller/notification-routes.ts). A user without a shop goes to
 * registration. Each action is a small form posting here (`_action` = read, read-all,
 * delete), answered with a redirect (303) back to the page with a flash message.
 */

const PAGE_PATH = '/shop/notifications';
export const NOTIFICATIONS_PER_PAGE = 20;

const asOwner = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

export interface SellerNotificationsPage {
  list: SellerNotificationList;
  page: number;
  perPage: number;
}

export async function loadSellerNotificationsPage(req: PageRequest): Promise<PageOutcome<SellerNotificationsPage>> {
  const entry = shopRouteOutcome('dashboard', req.shop.user);
  if ('redirect' in entry) return redirect(entry.redirect);
  const back = req.url.search ? `${PAGE_PATH}${req.url.search}` : PAGE_PATH;
  if (req.request.method === 'POST') {
    const form = await postedForm(req.request);
    const action = String(form.get('_action') ?? '');
    const id = String(form.get('id') ?? '');
    const path =
      action === 'read-all'
        ? '/seller/notifications/read-all'
        : /^\d{1,9}$/.test(id) && (action === 'read' || action === 'delete')
          ? `/seller/notifications/${id}${action === 'delete' ? '/delete' : ''}`
          : null;
    if (!path) return redirect(back);
    try {
      const { message } = await apiPost(path, asOwner(req));
      return message ? redirect(back, { type: 'success', message }) : redirect(back);
    } catch (error) {
      return redirect(back, { type: 'error', message: refusalMessage(error, 404, 422) });
    }
  }
  const current = pageNumber(req.url.searchParams.get('page'));
  const query = new URLSearchParams({ page: String(current), per_page: String(NOTIFICATIONS_PER_PAGE) });
  const list = await apiGet<SellerNotificationList>(`/seller/notifications?${query}`, asOwner(req));
  return page({ list, page: current, perPage: NOTIFICATIONS_PER_PAGE });
}

/**
 * The shop's unread notifications, for the dashboard's navigation (layouts/ShopLayout.astro):
 * one small call (a page of one). Null when it cannot be read (no shop, a refusal), so the
 * link simply shows no count.
 */
export async function loadUnreadNotifications(req: PageRequest): Promise<number | null> {
  if (!req.shop.user?.shop) return null;
  try {
    return (await apiGet<SellerNotificationList>('/seller/notifications?per_page=1', asOwner(req))).unread;
  } catch (error) {
    if (apiRefusal(error)) return null;
    throw error;
  }
}
