import type { ShopEntryDto } from '../contracts/auth';
import { apiRequest } from '../lib/api-client';
import { flashNextPage } from '../lib/flash';
import { auth, closeLoginModal, openLoginModal } from '../stores/auth';
import { cart } from '../stores/cart';
import { forgetEndedSession, signOut } from '../stores/session';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';

/**
 * Shell behaviour that depends on the session, read from the shared stores:
 * the wishlist and basket counts, guest-only links that open the login dialog instead,
 * the shop entry action, and the logout confirmation.
 */
export function setUpSessionActions({ locale, signedIn, logoutMessage }: { locale: string; signedIn: boolean; logoutMessage: string }): void {
  const setCount = (name: string, value: number) => {
    for (const badge of document.querySelectorAll<HTMLElement>(`[data-count="${name}"]`)) {
      badge.textContent = String(value);
      badge.hidden = value === 0 && badge.classList.contains('absolute');
    }
  };
  cart.subscribe((state) => setCount('cart', state.total));
  auth.subscribe((state) => setCount('wishlist', state.favoriteProducts));

  // The server says who is signed in; a store left from an ended session must not linger,
  // nor a login request from before this sign-in (it would open the dialog on this page).
  if (!signedIn) forgetEndedSession();
  else if (auth.get().loginModal) closeLoginModal();
  // A login the previous page asked for and never finished opens the dialog here too.
  if (auth.get().loginModal) wakeIsland(ISLANDS.login);

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-requires-login], a[data-shop-entry]');
    if (!link) return;
    if (!signedIn) {
      // docs/product.md §2.3: /wishlist (and the shop entry) need login; a guest gets the login dialog.
      event.preventDefault();
      openLoginModal();
      return;
    }
    if (link.hasAttribute('data-shop-entry')) {
      event.preventDefault();
      void enterShop(locale, link.href);
    }
  });

  // The button submits the dialog's form to /logout without JavaScript; here the API call does it.
  document.querySelector('[data-logout-confirm]')?.addEventListener('click', (event) => {
    event.preventDefault();
    const form = (event.currentTarget as HTMLButtonElement).form;
    void logout(locale, logoutMessage, form);
  });
}

/** docs/product.md §4.5 (Shop entry): POST /shop, then the shop dashboard or registration. */
async function enterShop(locale: string, fallback: string): Promise<void> {
  try {
    const { data } = await apiRequest<ShopEntryDto>('/shop', { locale, method: 'POST', token: auth.get().token });
    window.location.assign(data.redirect);
  } catch {
    window.location.assign(fallback);
  }
}

/**
 * docs/product.md §4.4 (Logout): the user, addresses, token and favourites go even if the
 * call fails; the cart, checkout, address, coupon and amounts too; then "Logout successfully".
 */
async function logout(locale: string, fallbackMessage: string, form: HTMLFormElement | null): Promise<void> {
  const message = await signOut(locale);
  flashNextPage('success', message || fallbackMessage);
  // The httpOnly session cookie is the server's to drop: the dialog's form (POST /logout)
  // drops it and lands on /, so the next page is signed out whatever the API answered.
  if (form) form.submit();
  else window.location.assign('/');
}
