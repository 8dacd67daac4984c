/**
 * The shared stores join a page on its first use of them (docs/decisions/019-islands-on-demand.md):
 * a cart form's submit, the cart tab or navbar basket, a guest-only link, the login dialog,
 * the checkout. Until then the server-rendered figures stand (the navbar badges and the cart
 * tab, components/nav and components/cart) and no store code loads. Joining:
 * - local storage follows the page's language, and the site settings follow /master (§3.1);
 * - a guest's page forgets a session that ended elsewhere (§4 No token), a signed-in page
 *   refreshes the stored cart from the server (§4.4);
 * - the badges and the cart tab follow the stores from then on, this tab's changes and other
 *   tabs' alike.
 */
import type { CurrencyDto, MasterDto } from '../contracts/master';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';
import { apiRequest } from '../lib/api-client';
import { formatPrice } from '../lib/money';
import { countLabel, type Plural } from '../lib/plural';
import { pageCurrency } from '../lib/page-currency';
import { cartAmount } from '../lib/price';
import { auth } from '../stores/auth';
import { cart, loadCart, type CartState } from '../stores/cart';
import { forgetEndedSession } from '../stores/session';
import { adoptRenderedLocale, applyMaster, locale as localeStore, openBasket, siteSettings } from '../stores/settings';

const page = () => ({ locale: document.body.dataset.locale ?? document.documentElement.lang, signedIn: document.body.dataset.signedIn === 'true' });

let joined: Promise<void> | null = null;
let settingsSynced: Promise<void> | null = null;
let following = false;
/** Whether the figures show the stored cart yet (a change, or another tab's write): until then the server's stand. */
let cartShown = false;

/** The stores join the page, once; resolves when the stored cart is the server's again. */
export function joinStores(): Promise<void> {
  joined ??= join();
  return joined;
}

async function join(): Promise<void> {
  followStores();
  void syncSettings();
  if (!page().signedIn) {
    forgetEndedSession();
    return;
  }
  // A failure keeps the stored cart; the drawer reports errors when the shopper opens it.
  await loadCart().catch(() => undefined);
}

/** Local storage follows the page's language and /master (docs/product.md §3.1, §4.1), once per page. */
export function syncSettings(): Promise<void> {
  settingsSynced ??= (async () => {
    const { locale } = page();
    adoptRenderedLocale(locale);
    try {
      const { data } = await apiRequest<MasterDto>('/master', { locale });
      if (applyMaster(data) && localeStore.get() !== locale) window.location.reload();
    } catch (error) {
      // docs/product.md §8.4: a failed /master is not shown; the server-rendered page stands.
      console.warn('Could not load site settings', error);
    }
  })();
  return settingsSynced;
}

/**
 * The cart drawer opens (the tab, the navbar basket, View In Cart): its code loads while the
 * stored cart is refreshed, and it opens on the server's cart (§4.4 Cart drawer).
 */
export async function openCartDrawer(): Promise<void> {
  const ready = joinStores();
  wakeIsland(ISLANDS.cart);
  await ready;
  openBasket();
}

/**
 * The badges and the cart tab show what the stores hold from now on. `showNow` when the
 * stores were just written by another tab (a storage event): their values are the news.
 * Otherwise the server's figures stand until a store changes, as a store loaded from local
 * storage may be older than the page.
 */
export function followStores({ showNow = false } = {}): void {
  if (!following) {
    following = true;
    let favorites = auth.get().favoriteProducts;
    cart.listen(showCart);
    siteSettings.listen((settings) => {
      // A currency chosen meanwhile reformats the amount; the stored cart is shown only once it is news.
      if (cartShown) showCart(cart.get());
      if (settings.basketCanvas) wakeIsland(ISLANDS.cart);
    });
    auth.listen((state) => {
      // Only a change of the count is news: the stored count may predate the page.
      if (state.favoriteProducts === favorites) return;
      favorites = state.favoriteProducts;
      setCount('wishlist', favorites);
    });
  }
  if (showNow) {
    showCart(cart.get());
    setCount('wishlist', auth.get().favoriteProducts);
  }
}

/** A count's words in the page language (`data-plural`, lib/plural.ts), as the server wrote them. */
const pluralOf = (element: HTMLElement) => JSON.parse(element.dataset.plural ?? 'null') as Plural | null;

function setCount(name: 'cart' | 'wishlist', value: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>(`[data-count="${name}"]`)) {
    badge.textContent = String(value);
    badge.hidden = value === 0 && badge.classList.contains('absolute');
  }
  for (const label of document.querySelectorAll<HTMLElement>(`[data-count-label="${name}"]`)) {
    const plural = pluralOf(label);
    if (plural) label.textContent = countLabel(plural, value);
  }
}

/** The navbar basket's count and the floating tab's count and amount (components/cart/CartTab.astro). */
function showCart(state: CartState): void {
  cartShown = true;
  setCount('cart', state.total);
  const host = document.querySelector<HTMLElement>('[data-cart-host]');
  if (!host) return;
  const rendered = JSON.parse(host.dataset.currency ?? 'null') as CurrencyDto | null;
  const count = host.querySelector('[data-cart-tab-count]');
  const amount = host.querySelector('[data-cart-tab-amount]');
  const items = JSON.parse(host.dataset.itemsLabel ?? 'null') as Plural | null;
  if (count && items) count.textContent = countLabel(items, state.total);
  if (amount) amount.textContent = formatPrice(cartAmount(state.products), pageCurrency(siteSettings.get().selectedCurrency || rendered));
}
