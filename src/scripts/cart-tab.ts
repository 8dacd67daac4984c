/**
 * The floating cart tab's figures and the cart drawer's opening (components/cart/CartTab.astro).
 * On every page the cart is fetched again (it may have changed in another tab or through a
 * form), the wishlist count once per tab.
 */
import type { CurrencyDto } from '../contracts/master';
import { fill } from '../islands/cart/labels';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';
import { formatPrice } from '../lib/money';
import { pageCurrency } from '../lib/page-currency';
import { hasSession } from '../stores/auth';
import { cart, cartAmount, loadCart } from '../stores/cart';
import { loadFavoriteCount } from '../stores/session';
import { siteSettings } from '../stores/settings';

const FAVORITES_LOADED = 'favorites-count-loaded';

const host = document.querySelector<HTMLElement>('[data-cart-host]');
if (host) {
  const rendered = JSON.parse(host.dataset.currency ?? 'null') as CurrencyDto | null;
  const itemsLabel = host.dataset.itemsLabel ?? '{{count}}';
  const count = host.querySelector('[data-cart-tab-count]');
  const amount = host.querySelector('[data-cart-tab-amount]');
  const show = () => {
    const state = cart.get();
    if (count) count.textContent = fill(itemsLabel, { count: state.total });
    if (amount) amount.textContent = formatPrice(cartAmount(state.products), pageCurrency(siteSettings.get().selectedCurrency || rendered));
  };
  cart.subscribe(show);
  siteSettings.subscribe((settings) => {
    show();
    // The drawer opens (the tab, View In Cart, the navbar basket): its code loads now.
    if (settings.basketCanvas) wakeIsland(ISLANDS.cart);
  });

  // A failure keeps the stored cart; the drawer reports errors when the shopper opens it.
  loadCart().catch(() => undefined);
  // The wishlist count once per tab (a sign-in through the no-JavaScript forms never fetched it).
  if (hasSession() && !sessionStorage.getItem(FAVORITES_LOADED)) {
    loadFavoriteCount()
      .then(() => sessionStorage.setItem(FAVORITES_LOADED, '1'))
      .catch(() => undefined);
  }
}
