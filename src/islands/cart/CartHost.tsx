import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CurrencyDto } from '../../contracts/master';
import { formatPrice } from '../../lib/money';
import { pageCurrency } from '../../lib/page-currency';
import { hasSession } from '../../stores/auth';
import { cart, cartAmount, loadCart } from '../../stores/cart';
import { loadFavoriteCount } from '../../stores/session';
import { openBasket, siteSettings } from '../../stores/settings';
import { useHydrated } from '../shared/use-hydrated';
import type { CartLabels } from './labels';

// The drawer's code loads only when the shopper first opens it: browsing pages ship the tab alone.
const CartDrawer = lazy(() => import('./CartDrawer'));

const FAVORITES_LOADED = 'favorites-count-loaded';

interface Props {
  /** docs/product.md §2 Cart drawer: the floating tab is hidden on checkout and blog pages. */
  showTab: boolean;
  /** The currency the server rendered the page's prices in. */
  currency: CurrencyDto | null;
  labels: CartLabels;
}

/**
 * The floating cart tab (item count and total amount) and, once opened, the cart drawer.
 * Without JavaScript the tab is a link to the server-rendered cart page. On every page the
 * cart is fetched again (it may have changed in another tab or through a form), the
 * wishlist count once per tab.
 */
export default function CartHost({ showTab, currency, labels }: Props) {
  const hydrated = useHydrated();
  const state = useStore(cart);
  const { basketCanvas, selectedCurrency } = useStore(siteSettings);
  const [drawerWanted, setDrawerWanted] = useState(false);

  useEffect(() => {
    // A failure keeps the stored cart; the drawer reports errors when the shopper opens it.
    loadCart().catch(() => undefined);
    // The wishlist count once per tab (a sign-in through the no-JavaScript forms never fetched it).
    if (hasSession() && !sessionStorage.getItem(FAVORITES_LOADED)) {
      loadFavoriteCount()
        .then(() => sessionStorage.setItem(FAVORITES_LOADED, '1'))
        .catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    if (basketCanvas) setDrawerWanted(true);
  }, [basketCanvas]);

  const display = pageCurrency((hydrated && selectedCurrency) || currency);
  const count = hydrated ? state.total : 0;
  const amount = formatPrice(hydrated ? cartAmount(state.products) : 0, display);

  return (
    <div data-cart-host>
      {/* A landmark of its own: the tab floats outside the page's main content. */}
      {showTab && (
        <aside aria-label={labels.cart}>
          <a
            href="/cart"
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              openBasket();
            }}
            className="fixed bottom-24 end-0 z-30 flex flex-col sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 items-center gap-0.5 rounded-s-xl bg-primary-700 px-2 py-2.5 text-xs font-medium text-white shadow-lg hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2" aria-hidden="true">
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M17 21h.01" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="sr-only">{labels.cart}</span>
            <span data-cart-tab-count>{labels.items.replace('{{count}}', String(count))}</span>
            <span dir="ltr" data-cart-tab-amount>
              {amount}
            </span>
          </a>
        </aside>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <CartDrawer open={basketCanvas} display={display} labels={labels} />
        </Suspense>
      )}
    </div>
  );
}
