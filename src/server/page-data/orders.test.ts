import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadOrderDetailsPage, loadOrderHistoryPage, loadOrderInvoicePage } from './orders';
import { notFound, redirect, type PageRequest } from './outcome';
import type { OrderDetailsDto } from '../../contracts/order';

/**
 * The order pages' loaders (docs/product.md §2.2, §7.4) with the API replaced: which calls they make, where
 * each form's post leads and with which message, and what a refusal becomes.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);

const t = (key: string, values: Record<string, unknown> = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

function request(address: string, params: Record<string, string> = {}, form?: Record<string, string>): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const init: RequestInit = form ? { method: 'POST', body: new URLSearchParams(form), headers: { cookie: 'session=abc-def_1' } } : {};
  const user = { id: 7, name: 'Dana Buyer', email: 'dana@example.test', phone: '5550100', phone_code: '+1' };
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null, t, user, master: { app_name: 'Demo Shop' } } as unknown as App.Locals['shop'] };
}

const COUNTS = { all: 12, pending: 3, confirm: 2, processing: 1, pickup: 0, on_the_way: 1, delivered: 4, cancelled: 1 };

function details(overrides: Partial<OrderDetailsDto> = {}): OrderDetailsDto {
  return {
    id: 41,
    order_code: '#AB000041',
    quantity: 3,
    amount: 61.5,
    payment_method: 'Online Payment',
    payment_status: 'Pending',
    order_status: 'Delivered',
    created_at: '2026-03-01T10:00:00.000Z',
    placed_at: '01 Mar, 2026',
    placed_at_iso: '2026-03-01T10:00:00.000Z',
    address: { name: 'Dana', phone: '5550100', flat_no: '4B', address_line: '1 Main St', address_line2: '', area: 'Centre', post_code: '1000' },
    shop: { id: 3, name: 'Sound Hub', logo: null, rating: 4.5 },
    estimated_delivery_date: '2-4 days',
    estimated_delivery_date_iso: null,
    total_amount: 60.2,
    tax_amount: 0,
    discount: 0,
    coupon_discount: 0,
    payable_amount: 61.5,
    delivery_charge: 1.3,
    note: null,
    payment_gateway: 'stripe',
    invoice_url: '/order-history/41/invoice',
    all_vat_taxes: [],
    products: [
      { id: 5, name: 'Lamp', brand: null, thumbnail: null, price: 20.1, discount_price: 0, order_qty: 2, color: 'Red', size: null, unit: null, rating: 0 },
      { id: 6, name: 'Mug', brand: null, thumbnail: null, price: 30, discount_price: 20, order_qty: 1, color: null, size: 'L', unit: 'pc', rating: 4 },
      { id: null, name: 'Gone', brand: null, thumbnail: null, price: 1, discount_price: 0, order_qty: 1, color: null, size: null, unit: null, rating: 0 },
    ],
    status_history: [{ status: 'Pending', created_at: '2026-03-01T10:00:00.000Z' }],
    can_cancel: false,
    can_pay: true,
    can_review: true,
    refund_status: null,
    ...overrides,
  };
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('/order-history', () => {
  it('reads a page of one status with a tab per status and its count', async () => {
    get.mockResolvedValueOnce({ total: 13, orders: [], status_wise_orders: COUNTS });
    const outcome = await loadOrderHistoryPage(request('/order-history?order_status=delivered&page=2'));
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/orders?page=2&per_page=10&order_status=delivered']);
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data).toMatchObject({ total: 13, status: 'delivered', page: 2, perPage: 10 });
    expect(outcome.data.tabs.map((tab) => [tab.key, tab.label, tab.count, tab.href, tab.current])).toEqual([
      ['all', 'All', 12, '/order-history', false],
      ['pending', 'Pending', 3, '/order-history?order_status=pending', false],
      ['confirm', 'Confirm', 2, '/order-history?order_status=confirm', false],
      ['processing', 'Processing', 1, '/order-history?order_status=processing', false],
      ['pickup', 'Pickup', 0, '/order-history?order_status=pickup', false],
      ['on_the_way', 'On The Way', 1, '/order-history?order_status=on_the_way', false],
      ['delivered', 'Delivered', 4, '/order-history?order_status=delivered', true],
      ['cancelled', 'Cancelled', 1, '/order-history?order_status=cancelled', false],
    ]);
  });

  it('sends an unknown status, a bad page and a page past the end somewhere sensible', async () => {
    expect(await loadOrderHistoryPage(request('/order-history?order_status=shipped'))).toEqual(redirect('/order-history'));
    expect(await loadOrderHistoryPage(request('/order-history?order_status=constructor'))).toEqual(redirect('/order-history'));
    expect(await loadOrderHistoryPage(request('/order-history?order_status=pending&page=0'))).toEqual(redirect('/order-history?order_status=pending'));
    expect(get).not.toHaveBeenCalled();
    get.mockResolvedValueOnce({ total: 11, orders: [], status_wise_orders: COUNTS });
    expect(await loadOrderHistoryPage(request('/order-history?page=9'))).toEqual(redirect('/order-history?page=2'));
    get.mockResolvedValueOnce({ total: 0, orders: [], status_wise_orders: { ...COUNTS, all: 0 } });
    expect((await loadOrderHistoryPage(request('/order-history'))).kind).toBe('page');
  });
});

describe('/order-history/{id}', () => {
  it('shows the order with its line totals, address and the products still to review', async () => {
    get.mockResolvedValueOnce({ order: details() });
    const outcome = await loadOrderDetailsPage(request('/order-history/41', { id: '41' }));
    expect(get.mock.calls[0]![0]).toBe('/order-details?order_id=41');
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data.lines.map((line) => [line.name, line.unitPrice, line.lineTotal])).toEqual([
      ['Lamp', 20.1, 40.2],
      ['Mug', 20, 20],
      ['Gone', 1, 1],
    ]);
    expect(outcome.data.address).toEqual({ name: 'Dana', phone: '5550100', lines: ['4B, 1 Main St', 'Centre 1000'] });
    // Reviewed already (Mug) or no longer a product (Gone): no form.
    expect(outcome.data.reviewable.map((line) => line.name)).toEqual(['Lamp']);
    expect(outcome.data.paymentNotice).toBeNull();
  });

  it("answers Page Not Found for an id that cannot be one and for another shopper's order", async () => {
    for (const id of ['abc', '0x1', '1234567890', '']) expect(await loadOrderDetailsPage(request(`/order-history/${id}`, { id }))).toEqual(notFound());
    expect(get).not.toHaveBeenCalled();
    get.mockRejectedValueOnce(new ApiError(404, 'Order not found.'));
    expect(await loadOrderDetailsPage(request('/order-history/9', { id: '9' }))).toEqual(notFound());
    get.mockRejectedValueOnce(new ApiError(404, 'Order not found.'));
    expect(await loadOrderInvoicePage(request('/order-history/9/invoice', { id: '9' }))).toEqual(notFound());
    get.mockRejectedValueOnce(new ApiError(404, 'Order not found.'));
    expect(await loadOrderDetailsPage(request('/order-history/9', { id: '9' }, { action: 'cancel' }))).toEqual(notFound());
    expect(post).not.toHaveBeenCalled();
    get.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    await expect(loadOrderDetailsPage(request('/order-history/9', { id: '9' }))).rejects.toThrow('Server Error');
  });

  it('says what happened on the payment page when the provider sends the shopper back', async () => {
    get.mockResolvedValueOnce({ order: details() });
    const back = await loadOrderDetailsPage(request('/order-history/41?payment=success', { id: '41' }));
    expect(back.kind === 'page' && back.data.paymentNotice).toEqual({ type: 'success', message: expect.stringContaining('being confirmed') });
    get.mockResolvedValueOnce({ order: details({ payment_status: 'Paid' }) });
    const paid = await loadOrderDetailsPage(request('/order-history/41?payment=success', { id: '41' }));
    expect(paid.kind === 'page' && paid.data.paymentNotice).toEqual({ type: 'success', message: 'Payment successful. Thank you!' });
    get.mockResolvedValueOnce({ order: details() });
    const cancelled = await loadOrderDetailsPage(request('/order-history/41?payment=cancelled', { id: '41' }));
    expect(cancelled.kind === 'page' && cancelled.data.paymentNotice).toEqual({
      type: 'warning',
      message: 'The payment was cancelled. Your order is kept: you can pay with Pay now.',
    });
  });

  it("posts each action as the signed-in shopper and redirects with the API's message", async () => {
    const call = (form: Record<string, string>) => loadOrderDetailsPage(request('/order-history/41', { id: '41' }, form));
    get.mockResolvedValue({ order: details() });

    post.mockResolvedValueOnce({ message: 'Order cancelled successfully', data: {} });
    expect(await call({ action: 'cancel' })).toEqual(redirect('/order-history/41', { type: 'success', message: 'Order cancelled successfully' }));
    expect(post.mock.calls[0]![0]).toBe('/orders/cancel');
    expect(post.mock.calls[0]![1]).toMatchObject({ token: 'abc-def_1', body: { order_id: 41 } });

    post.mockResolvedValueOnce({ message: 'The products are back in your cart', data: {} });
    expect(await call({ action: 'again' })).toEqual(redirect('/cart', { type: 'success', message: 'The products are back in your cart' }));
    expect(post.mock.calls[1]![0]).toBe('/orders/to-cart');

    post.mockResolvedValueOnce({ message: 'Thank you for your review', data: {} });
    expect(await call({ action: 'review', product_id: '5', rating: '4', review: 'Bright.' })).toEqual(
      redirect('/order-history/41#reviews', { type: 'success', message: 'Thank you for your review' }),
    );
    expect(post.mock.calls[2]).toMatchObject(['/product-review', { body: { order_id: 41, product_id: '5', rating: '4', review: 'Bright.' } }]);

    get.mockResolvedValueOnce({ order: details() }).mockResolvedValueOnce({ order_payment_url: 'https://pay.example/session/1' });
    expect(await call({ action: 'pay' })).toEqual(redirect('https://pay.example/session/1'));
    expect(get.mock.calls.at(-1)).toMatchObject(['/order-payment/41/stripe', { token: 'abc-def_1' }]);

    expect(await call({ action: 'delete-everything' })).toEqual(redirect('/order-history/41', { type: 'error', message: 'The given data was invalid.' }));
  });

  it('turns a refusal into the message on the order page', async () => {
    const call = (form: Record<string, string>) => loadOrderDetailsPage(request('/order-history/41', { id: '41' }, form));
    get.mockResolvedValue({ order: details() });
    post.mockRejectedValueOnce(new ApiError(409, 'This order can no longer be cancelled.'));
    expect(await call({ action: 'cancel' })).toEqual(redirect('/order-history/41', { type: 'error', message: 'This order can no longer be cancelled.' }));
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { rating: ['The rating field is required.'] }));
    expect(await call({ action: 'review', product_id: '5' })).toEqual(redirect('/order-history/41#reviews', { type: 'error', message: 'The rating field is required.' }));
    get.mockResolvedValueOnce({ order: details() }).mockRejectedValueOnce(new ApiError(409, 'This order has nothing to pay.'));
    expect(await call({ action: 'pay' })).toEqual(redirect('/order-history/41', { type: 'error', message: 'This order has nothing to pay.' }));
    post.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    await expect(call({ action: 'again' })).rejects.toThrow('Server Error');
  });
});

describe('/order-history/{id}/invoice', () => {
  it('adds the customer and the site name to the order', async () => {
    get.mockResolvedValueOnce({ order: details() });
    const outcome = await loadOrderInvoicePage(request('/order-history/41/invoice', { id: '41' }));
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data.customer).toEqual({ name: 'Dana Buyer', email: 'dana@example.test', phone: '+1 5550100' });
    expect(outcome.data.siteName).toBe('Demo Shop');
    expect(outcome.data.lines).toHaveLength(3);
    // A country code stored without its "+" reads with it.
    const plain = request('/order-history/41/invoice', { id: '41' });
    plain.shop = { ...plain.shop, user: { ...plain.shop.user!, phone_code: '27' } };
    get.mockResolvedValueOnce({ order: details() });
    const again = await loadOrderInvoicePage(plain);
    expect(again.kind === 'page' && again.data.customer.phone).toBe('+27 5550100');
  });
});
