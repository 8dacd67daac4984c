import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import type { SignedInDto, UserDto } from '../contracts/auth';
import { apiRequest } from '../lib/api-client';
import { resetCart } from './cart';

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

/** §4 Login success: the token and the user are kept and the dialog closes. */
export function signIn(session: SignedInDto): void {
  update({ token: session.access.token, user: session.user, loginModal: false });
}

/** §4 Logout and §8 (401): user, addresses, token and favourites count go. */
export function clearAuth(): void {
  update({ user: null, addresses: [], token: null, favoriteProducts: 0 });
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
