import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import type { SignedInDto, UserDto } from '../contracts/auth';
import { ISLANDS, wakeIsland } from '../islands/wake/wake';
import { STORE_KEYS } from './stored';

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

const $auth = persistentAtom<AuthState>(STORE_KEYS.auth, INITIAL_AUTH, {
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

/** The wishlist count the favourite calls answered with (session.ts). */
export const setFavoriteCount = (total: number) => update({ favoriteProducts: total });

/** The login dialog opens: its island loads now if it has not yet (`client:wake`). */
export function openLoginModal(): void {
  update({ loginModal: true });
  wakeIsland(ISLANDS.login);
}
export const closeLoginModal = () => update({ loginModal: false });
