/**
 * The actions that span the auth and cart stores (docs/product.md §4 Login success, Logout,
 * No token; §8 a 401): signing in fetches the cart, signing out empties it, and a 401 on a
 * favourite call ends the session in both. They live here so that auth.ts needs nothing of
 * cart.ts (the cart store reads the session from auth.ts).
 */
import { apiRequest } from '../lib/api-client';
import { ApiError } from '../lib/api-envelope';
import { auth, hasSession, openLoginModal, setFavoriteCount } from './auth';
import { endSession, loadCart } from './cart';
import { locale } from './settings';

/** `GET /favorite-products`: the navbar's wishlist count (§7: only the count is used). */
export async function loadFavoriteCount(): Promise<void> {
  if (!hasSession()) return;
  try {
    const { data } = await apiRequest<{ total: number }>('/favorite-products', { locale: locale.get(), token: auth.get().token });
    setFavoriteCount(data.total);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) endSession();
    throw error;
  }
}

/**
 * `POST /favorite-add-or-remove`: the heart. A guest, or an ended session, is signed out
 * here and the login dialog opens (§8); the error goes on to the caller. Resolves to whether
 * the product is now a favourite and the server's message.
 */
export async function toggleFavorite(productId: number): Promise<{ isFavorite: boolean; message: string }> {
  try {
    if (!hasSession()) throw new ApiError(401, 'Unauthenticated.');
    const { data, message } = await apiRequest<{ product: { is_favorite: boolean }; total: number }>('/favorite-add-or-remove', {
      locale: locale.get(),
      token: auth.get().token,
      method: 'POST',
      body: JSON.stringify({ product_id: productId }),
    });
    setFavoriteCount(data.total);
    return { isFavorite: data.product.is_favorite, message };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      endSession();
      openLoginModal();
    }
    throw error;
  }
}

/**
 * §4 Login success, after the token and user are stored: `POST /shop` with the token (the
 * shop entry of the user, which the server checks), then the cart and the favourites count
 * are fetched. A failure of any leaves the sign-in as it is.
 */
export async function afterSignIn(): Promise<void> {
  await Promise.allSettled([apiRequest('/shop', { locale: locale.get(), token: auth.get().token, method: 'POST' }), loadCart(), loadFavoriteCount()]);
}

/**
 * §4 Logout: `GET /logout` with the token; the session is cleared on this device even
 * when the call fails (the cart, checkout, address, coupon and amounts too). Resolves
 * to the server's message, or '' when there was none.
 */
export async function signOut(locale: string): Promise<string> {
  let message = '';
  try {
    message = (await apiRequest('/logout', { locale, token: auth.get().token })).message;
  } catch {
    // The session may already be gone on the server; this device forgets it all the same.
  }
  endSession();
  return message;
}

/**
 * The server rendered the page for a guest: a token left in local storage from a session
 * that ended elsewhere must not linger (§4 No token: cart and auth state reset).
 */
export function forgetEndedSession(): void {
  if (!auth.get().token && !auth.get().user) return;
  endSession();
}
