import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInDto } from '../contracts/auth';
import { auth, clearAuth, closeLoginModal, openLoginModal, signIn } from './auth';
import { cart } from './cart';
import { forgetEndedSession, signOut } from './session';

const session: SignedInDto = {
  access: { token: 'token-1', expires_at: '2027-01-01T00:00:00.000Z' },
  user: {
    id: 1,
    name: 'Ada',
    phone: null,
    phone_code: null,
    country: null,
    email: 'ada@example.com',
    profile_photo: null,
    gender: null,
    date_of_birth: null,
    phone_verified: false,
    email_verified: true,
    account_verified: true,
    is_active: true,
    wallet: { balance: 0 },
  },
};

afterEach(() => {
  clearAuth();
  vi.unstubAllGlobals();
});

describe('auth store actions (product.md §4)', () => {
  it('signIn keeps the token and the user and closes the login dialog', () => {
    openLoginModal();
    signIn(session);
    expect(auth.get()).toMatchObject({ token: 'token-1', user: { name: 'Ada' }, loginModal: false });
  });

  it('signOut sends the Bearer token and clears the session and the cart', async () => {
    signIn(session);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'Logout successfully', data: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await signOut('en')).toBe('Logout successfully');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(auth.get()).toMatchObject({ token: null, user: null, addresses: [], favoriteProducts: 0 });
    expect(cart.get().total).toBe(0);
  });

  it('signOut clears this device even when the call fails', async () => {
    signIn(session);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await signOut('en')).toBe('');
    expect(auth.get().token).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthenticated."}', { status: 401 })),
    );
    signIn(session);
    expect(await signOut('en')).toBe('');
    expect(auth.get().user).toBeNull();
  });

  it('forgets a session the server no longer knows', () => {
    signIn(session);
    forgetEndedSession();
    expect(auth.get()).toMatchObject({ token: null, user: null });
  });

  it('opens and closes the login dialog', () => {
    openLoginModal();
    expect(auth.get().loginModal).toBe(true);
    closeLoginModal();
    expect(auth.get().loginModal).toBe(false);
  });
});
