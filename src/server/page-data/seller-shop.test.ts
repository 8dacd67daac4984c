import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadShopProfilePage, loadShopRegisterPage } from './seller-shop';
import { redirect, type PageRequest } from './outcome';
import type { SellerUser } from '../../contracts/seller-account';
import type { ShopStatus } from '../../contracts/seller';

/**
 * The shop registration and profile loaders (page-data/seller-shop.ts) with the API
 * replaced: who reaches which page, what a form's post becomes for the API, and what a
 * refusal becomes on the page.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);
const t = (key: string) => key;

function request(address: string, shopStatus: ShopStatus | null, form?: FormData, multiVendor = true): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const init: RequestInit = form ? { method: 'POST', body: form, headers: { cookie: 'session=abc-def_1' } } : {};
  const user = {
    id: 3,
    name: 'Sam',
    shop: shopStatus ? { id: 8, name: 'Sam Shop', logo: null, is_active: shopStatus === 'active', status: shopStatus, status_reason: null } : null,
  };
  return { request: new Request(url, init), url, params: {}, shop: { locale: 'en', t, user, master: { multi_vendor: multiVendor } } as unknown as App.Locals['shop'] };
}

const SELLER: SellerUser = {
  id: 3,
  first_name: 'Sam',
  last_name: null,
  phone: null,
  email: 'sam@example.test',
  gender: null,
  date_of_birth: null,
  profile_photo: null,
  is_active: true,
  shop_status: 'Offline',
  banners: [],
  shop: {
    id: 8,
    name: 'Sam Shop',
    logo: null,
    banner: null,
    address: '1 Main St',
    open_time: '09:00',
    close_time: '17:00',
    off_day: ['fri'],
    prefix: 'SS',
    estimated_delivery_time: '2-4 days',
    min_order_amount: 5,
    delivery_charge: 4.99,
    shop_status: 'Offline',
    total_products: 0,
    total_categories: 0,
    rating: 0,
    total_reviews: 0,
    short_description: null,
    description: 'Pots',
    phone: null,
    email: null,
    status: 'rejected',
    status_reason: 'Blurry logo',
    translations: {},
  },
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  get.mockResolvedValue({ user: SELLER });
});

const form = (fields: Record<string, string | string[] | File>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  return body;
};

describe('loadShopRegisterPage', () => {
  it('is closed when the site takes no sellers, and sends an owner whose shop is not rejected to /shop', async () => {
    expect(await loadShopRegisterPage(request('/shop/register', null, undefined, false))).toMatchObject({ kind: 'page', data: { closed: true } });
    for (const status of ['pending', 'active', 'suspended'] as const) expect(await loadShopRegisterPage(request('/shop/register', status))).toEqual(redirect('/shop'));
  });

  it('prefills a rejected shop’s form and shows the reason', async () => {
    const outcome = await loadShopRegisterPage(request('/shop/register', 'rejected'));
    expect(outcome).toMatchObject({
      kind: 'page',
      data: { closed: false, rejection: { reason: 'Blurry logo' }, form: { values: { name: 'Sam Shop', opening_time: '09:00' }, offDays: ['fri'] } },
    });
  });

  it('posts the form as multipart (off days as a list, an empty file input dropped) and goes to /shop', async () => {
    post.mockResolvedValue({ message: 'Your shop is under review', data: { user: SELLER } });
    const logo = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    const outcome = await loadShopRegisterPage(
      request('/shop/register', null, form({ name: 'New Shop', 'off_days[]': ['fri', 'sat'], terms: '1', logo, banner: new File([], '') })),
    );
    expect(outcome).toEqual(redirect('/shop', { type: 'success', message: 'Your shop is under review' }));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/seller/shop');
    const sent = options.body as FormData;
    expect(sent.getAll('off_days[]')).toEqual(['fri', 'sat']);
    expect(sent.get('terms')).toBe('1');
    expect(sent.get('logo')).toBeInstanceOf(File);
    expect(sent.has('banner')).toBe(false);
    expect(options.token).toBe('abc-def_1');
  });

  it('shows the API’s field errors with what was typed, and a refusal without a field above the form', async () => {
    post.mockRejectedValueOnce(new ApiError(422, 'You must accept the terms and conditions.', { terms: ['You must accept the terms and conditions.'] }));
    const refused = await loadShopRegisterPage(request('/shop/register', null, form({ name: 'Typed', 'off_days[]': 'mon' })));
    expect(refused).toMatchObject({
      kind: 'page',
      data: { status: 422, form: { values: { name: 'Typed' }, offDays: ['mon'], errors: { terms: ['You must accept the terms and conditions.'] } } },
    });
    post.mockRejectedValueOnce(new ApiError(409, 'You already have a shop.'));
    expect(await loadShopRegisterPage(request('/shop/register', null, form({ name: 'Again' })))).toMatchObject({
      kind: 'page',
      data: { status: 409, form: { failure: 'You already have a shop.' } },
    });
  });
});

describe('loadShopProfilePage', () => {
  it('is for an active shop only', async () => {
    expect(await loadShopProfilePage(request('/shop/profile', 'pending'))).toEqual(redirect('/shop'));
    expect(await loadShopProfilePage(request('/shop/profile', null))).toEqual(redirect('/shop/register'));
  });

  it('sends every day unticked as an empty list, and shows the saved values after a save', async () => {
    post.mockResolvedValue({ message: 'Shop settings updated successfully.', data: { user: SELLER } });
    const outcome = await loadShopProfilePage(request('/shop/profile', 'active', form({ _action: 'settings', delivery_charge: '3.50', opening_time: '08:00' })));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/seller/shop-setting-update');
    expect(options.body).toMatchObject({ off_day: [], delivery_charge: '3.50', opening_time: '08:00' });
    expect(outcome).toMatchObject({ kind: 'page', data: { status: 200, settings: { success: 'Shop settings updated successfully.', values: { delivery_charge: '4.99' } } } });
  });

  it('keeps a refused face form as typed', async () => {
    post.mockRejectedValue(new ApiError(422, 'bad logo', { logo: ['bad logo'] }));
    const outcome = await loadShopProfilePage(request('/shop/profile', 'active', form({ _action: 'face', name: 'Renamed' })));
    expect(outcome).toMatchObject({ kind: 'page', data: { status: 422, face: { values: { name: 'Renamed' }, errors: { logo: ['bad logo'] } } } });
    expect(post.mock.calls[0]![0]).toBe('/seller/shop-update');
  });
});
