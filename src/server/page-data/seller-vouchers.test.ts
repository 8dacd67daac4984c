import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadEditVoucherPage, loadNewVoucherPage, loadSellerVouchersPage } from './seller-vouchers';
import { loadSellerNotificationsPage, loadUnreadNotifications } from './seller-notifications';
import { page, redirect, type PageRequest } from './outcome';
import type { SellerVoucherDto } from '../../contracts/seller-voucher';

/**
 * The voucher and notification pages' loaders (docs/decisions/017-sellers.md) with the API
 * replaced: who may open them, which calls each form makes, where a post leads and what a
 * refusal becomes.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);
const t = (key: string) => key;

type Shop = { is_active: boolean; status: string } | null;
function request(
  address: string,
  { shop = { is_active: true, status: 'active' } as Shop, params = {} as Record<string, string>, form = undefined as Record<string, string> | undefined } = {},
): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const headers = { cookie: 'session=abc-def_1' };
  const init: RequestInit = form ? { method: 'POST', body: new URLSearchParams(form), headers } : { headers };
  const user = { id: 7, name: 'Sam Seller', shop: shop && { id: 3, name: 'TechNest', logo: null, status_reason: null, ...shop } };
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null, t, user } as unknown as App.Locals['shop'] };
}

const voucher = (overrides: Partial<SellerVoucherDto> = {}): SellerVoucherDto => ({
  id: 5,
  code: 'SAVE10',
  discount_type: 'Percentage',
  discount: 10,
  min_order_amount: 20,
  max_discount_amount: 3,
  limit_for_user: 1,
  total_limit: 50,
  total_used: 0,
  started_at: '01 May, 2026',
  started_at_iso: '2026-05-01T09:30:00.000Z',
  expired_at: '01 Jun, 2026',
  expired_at_iso: '2026-06-01T00:00:00.000Z',
  is_active: true,
  state: 'active',
  ...overrides,
});

const FORM = {
  code: 'new10',
  discount_type: 'Amount',
  discount: '5',
  min_order_amount: '',
  max_discount_amount: '',
  limit_for_user: '1',
  total_limit: '',
  started_at: '2026-05-01T09:30',
  expired_at: '2026-06-01T00:00',
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('who may open the pages', () => {
  it('sends a user without a shop to registration, and the owner of a shop not active to /shop, except from the notifications', async () => {
    expect(await loadSellerVouchersPage(request('/shop/vouchers', { shop: null }))).toEqual(redirect('/shop/register'));
    expect(await loadNewVoucherPage(request('/shop/vouchers/new', { shop: { is_active: false, status: 'rejected' } }))).toEqual(redirect('/shop'));
    expect(await loadSellerNotificationsPage(request('/shop/notifications', { shop: null }))).toEqual(redirect('/shop/register'));
    get.mockResolvedValueOnce({ total: 1, unread: 1, notification: [] });
    const rejected = await loadSellerNotificationsPage(request('/shop/notifications', { shop: { is_active: false, status: 'rejected' } }));
    expect(rejected.kind).toBe('page');
    expect(get).toHaveBeenCalledWith('/seller/notifications?page=1&per_page=20', expect.objectContaining({ token: 'abc-def_1' }));
  });
});

describe('the voucher list', () => {
  it('reads the tab and page, ignoring an unknown tab', async () => {
    get.mockResolvedValue({ total: 0, vouchers: [] });
    await loadSellerVouchersPage(request('/shop/vouchers?status=scheduled&page=2'));
    expect(get).toHaveBeenLastCalledWith('/seller/vouchers?page=2&per_page=20&status=scheduled', expect.anything());
    expect(await loadSellerVouchersPage(request('/shop/vouchers?status=bogus'))).toEqual(page({ list: { total: 0, vouchers: [] }, page: 1, perPage: 20, status: '' }));
  });

  it('ends a voucher and comes back to the tab with the message; a bad id calls nothing', async () => {
    post.mockResolvedValueOnce({ message: 'Voucher ended', data: {} });
    expect(await loadSellerVouchersPage(request('/shop/vouchers?status=active', { form: { end: '5' } }))).toEqual(
      redirect('/shop/vouchers?status=active', { type: 'success', message: 'Voucher ended' }),
    );
    expect(post).toHaveBeenCalledWith('/seller/vouchers/5/end', expect.objectContaining({ token: 'abc-def_1' }));
    post.mockRejectedValueOnce(new ApiError(404, 'Voucher not found.'));
    expect(await loadSellerVouchersPage(request('/shop/vouchers', { form: { end: '6' } }))).toEqual(redirect('/shop/vouchers', { type: 'error', message: 'Voucher not found.' }));
    expect(await loadSellerVouchersPage(request('/shop/vouchers', { form: { end: '../1' } }))).toEqual(redirect('/shop/vouchers'));
    expect(post).toHaveBeenCalledTimes(2);
  });
});

describe('the voucher form', () => {
  it('posts a new voucher with the box as a yes/no, and redirects to the list with the message', async () => {
    post.mockResolvedValueOnce({ message: 'Voucher created successfully', data: {} });
    const outcome = await loadNewVoucherPage(request('/shop/vouchers/new', { form: { ...FORM, is_active: '1' } }));
    expect(outcome).toEqual(redirect('/shop/vouchers', { type: 'success', message: 'Voucher created successfully' }));
    expect(post).toHaveBeenCalledWith('/seller/vouchers', expect.objectContaining({ body: { ...FORM, is_active: true } }));
  });

  it('shows a refusal with the API’s field errors and the values typed', async () => {
    post.mockRejectedValueOnce(new ApiError(422, 'This code is already taken.', { code: ['This code is already taken.'] }));
    const outcome = await loadNewVoucherPage(request('/shop/vouchers/new', { form: FORM }));
    expect(outcome).toEqual(page({ voucher: null, values: FORM, isActive: false, errors: { code: ['This code is already taken.'] }, status: 422 }));
  });

  it('edits the voucher of the path; a used one posts only what may still change', async () => {
    get.mockResolvedValueOnce({ voucher: voucher() });
    const shown = await loadEditVoucherPage(request('/shop/vouchers/5/edit', { params: { id: '5' } }));
    expect(shown).toMatchObject({
      kind: 'page',
      data: { values: { code: 'SAVE10', discount: '10', started_at: '2026-05-01T09:30', total_limit: '50', max_discount_amount: '3' }, isActive: true },
    });

    const used = voucher({ total_used: 4 });
    get.mockResolvedValueOnce({ voucher: used });
    post.mockRejectedValueOnce(new ApiError(422, 'x', { total_limit: ['The total limit field must be at least 4.'] }));
    const limits = { limit_for_user: '2', total_limit: '3', started_at: '2026-05-01T09:30', expired_at: '2026-07-01T00:00' };
    const refused = await loadEditVoucherPage(request('/shop/vouchers/5/edit', { params: { id: '5' }, form: { ...limits, is_active: '1' } }));
    expect(post).toHaveBeenCalledWith('/seller/vouchers/5', expect.objectContaining({ body: { ...limits, is_active: true } }));
    expect(refused).toMatchObject({ kind: 'page', data: { status: 422, values: { code: 'SAVE10', discount: '10', total_limit: '3' } } });
  });

  it('is Page Not Found for an id that is not one, or not the shop’s', async () => {
    expect(await loadEditVoucherPage(request('/shop/vouchers/x/edit', { params: { id: 'x' } }))).toEqual({ kind: 'not-found' });
    get.mockRejectedValueOnce(new ApiError(404, 'Voucher not found.'));
    expect(await loadEditVoucherPage(request('/shop/vouchers/9/edit', { params: { id: '9' } }))).toEqual({ kind: 'not-found' });
  });
});

describe('the notifications page', () => {
  it('sends each small form to its call and comes back', async () => {
    post.mockResolvedValue({ message: '', data: {} });
    expect(await loadSellerNotificationsPage(request('/shop/notifications', { form: { _action: 'read', id: '4' } }))).toEqual(redirect('/shop/notifications'));
    expect(post).toHaveBeenLastCalledWith('/seller/notifications/4', expect.anything());
    await loadSellerNotificationsPage(request('/shop/notifications', { form: { _action: 'delete', id: '4' } }));
    expect(post).toHaveBeenLastCalledWith('/seller/notifications/4/delete', expect.anything());
    await loadSellerNotificationsPage(request('/shop/notifications?page=2', { form: { _action: 'read-all' } }));
    expect(post).toHaveBeenLastCalledWith('/seller/notifications/read-all', expect.anything());
    expect(await loadSellerNotificationsPage(request('/shop/notifications', { form: { _action: 'drop', id: '4' } }))).toEqual(redirect('/shop/notifications'));
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('the navigation’s unread count: null without a shop or on a refusal', async () => {
    expect(await loadUnreadNotifications(request('/shop', { shop: null }))).toBeNull();
    get.mockResolvedValueOnce({ total: 9, unread: 4, notification: [] });
    expect(await loadUnreadNotifications(request('/shop/orders'))).toBe(4);
    get.mockRejectedValueOnce(new ApiError(403, 'This account has no shop.'));
    expect(await loadUnreadNotifications(request('/shop/orders'))).toBeNull();
  });
});
