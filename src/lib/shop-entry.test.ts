import { describe, expect, it } from 'vitest';
import { becomeSellerPath, shopEntry, shopRouteOutcome } from './shop-entry';

const guest = null;
const buyer = { shop: null };
const underReview = { shop: { is_active: false } };
const seller = { shop: { is_active: true } };

describe('Become a Seller and POST /shop (product.md §2.3, §7)', () => {
  it('sends a user with a shop, active or not, to /shop', () => {
    expect(becomeSellerPath(seller)).toBe('/shop');
    expect(becomeSellerPath(underReview)).toBe('/shop');
  });

  it('sends anyone without a shop to /shop/register', () => {
    expect(becomeSellerPath(buyer)).toBe('/shop/register');
    expect(becomeSellerPath(guest)).toBe('/shop/register');
    expect(becomeSellerPath({})).toBe('/shop/register');
  });
});

describe('the dashboard sidebar entry (product.md §4)', () => {
  it('offers registration without a shop', () => {
    expect(shopEntry(buyer)).toEqual({ state: 'register', href: '/shop/register', label: 'Shop Registration' });
  });

  it('is a disabled "Under review" entry, with no link, for a shop not active yet', () => {
    expect(shopEntry(underReview)).toEqual({ state: 'under-review', href: null, label: 'Under review' });
  });

  it('links the dashboard for an active shop', () => {
    expect(shopEntry(seller)).toEqual({ state: 'dashboard', href: '/shop', label: 'Shop dashboard' });
  });
});

describe('the seller routes', () => {
  it('/shop shows the dashboard only to an active shop and the review state to one under review', () => {
    expect(shopRouteOutcome('dashboard', seller)).toEqual({ show: 'dashboard' });
    expect(shopRouteOutcome('dashboard', underReview)).toEqual({ show: 'under-review' });
    expect(shopRouteOutcome('dashboard', buyer)).toEqual({ redirect: '/shop/register' });
  });

  it('/shop/register is for users without a shop; others go back to /shop', () => {
    expect(shopRouteOutcome('register', buyer)).toEqual({ show: 'register' });
    expect(shopRouteOutcome('register', underReview)).toEqual({ redirect: '/shop' });
    expect(shopRouteOutcome('register', seller)).toEqual({ redirect: '/shop' });
  });
});
