/**
 * The floating cart tab and the navbar basket (components/cart/CartTab.astro), whose figures
 * the server rendered. A click opens the cart drawer: its code and the stores load then
 * (scripts/page-stores.ts). A change another tab makes to the cart or the session loads the
 * stores too, so the figures follow it.
 */
import { STORE_KEYS } from '../stores/stored';

const stores = () => import('./page-stores');

if (document.querySelector('[data-cart-host]')) {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-open-cart]');
    if (!link) return;
    event.preventDefault();
    stores()
      .then(({ openCartDrawer }) => openCartDrawer())
      // Without its code the link goes where it goes without JavaScript: the cart page.
      .catch(() => window.location.assign(link.href));
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== STORE_KEYS.cart && event.key !== STORE_KEYS.auth) return;
    stores()
      .then(({ followStores }) => followStores({ showNow: true }))
      .catch(() => undefined);
  });
}
