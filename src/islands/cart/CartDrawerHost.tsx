import { useStore } from '@nanostores/react';
import type { CurrencyDto } from '../../contracts/master';
import { pageCurrency } from '../../lib/page-currency';
import { siteSettings } from '../../stores/settings';
import { useHydrated } from '../common/use-hydrated';
import { useJoinedStores } from '../common/use-joined-stores';
import CartDrawer from './CartDrawer';
import type { CartLabels } from './labels';

interface Props {
  /** The currency the server rendered the page's prices in. */
  currency: CurrencyDto | null;
  labels: CartLabels;
}

/**
 * The cart drawer's island (docs/product.md §2 Cart drawer). It renders nothing on the
 * server and loads when the drawer is first opened (`client:wake`, stores/settings.ts
 * openBasket): browsing pages carry only the server-rendered tab (components/cart/CartTab.astro).
 */
export default function CartDrawerHost({ currency, labels }: Props) {
  const hydrated = useHydrated();
  useJoinedStores();
  const { basketCanvas, selectedCurrency } = useStore(siteSettings);
  if (!hydrated) return null;
  return <CartDrawer open={basketCanvas} display={pageCurrency(selectedCurrency || currency)} labels={labels} />;
}
