import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadProductFormPage, loadSellerProductsPage } from './seller-products';
import { notFound, redirect, type PageRequest } from './outcome';
import type { SellerProductDetails } from '../../contracts/seller-product';

/**
 * The shop dashboard's product loaders (docs/decisions/017-sellers.md "Products") with the
 * API replaced: what the form's post becomes for the API (pictures kept in the order
 * typed, empty file inputs dropped), where it leads, and what a refusal becomes.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);
const t = (key: string, values: Record<string, unknown> = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

function request(address: string, params: Record<string, string> = {}, form?: FormData, shopStatus: 'active' | 'pending' | null = 'active'): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const init: RequestInit = form ? { method: 'POST', body: form, headers: { cookie: 'session=abc-def_1' } } : {};
  const user = { id: 3, name: 'Sam Seller', shop: shopStatus ? { is_active: shopStatus === 'active', status: shopStatus } : null };
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null, t, user } as unknown as App.Locals['shop'] };
}

const CREATE_DATA = { categories: [], sizes: [], colors: [], brands: [], units: [], vat_taxes: [] };
const PRODUCT = {
  id: 12,
  name: 'Lamp',
  slug: 'lamp',
  price: 20,
  discount_price: 0,
  quantity: 5,
  sku: 'S1-ABC',
  thumbnail: '/uploads/products/a-800.webp',
  additional_thumbnail: [
    { id: 1, thumbnail: '/uploads/products/a-800.webp' },
    { id: 2, thumbnail: '/uploads/products/b-800.webp' },
    { id: 3, thumbnail: '/uploads/products/c-800.webp' },
  ],
  category: { id: 4, name: 'Gadgets' },
  sub_categories: [],
  sizes: [{ id: 9, name: 'XL', price: 1.5 }],
  colors: [],
  brand: null,
  unit: null,
  vat_taxes: [],
  short_description: null,
  description: '<p>Bright</p>',
  is_active: true,
  translations: { ar: { name: 'مصباح', slug: 'مصباح' } },
} satisfies SellerProductDetails;

function answerReads(product: SellerProductDetails | null = PRODUCT) {
  get.mockImplementation(async (path: string) => {
    if (path === '/seller/product/create-data') return CREATE_DATA;
    if (path.endsWith('/show')) {
      if (!product) throw new ApiError(404, 'Product not found.');
      return { product };
    }
    return { total: 0, products: [] };
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('loadProductFormPage', () => {
  it('starts the edit form from the saved product, and sends a guest shop owner elsewhere', async () => {
    answerReads();
    const outcome = await loadProductFormPage(request('/shop/products/12/edit', { id: '12' }), 'edit');
    expect(outcome.kind).toBe('page');
    if (outcome.kind !== 'page') return;
    expect(outcome.data.form.values).toMatchObject({ name: ['Lamp'], quantity_seen: ['5'], 'sizes[]': ['9'], size_price_9: ['1.5'], is_active: ['1'] });
    expect(await loadProductFormPage(request('/shop/products/new', {}, undefined, null), 'new')).toEqual(redirect('/shop/register'));
    expect(await loadProductFormPage(request('/shop/products/new', {}, undefined, 'pending'), 'new')).toEqual(redirect('/shop'));
  });

  it('answers another shop’s product or a bad id with Page Not Found', async () => {
    answerReads(null);
    expect(await loadProductFormPage(request('/shop/products/99/edit', { id: '99' }), 'edit')).toEqual(notFound());
    expect(await loadProductFormPage(request('/shop/products/x/edit', { id: 'x' }), 'edit')).toEqual(notFound());
  });

  it('sends the pictures kept in the order typed, without the page’s own fields or empty files, and redirects with the message', async () => {
    answerReads();
    post.mockResolvedValue({ message: 'Product updated successfully.', data: { product: PRODUCT } });
    const form = new FormData();
    form.append('name', 'Lamp');
    form.append('thumbnail', new File([], ''));
    form.append('remove_images[]', '2');
    form.append('image_order_1', '5');
    form.append('image_order_3', '1');
    const outcome = await loadProductFormPage(request('/shop/products/12/edit', { id: '12' }, form), 'edit');
    expect(outcome).toEqual(redirect('/shop/products/12/edit', { type: 'success', message: 'Product updated successfully.' }));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/seller/product/12/update');
    expect(options.token).toBe('abc-def_1');
    const body = options.body as FormData;
    expect(body.getAll('keep_images[]')).toEqual(['', '3', '1']);
    expect(body.has('thumbnail')).toBe(false);
    expect(body.has('remove_images[]')).toBe(false);
    expect(body.has('image_order_1')).toBe(false);
  });

  it('keeps the values typed and the API’s field errors on a 422, and shows today’s stock after a 409', async () => {
    answerReads();
    post.mockRejectedValueOnce(new ApiError(422, 'The price field must have at most 2 decimal places.', { price: ['The price field must have at most 2 decimal places.'] }));
    const form = new FormData();
    form.append('name', 'Lamp <b>');
    form.append('price', '1.005');
    const refused = await loadProductFormPage(request('/shop/products/new', {}, form), 'new');
    expect(refused.kind === 'page' && refused.data).toMatchObject({
      status: 422,
      form: { values: { name: ['Lamp <b>'], price: ['1.005'] }, errors: { price: [expect.any(String)] } },
    });

    answerReads();
    post.mockRejectedValueOnce(new ApiError(409, 'Orders took units of this product while you were editing: 2 are left now.'));
    get.mockImplementation(async (path: string) => (path === '/seller/product/create-data' ? CREATE_DATA : { product: { ...PRODUCT, quantity: 2 } }));
    const stock = new FormData();
    stock.append('quantity', '0');
    stock.append('quantity_seen', '5');
    const conflict = await loadProductFormPage(request('/shop/products/12/edit', { id: '12' }, stock), 'edit');
    expect(conflict.kind === 'page' && conflict.data).toMatchObject({
      status: 409,
      form: { failure: expect.stringContaining('2 are left'), values: { quantity: ['0'], quantity_seen: ['2'] } },
    });
  });
});

describe('loadSellerProductsPage', () => {
  it('asks the API for the page, search and a known status only, and toggles by form back to the same list', async () => {
    answerReads();
    const outcome = await loadSellerProductsPage(request('/shop/products?search=lamp&status=nonsense&page=2'));
    expect(outcome.kind === 'page' && outcome.data).toMatchObject({ page: 2, search: 'lamp', status: '' });
    expect(get.mock.calls[0]![0]).toBe('/seller/products?page=2&per_page=20&search=lamp');

    post.mockResolvedValue({ message: 'The product is now inactive.', data: {} });
    const form = new FormData();
    form.append('toggle', '12');
    const toggled = await loadSellerProductsPage(request('/shop/products?status=active', {}, form));
    expect(post.mock.calls[0]![0]).toBe('/seller/product/status/toggle/12');
    expect(toggled).toEqual(redirect('/shop/products?status=active', { type: 'success', message: 'The product is now inactive.' }));
  });
});
