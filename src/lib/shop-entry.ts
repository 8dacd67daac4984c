/**
 * Where a signed-in user enters the seller side: the two rules of docs/product.md §2.3
 * (Navbar, "Become a Seller"; POST /shop, §7) and §4 (Shop entry, the dashboard sidebar).
 * Every link, menu, route and API answer about shop entry asks this module.
 */

/** What these rules read of a user: the shop, when they have one (the User shape of §3). */
export interface ShopOwner {
  shop?: { is_active: boolean } | null | undefined;
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

/** The three states of the sidebar's shop entry (§4) and of the `/shop` pages. */
export type ShopEntry =
  | { state: 'register'; href: typeof SHOP_REGISTRATION_PATH; label: 'Shop Registration' }
  | { state: 'under-review'; href: null; label: 'Under review' }
  | { state: 'dashboard'; href: typeof SHOP_DASHBOARD_PATH; label: 'Shop dashboard' };

/**
 * The dashboard sidebar's entry (§4): no shop → Shop Registration; a shop not active
 * yet → a disabled "Under review" entry (no link); an active shop → Shop dashboard.
 * Labels are the English message keys, translated by the caller.
 */
export function shopEntry(user: ShopOwner | null | undefined): ShopEntry {
  if (!user?.shop) return { state: 'register', href: SHOP_REGISTRATION_PATH, label: 'Shop Registration' };
  if (!user.shop.is_active) return { state: 'under-review', href: null, label: 'Under review' };
  return { state: 'dashboard', href: SHOP_DASHBOARD_PATH, label: 'Shop dashboard' };
}

/**
 * What the seller routes show a signed-in user, by the same rules: `/shop` is the
 * dashboard only for an active shop (a shop under review sees that state, never a
 * dashboard; no shop goes to registration), and `/shop/register` sends a user who
 * already has a shop back to `/shop`.
 */
export function shopRouteOutcome(route: 'dashboard' | 'register', user: ShopOwner | null | undefined): { redirect: string } | { show: ShopEntry['state'] } {
  const entry = shopEntry(user);
  if (route === 'register') return entry.state === 'register' ? { show: 'register' } : { redirect: SHOP_DASHBOARD_PATH };
  return entry.state === 'register' ? { redirect: SHOP_REGISTRATION_PATH } : { show: entry.state };
}
