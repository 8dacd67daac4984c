/**
 * The shop dashboard's pages (`/shop/*`, docs/decisions/017-sellers.md): one table read by
 * the dashboard's navigation (layouts/ShopLayout.astro) and the account guard
 * (lib/account-routes.ts). Only the owner of an active shop sees them
 * (page-data/seller-access.ts); `/shop` itself shows a shop under review its state.
 */
export interface SellerPage {
  path: string;
  /** English message key of its link. */
  label: string;
  /** Sub-pages under `path` (`/shop/orders/{id}`, `/shop/tickets/{number}`). */
  subPaths?: RegExp;
}

export const SELLER_PAGES: readonly SellerPage[] = [
  { path: '/shop', label: 'Overview' },
  { path: '/shop/orders', label: 'Orders', subPaths: /^\/\d{1,9}$/ },
  { path: '/shop/products', label: 'Products', subPaths: /^\/(new|\d{1,9}\/edit)$/ },
  { path: '/shop/vouchers', label: 'Vouchers', subPaths: /^\/(new|\d{1,9}\/edit)$/ },
  { path: '/shop/earnings', label: 'Earnings', subPaths: /^\/statement\.csv$/ },
  // docs/decisions/020-support-and-live-updates.md: the tickets about the shop's orders, and its conversations with shoppers.
  { path: '/shop/tickets', label: 'Support tickets', subPaths: /^\/[0-9A-Za-z]{1,40}$/ },
  { path: '/shop/messages', label: 'Messages', subPaths: /^\/\d{1,9}$/ },
  { path: '/shop/notifications', label: 'Notifications' },
  { path: '/shop/profile', label: 'Shop profile' },
];

/** Whether `pathname` is one of the dashboard's pages or sub-pages (registration is not: it is for users without a shop). */
export function isSellerPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return SELLER_PAGES.some((page) => path === page.path || (page.subPaths !== undefined && path.startsWith(`${page.path}/`) && page.subPaths.test(path.slice(page.path.length))));
}

/** The dashboard link that is current for `pathname`: the longest page path it is under. */
export function currentSellerPage(pathname: string): string | null {
  const matches = SELLER_PAGES.filter((page) => pathname === page.path || pathname.startsWith(`${page.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? null;
}
