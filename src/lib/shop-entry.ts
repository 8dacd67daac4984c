/**
 * Where a signed-in user enters the seller side: the two rules of docs/product.md §2.3
 * (Navbar, "Become a Seller"; POST /shop, §7) and §4 (Shop entry, the dashboard sidebar).
 * Every link, menu, route and API answer about shop entry asks this module.
 */
import type { ShopStatus } from '../contracts/seller';

/**
 * What these rules read of a user: the shop, when they have one (the User shape of §3).
 * `status` is the shop's review state (contracts/seller.ts); without it (an older client's
 * stored user) `is_active` decides between active and under review.
 */
export interface ShopOwner {
  shop?: { is_active: boolean; status?: ShopStatus | undefined } | null | undefined;
}

export const SHOP_DASHBOARD_PATH = '/shop';
export const SHOP_REGISTRATION_PATH = '/shop/register';

/**
 * Become a Seller and `POST /shop` (§2.3, §7): a user with a shop goes to the shop
 * dashboard path, anyone else (a guest included) to registration.
 */
export function becomeSellerPath(user: ShopOwner | null | undefined): string {
  return user?.shop ? SHOP_DASHBOARD_PATH : SHOP_REGISTRATION_PATH;
}

/**
 * The states of the sidebar's shop entry (§4.5) and of the `/shop` pages: no shop, under
 * review (pending), rejected (its owner edits and sends it again), suspended, active.
 */
export type ShopEntry =
  | { state: 'register'; href: typeof SHOP_REGISTRATION_PATH; label: 'Shop Registration' }
  | { state: 'under-review'; href: null; label: 'Under review' }
  | { state: 'rejected'; href: typeof SHOP_REGISTRATION_PATH; label: 'Shop rejected: edit and resubmit' }
  | { state: 'suspended'; href: null; label: 'Shop suspended' }
  | { state: 'dashboard'; href: typeof SHOP_DASHBOARD_PATH; label: 'Shop dashboard' };

/** The shop's review state, from `status`, else from `is_active` (module comment of ShopOwner). */
function statusOf(shop: NonNullable<ShopOwner['shop']>): ShopStatus {
  return shop.status ?? (shop.is_active ? 'active' : 'pending');
}

/**
 * The dashboard sidebar's entry (§4.5): no shop → Shop Registration; a shop under review
 * → a disabled "Under review" entry (no link); a rejected shop → a link back to the
 * registration form, to fix it and send it again; a suspended shop → a disabled "Shop
 * suspended"; an active shop → Shop dashboard. Labels are the English message keys,
 * translated by the caller.
 */
export function shopEntry(user: ShopOwner | null | undefined): ShopEntry {
  if (!user?.shop) return { state: 'register', href: SHOP_REGISTRATION_PATH, label: 'Shop Registration' };
  switch (statusOf(user.shop)) {
    case 'active':
      return { state: 'dashboard', href: SHOP_DASHBOARD_PATH, label: 'Shop dashboard' };
    case 'rejected':
      return { state: 'rejected', href: SHOP_REGISTRATION_PATH, label: 'Shop rejected: edit and resubmit' };
    case 'suspended':
      return { state: 'suspended', href: null, label: 'Shop suspended' };
    default:
      return { state: 'under-review', href: null, label: 'Under review' };
  }
}

/**
 * What the seller routes show a signed-in user, by the same rules: `/shop` is the
 * dashboard only for an active shop (a shop under review, rejected or suspended sees its
 * state, never a dashboard; no shop goes to registration), and `/shop/register` is for a
 * user without a shop or with a rejected one (the form prefilled, to send again); anyone
 * else goes back to `/shop`.
 */
export function shopRouteOutcome(route: 'dashboard' | 'register', user: ShopOwner | null | undefined): { redirect: string } | { show: ShopEntry['state'] } {
  const entry = shopEntry(user);
  if (route === 'register') return entry.state === 'register' || entry.state === 'rejected' ? { show: entry.state } : { redirect: SHOP_DASHBOARD_PATH };
  return entry.state === 'register' ? { redirect: SHOP_REGISTRATION_PATH } : { show: entry.state };
}
