import { shopRouteOutcome } from '../../lib/shop-entry';
import { redirect, type PageRequest, type Redirect } from './outcome';

/**
 * The shop dashboard's pages are for the owner of an active shop (docs/product.md §4.5,
 * lib/shop-entry.ts): a user without a shop goes to registration, the owner of a shop
 * that is not active to `/shop`, which shows the shop's state. Null: the page may render.
 * (Guests never get here: the account guard of src/middleware.ts sends them to /.)
 */
export function sellerPageRedirect(req: PageRequest): Redirect | null {
  const outcome = shopRouteOutcome('dashboard', req.shop.user);
  if ('redirect' in outcome) return redirect(outcome.redirect);
  return outcome.show === 'dashboard' ? null : redirect('/shop');
}
