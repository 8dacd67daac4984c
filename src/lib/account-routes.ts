import { isSellerPage } from './seller-pages';
/**
 * The account routes (docs/product.md §2.2, §2.12, §6): one table read by the guard that
 * sends guests to / (src/middleware.ts), robots.txt, the dashboard sidebar and the
 * account menu. Adding an account page is one row here.
 */
export interface AccountRoute {
  /** The page's own path, also the prefix of its sub-pages. */
  path: string;
  /** Sub-pages under `path` (`/order-history/{id}`); a sub-path not matched is no account page. */
  subPaths?: Pick<RegExp, 'test'>;
  /** English message key of its link. */
  label: string;
  /** Listed in the dashboard sidebar (§2.12), in this order. */
  sidebar: boolean;
  /** Listed in the navbar's account menu (§2.3), in this order. */
  accountMenu: boolean;
}

/** `/shop/register` and the shop dashboard's sub-pages (lib/seller-pages.ts). */
const SHOP_SUB_PATHS = { test: (rest: string) => rest === '/register' || isSellerPage(`/shop${rest}`) };

export const ACCOUNT_ROUTES: readonly AccountRoute[] = [
  { path: '/dashboard', label: 'Dashboard', sidebar: true, accountMenu: true },
  { path: '/order-history', subPaths: /^\/[^/]+(\/invoice)?$/, label: 'Order History', sidebar: true, accountMenu: true },
  { path: '/wishlist', label: 'Wishlist', sidebar: true, accountMenu: false },
  { path: '/profile', label: 'My Profile', sidebar: true, accountMenu: true },
  { path: '/manage-address', subPaths: /^\/(new|[^/]+\/edit)$/, label: 'Manage Address', sidebar: true, accountMenu: false },
  { path: '/support-tickets', label: 'Support Ticket', sidebar: true, accountMenu: false },
  { path: '/support-ticket', subPaths: /^\/[^/]+$/, label: 'Support Ticket', sidebar: false, accountMenu: false },
  { path: '/change-password', label: 'Change Password', sidebar: true, accountMenu: true },
  // The wallet statement, reached from the dashboard's wallet; not a §2.12 link.
  { path: '/wallet', label: 'Wallet', sidebar: false, accountMenu: false },
  // The code step of a new account without JavaScript (the OTP dialog's page, §4.4).
  { path: '/verify-otp', label: 'Verify OTP', sidebar: false, accountMenu: false },
  // Seller entry needs a signed-in user too (§6); the sidebar shows it by lib/shop-entry.ts.
  // The dashboard's own pages are lib/seller-pages.ts.
  { path: '/shop', subPaths: SHOP_SUB_PATHS, label: 'Shop dashboard', sidebar: false, accountMenu: false },
];

/**
 * The sign-in pages (docs/product.md §4.4): sign-in, registration and forgot password without
 * JavaScript. The dialogs' links and forms lead here, so they work before the islands
 * load; a signed-in visitor is sent to /. Crawlable, but never indexed (noindex).
 */
export const SIGN_IN_PAGES = { login: '/login', register: '/register', forgot: '/forgot-password' } as const;

/**
 * Pages that need a signed-in user without being account pages: crawlers skip them too.
 * `/chat`, the shopper's conversations with shops (docs/decisions/020-support-and-live-updates.md),
 * renders in the account layout and its loader sends a guest to / as the guard does; it is
 * no guarded account page because product, shop and order pages post their "Message the
 * shop" forms to it, and a guest's post must come back with "Please login first!" (§8.1)
 * as the cart's does, not be sent to / by the guard. Not a §2.12 sidebar link.
 */
export const PRIVATE_STOREFRONT_PATHS = ['/checkout', '/buynow', '/cart', '/chat'] as const;

/** Whether a path is an account page a guest must not see (a trailing slash allowed). */
export function isAccountPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return ACCOUNT_ROUTES.some(
    (route) => path === route.path || (route.subPaths !== undefined && path.startsWith(`${route.path}/`) && route.subPaths.test(path.slice(route.path.length))),
  );
}

export const sidebarRoutes = () => ACCOUNT_ROUTES.filter((route) => route.sidebar);
export const accountMenuRoutes = () => ACCOUNT_ROUTES.filter((route) => route.accountMenu);
