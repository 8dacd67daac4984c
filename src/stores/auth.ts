import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import type { SignedInDto, UserDto } from '../contracts/auth';
import { apiRequest } from '../lib/api-client';
import { ApiError } from '../lib/api-envelope';
import { loadCart, resetCart } from './cart';
import { locale } from './settings';

/** Auth state persisted across visits, with the spec's field names (docs/product.md §3). */
export interface AuthState {
  user: UserDto | null;
  addresses: { id: number; is_default: boolean }[];
  /** Kept as a Bearer value for API calls. */
  token: string | null;
  favoriteProducts: number;
  /** Whether the login dialog is open. */
  loginModal: boolean;
}

const INITIAL_AUTH: AuthState = { user: null, addresses: [], token: null, favoriteProducts: 0, loginModal: false };

const $auth = persistentAtom<AuthState>('auth', INITIAL_AUTH, {
  encode: JSON.stringify,
  decode(value) {
    try {
      return { ...INITIAL_AUTH, ...(JSON.parse(value) as Partial<AuthState>) };
    } catch {
      return INITIAL_AUTH;
    }
  },
});

/** Read it with `useStore(auth)`; it changes only through the actions below. */
export const auth = readonlyType($auth);

const update = (change: Partial<AuthState>) => $auth.set({ ...$auth.get(), ...change });

/** Set when this page saw the session end (a 401, a logout): the session cookie no longer counts. */
let sessionEnded = false;

/** §4 Login success: the token and the user are kept and the dialog closes. */
export function signIn(session: SignedInDto): void {
  sessionEnded = false;
  update({ token: session.access.token, user: session.user, loginModal: false });
}

/** The account was verified by a code (checkout's OTP step): the kept user says so too. */
export function markAccountVerified(): void {
  const user = $auth.get().user;
  if (user) update({ user: { ...user, account_verified: true } });
}

/** §4 Logout and §8 (401): user, addresses, token and favourites count go. */
export function clearAuth(): void {
  sessionEnded = true;
  update({ user: null, addresses: [], token: null, favoriteProducts: 0 });
}

/**
 * Whether calls that need a signed-in user can be made: with the Bearer token, or with the
 * httpOnly session cookie of a page the server rendered for a signed-in user (ADR 007; a
 * sign-in through the forms that work without JavaScript leaves no token in this store).
 */
export function hasSession(): boolean {
  if (auth.get().token) return true;
  return !sessionEnded && typeof document !== 'undefined' && document.body?.dataset.signedIn === 'true';
}

/** `GET /favorite-products`: the navbar's wishlist count (§7: only the count is used). */
export async function loadFavoriteCount(): Promise<void> {
  if (!hasSession()) return;
  try {
    const { data } = await apiRequest<{ total: number }>('/favorite-products', { locale: locale.get(), token: auth.get().token });
    update({ favoriteProducts: data.total });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signedOutHere();
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
    update({ favoriteProducts: data.total });
    return { isFavorite: data.product.is_favorite, message };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      signedOutHere();
      openLoginModal();
    }
    throw error;
  }
}

function signedOutHere(): void {
  clearAuth();
  resetCart();
}

/**
 * §4 Login success, after the token and user are stored: `POST /shop` with the token (the
 * shop entry of the user, which the server checks), then the cart and the favourites count
 * are fetched. A failure of any leaves the sign-in as it is.
 */
export async function afterSignIn(): Promise<void> {
  await Promise.allSettled([
    apiRequest('/shop', { locale: locale.get(), token: auth.get().token, method: 'POST' }),
    loadCart(),
    loadFavoriteCount(),
  ]);
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
  clearAuth();
  resetCart();
  return message;
}

/**
 * The server rendered the page for a guest: a token left in local storage from a session
 * that ended elsewhere must not linger (§4 No token: cart and auth state reset).
 */
export function forgetEndedSession(): void {
  if (!auth.get().token && !auth.get().user) return;
  clearAuth();
  resetCart();
}

export const openLoginModal = () => update({ loginModal: true });
export const closeLoginModal = () => update({ loginModal: false });
