/** Rules of the storefront shell, each in one place (docs/product.md §2.3 Navbar, §2.9 Footer); shop entry is lib/shop-entry.ts. */

/** The download-app dropdown: only when the setting is on and a store link exists. */
export function showsDownloadApp(master: { show_download_app: boolean; google_playstore_link: string; app_store_link: string }): boolean {
  return master.show_download_app && Boolean(master.google_playstore_link || master.app_store_link);
}

/** Menu entries: external ones are plain links with their target; internal ones stay in the app. */
export function menuLinkAttributes(menu: { url: string; target: string; is_external: boolean }) {
  if (!menu.is_external) return { href: menu.url };
  const target = menu.target || '_self';
  return { href: menu.url, target, rel: target === '_blank' ? 'noopener noreferrer' : undefined };
}

/** The footer's bottom line (docs/product.md §2.9): ©, the current year, the footer text. */
export function copyrightLine(year: number, footerText: string): string {
  return `© ${year} ${footerText.trim()}`;
}

/** The navbar's icon buttons (menu, search, wishlist, cart). */
export const NAVBAR_ICON_BUTTON = 'relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-primary-700';

/** A row of the small screens' menu. */
export const MENU_ROW = 'flex items-center gap-3 px-4 py-3 text-sm font-medium text-slate-800 hover:bg-primary-50';
