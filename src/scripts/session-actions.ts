import type { ShopEntryDto } from '../contracts/auth';
import { flashNextPage } from '../lib/flash';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';
import { peekStored, STORE_KEYS } from '../stores/stored';

/**
 * Shell behaviour that depends on the session: guest-only links that open the login dialog
 * instead, the shop entry action, the logout confirmation, and a session the stores kept
 * from before this page. Store code loads only when one of these needs it
 * (docs/decisions/019-islands-on-demand.md); the badges are the server's (scripts/page-stores.ts).
 */
export function setUpSessionActions({ locale, signedIn, logoutMessage }: { locale: string; signedIn: boolean; logoutMessage: string }): void {
  const stored = peekStored(STORE_KEYS.auth);
  // The server says who is signed in: a store left from an ended session must not linger.
  if (!signedIn && (stored?.token || stored?.user)) void import('./page-stores').then(({ joinStores }) => joinStores());
  if (stored?.loginModal === true) {
    // A login the previous page asked for and never finished opens the dialog here too,
    // unless this page is signed in (a sign-in happened meanwhile).
    if (signedIn) void import('../stores/auth').then(({ closeLoginModal }) => closeLoginModal());
    else wakeIsland(ISLANDS.login);
  }

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-requires-login], a[data-shop-entry]');
    if (!link) return;
    if (!signedIn) {
      // docs/product.md §2.3: /wishlist (and the shop entry) need login; a guest gets the login dialog.
      event.preventDefault();
      import('../stores/auth').then(({ openLoginModal }) => openLoginModal()).catch(() => window.location.assign(link.href));
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
    const [{ apiRequest }, { auth }] = await Promise.all([import('../lib/api-client'), import('../stores/auth')]);
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
  let message = '';
  try {
    const { signOut } = await import('../stores/session');
    message = await signOut(locale);
  } catch {
    // Without the store code the form still signs out on the server.
  }
  flashNextPage('success', message || fallbackMessage);
  // The httpOnly session cookie is the server's to drop: the dialog's form (POST /logout)
  // drops it and lands on /, so the next page is signed out whatever the API answered.
  if (form) form.submit();
  else window.location.assign('/');
}
