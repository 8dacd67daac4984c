import { describe, expect, it } from 'vitest';
import { accountMenuRoutes, isAccountPath, sidebarRoutes } from './account-routes';

describe('account routes (product.md §2.2)', () => {
  it('knows the account paths of the spec', () => {
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/order-history',
      '/order-history/12',
      '/order-history/12/invoice',
      '/wishlist',
      '/profile',
      '/manage-address',
      '/manage-address/new',
      '/manage-address/3/edit',
      '/change-password',
      '/support-tickets',
      '/support-ticket/TCK-1',
      '/shop',
      '/shop/register',
      '/wallet',
      '/verify-otp',
    ]) {
      expect(isAccountPath(path), path).toBe(true);
    }
  });

  it('leaves public pages and unknown sub-paths alone (they render Page Not Found)', () => {
    for (const path of [
      '/',
      '/shops',
      '/shops/1',
      '/products',
      '/support',
      '/dashboard/x',
      '/manage-address/3',
      '/shop/other',
      '/order-history/1/2',
      '/blogs',
      '/login',
      '/register',
      '/forgot-password',
    ]) {
      expect(isAccountPath(path), path).toBe(false);
    }
  });

  it('lists the sidebar links of §2.12 and the account menu of §2.3 in order', () => {
    expect(sidebarRoutes().map((route) => route.path)).toEqual([
      '/dashboard',
      '/order-history',
      '/wishlist',
      '/profile',
      '/manage-address',
      '/support-tickets',
      '/change-password',
    ]);
    expect(accountMenuRoutes().map((route) => route.path)).toEqual(['/dashboard', '/order-history', '/profile', '/change-password']);
  });
});
