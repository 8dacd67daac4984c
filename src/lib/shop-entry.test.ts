import { describe, expect, it } from 'vitest';
import { becomeSellerPath, shopEntry, shopRouteOutcome } from './shop-entry';

const guest = null;
const buyer = { shop: null };
const underReview = { shop: { is_active: false, status: 'pending' as const } };
const rejected = { shop: { is_active: false, status: 'rejected' as const } };
const suspended = { shop: { is_active: false, status: 'suspended' as const } };
const seller = { shop: { is_active: true, status: 'active' as const } };
/** A user stored by an older client, without the shop's status. */
const legacyUnderReview = { shop: { is_active: false } };
const legacySeller = { shop: { is_active: true } };

describe('Become a Seller and POST /shop (product.md §2.3, §7)', () => {
  it('sends a user with a shop, whatever its state, to /shop', () => {
    for (const user of [seller, underReview, rejected, suspended]) expect(becomeSellerPath(user)).toBe('/shop');
  });

  it('sends anyone without a shop to /shop/register', () => {
    expect(becomeSellerPath(buyer)).toBe('/shop/register');
    expect(becomeSellerPath(guest)).toBe('/shop/register');
    expect(becomeSellerPath({})).toBe('/shop/register');
  });
});

describe('the dashboard sidebar entry (product.md §4.5)', () => {
  it('offers registration without a shop', () => {
    expect(shopEntry(buyer)).toEqual({ state: 'register', href: '/shop/register', label: 'Shop Registration' });
  });

  it('is a disabled "Under review" entry, with no link, for a shop not approved yet', () => {
    expect(shopEntry(underReview)).toEqual({ state: 'under-review', href: null, label: 'Under review' });
    expect(shopEntry(legacyUnderReview)).toEqual({ state: 'under-review', href: null, label: 'Under review' });
  });

  it('links a rejected shop back to the registration form, to edit it and send it again', () => {
    expect(shopEntry(rejected)).toEqual({ state: 'rejected', href: '/shop/register', label: 'Shop rejected: edit and resubmit' });
  });

  it('is a disabled "Shop suspended" entry for a suspended shop', () => {
    expect(shopEntry(suspended)).toEqual({ state: 'suspended', href: null, label: 'Shop suspended' });
  });

  it('links the dashboard for an active shop', () => {
    expect(shopEntry(seller)).toEqual({ state: 'dashboard', href: '/shop', label: 'Shop dashboard' });
    expect(shopEntry(legacySeller)).toEqual({ state: 'dashboard', href: '/shop', label: 'Shop dashboard' });
  });

  it('reads the status before is_active (the status is the truth)', () => {
    expect(shopEntry({ shop: { is_active: true, status: 'suspended' } }).state).toBe('suspended');
  });
});

describe('the seller routes', () => {
  it('/shop shows the dashboard only to an active shop, and every other shop its state', () => {
    expect(shopRouteOutcome('dashboard', seller)).toEqual({ show: 'dashboard' });
    expect(shopRouteOutcome('dashboard', underReview)).toEqual({ show: 'under-review' });
    expect(shopRouteOutcome('dashboard', rejected)).toEqual({ show: 'rejected' });
    expect(shopRouteOutcome('dashboard', suspended)).toEqual({ show: 'suspended' });
    expect(shopRouteOutcome('dashboard', buyer)).toEqual({ redirect: '/shop/register' });
  });

  it('/shop/register is for users without a shop and owners of a rejected one; others go back to /shop', () => {
    expect(shopRouteOutcome('register', buyer)).toEqual({ show: 'register' });
    expect(shopRouteOutcome('register', rejected)).toEqual({ show: 'rejected' });
    expect(shopRouteOutcome('register', underReview)).toEqual({ redirect: '/shop' });
    expect(shopRouteOutcome('register', suspended)).toEqual({ redirect: '/shop' });
    expect(shopRouteOutcome('register', seller)).toEqual({ redirect: '/shop' });
  });
});
