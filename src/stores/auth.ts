import { persistentAtom } from '@nanostores/persistent';
import type { UserDto } from '../server/modules/auth/user-dto';

/** Auth state persisted across visits, with the spec's field names (section 3). */
export interface AuthState {
  user: UserDto | null;
  addresses: { id: number; is_default: boolean }[];
  /** Kept as a Bearer value for API calls. */
  token: string | null;
  favoriteProducts: number;
  /** Whether the login dialog is open. */
  loginModal: boolean;
}

export const INITIAL_AUTH: AuthState = { user: null, addresses: [], token: null, favoriteProducts: 0, loginModal: false };

export const auth = persistentAtom<AuthState>('auth', INITIAL_AUTH, {
  encode: JSON.stringify,
  decode(value) {
    try {
      return { ...INITIAL_AUTH, ...(JSON.parse(value) as Partial<AuthState>) };
    } catch {
      return INITIAL_AUTH;
    }
  },
});

/** Spec, section 4 (Logout) and 8 (401): user, addresses, token and favourites count go, even if the call failed. */
export function clearAuth(): void {
  auth.set({ ...auth.get(), user: null, addresses: [], token: null, favoriteProducts: 0 });
}

export function openLoginModal(): void {
  auth.set({ ...auth.get(), loginModal: true });
}

export function closeLoginModal(): void {
  auth.set({ ...auth.get(), loginModal: false });
}
