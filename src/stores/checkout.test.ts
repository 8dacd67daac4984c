import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInDto } from '../contracts/auth';
import type { CartGroupDto, CartItemDto, CheckoutDto } from '../contracts/cart';
import type { MasterDto } from '../contracts/master';
import type { PlacedOrdersDto } from '../contracts/order';
import { ApiError } from '../lib/api-envelope';
import { auth, clearAuth, signIn } from './auth';
import { buyNow, cart, chooseCheckoutAddress, loadCheckoutOf, resetCart, showCheckoutFigures } from './cart';
import { placeOrder, sendAccountCode, verifyAccountCode, type PlaceOrderInput } from './checkout';
import { applyMaster } from './settings';

const session: SignedInDto = {
  access: { token: 'token-9', expires_at: '2027-01-01T00:00:00.000Z' },
  user: {
    id: 9,
    name: 'Grace',
    phone: null,
    phone_code: null,
    country: null,
    email: 'grace@example.com',
    profile_photo: null,
    gender: null,
    date_of_birth: null,
    phone_verified: false,
    email_verified: false,
    account_verified: false,
    is_active: true,
    wallet: { balance: 0 },
  },
};

const item = (id: number): CartItemDto => ({
  id,
  line_id: 100 + id,
  name: `Product ${id}`,
  thumbnail: `/p${id}.webp`,
  brand: null,
  price: 10,
  discount_price: 0,
  discount_percentage: 0,
  size: null,
  color: null,
  sizes: [],
  colors: [],
  unit: null,
  quantity: 1,
  stock: 5,
  max_quantity: 5,
});
const group = (shopId: number): CartGroupDto => ({
  shop_id: shopId,
  shop_name: `Shop ${shopId}`,
  shop_logo: null,
  shop_rating: 4,
  estimated_delivery_time: null,
  products: [item(shopId * 10)],
});
const figures = (total: number) => ({ total_amount: total, delivery_charge: 2, coupon_discount: 0, order_tax_amount: 0, all_vat_taxes: [], payable_amount: total + 2 });
const checkoutOf = (shopIds: number[]): CheckoutDto => ({
  checkout_items: shopIds.map((id) => ({ ...group(id), checkout: figures(10) })),
  checkout: figures(shopIds.length * 10),
  apply_coupon: shopIds.map((id) => ({ shop_id: id, coupon_code: `S${id}OFF`, discount: 1, message: null })),
});
const placed = (orders: number[], url: string | null = null): PlacedOrdersDto => ({
  payment_id: 7,
  orders: orders.map((id) => ({ id, order_code: `O-${id}`, shop_id: id, payable_amount: 12 })),
  payable_amount: orders.length * 12,
  order_payment_url: url,
});
const order: PlaceOrderInput = {
  shop_ids: [1, 2],
  address_id: 3,
  payment_method: 'cash',
  note: 'Ring twice',
  idempotency_key: 'checkout-key-0001',
  payable_amount: 24,
  is_buy_now: false,
};

type Reply = { status?: number; body: unknown };

/** Stubs fetch with answers per "METHOD /path" and records the calls made. */
function stubApi(routes: Record<string, Reply | ((body: Record<string, unknown> | undefined) => Reply)>) {
  const calls: { key: string; body: Record<string, unknown> | undefined; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(input, 'http://shop.test').pathname}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ key, body, authorization: new Headers(init.headers).get('Authorization') });
      const route = routes[key];
      if (!route) return new Response(JSON.stringify({ message: `no route ${key}` }), { status: 404 });
      const reply = typeof route === 'function' ? route(body) : route;
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

const ok = (data: unknown, message = '') => ({ body: { message, data } });

beforeEach(() => {
  applyMaster({
    currency: null,
    currencies: [],
    multi_vendor: true,
    languages: [],
    app_locale: 'en',
    payment_gateways: [],
    social_links: [],
    theme_colors: {},
    menus: [],
    footers: [],
    social_auths: {},
    web_footer_text: '',
  } as unknown as MasterDto);
});

afterEach(() => {
  clearAuth();
  resetCart();
  vi.unstubAllGlobals();
});

describe('cart store: the checkout page (product.md §3.2 cart state, §4.4 Shop selection)', () => {
  it("the page's shops become the selection and their figures the state's checkout fields", async () => {
    signIn(session);
    const calls = stubApi({ 'POST /api/cart/checkout': (body) => ok(checkoutOf(body!.shop_ids as number[])) });
    const answer = await loadCheckoutOf([1, 2], false);
    expect(calls).toEqual([{ key: 'POST /api/cart/checkout', body: { shop_ids: [1, 2] }, authorization: 'Bearer token-9' }]);
    expect(answer?.checkout.payable_amount).toBe(22);
    expect(cart.get()).toMatchObject({ selectedShopIds: [1, 2], payable_amount: 22, total_amount: 20, coupon_code: 'S1OFF,S2OFF' });
    expect(cart.get().checkoutProducts.map((each) => each.shop_id)).toEqual([1, 2]);
  });

  it("a buy-now checkout records the buy-now shop and product and leaves the cart's figures alone", async () => {
    signIn(session);
    showCheckoutFigures(checkoutOf([1]), false);
    const calls = stubApi({ 'POST /api/cart/checkout': ok(checkoutOf([4])) });
    await loadCheckoutOf([], true);
    expect(calls[0]?.body).toEqual({ shop_ids: [], is_buy_now: true });
    expect(cart.get()).toMatchObject({ buyNowShopId: 4, buyNowProduct: { id: 40 }, selectedShopIds: [1], payable_amount: 12 });
  });

  it('an answer overtaken by a later one is not shown', async () => {
    signIn(session);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubApi({ 'POST /api/cart/checkout': (body) => ok(checkoutOf(body!.shop_ids as number[])) });
    const fetchMock = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: Parameters<typeof fetch>) => {
        await gate;
        return fetchMock(...args);
      }),
    );
    const older = loadCheckoutOf([1], false);
    vi.stubGlobal('fetch', fetchMock);
    const newer = await loadCheckoutOf([2], false);
    release();
    expect(await older).toBeNull();
    expect(newer?.checkout_items[0]?.shop_id).toBe(2);
    expect(cart.get().selectedShopIds).toEqual([2]);
  });

  it("the chosen address is the state's address", () => {
    const address = {
      id: 3,
      name: 'Home',
      phone: '1',
      area: null,
      flat_no: null,
      address_type: 'home',
      address_line: '1 Road',
      address_line2: null,
      post_code: null,
      country: 'Saudi Arabia',
      state: 'Riyadh Province',
      city: 'Riyadh',
      is_default: true,
      latitude: null,
      longitude: null,
    } as const;
    chooseCheckoutAddress(address);
    expect(cart.get().address).toEqual(address);
  });
});

describe('checkout store: placing the order (docs/product.md §7.4 POST /place-order)', () => {
  it('posts the checkout with the Bearer token; two orders go to the order history, and the cart is fetched again', async () => {
    signIn(session);
    const calls = stubApi({ 'POST /api/place-order': ok(placed([11, 12]), 'Order placed successfully'), 'GET /api/carts': ok({ total: 0, cart_items: [] }) });
    await expect(placeOrder(order)).resolves.toEqual({ url: '/order-history', paying: false, message: 'Order placed successfully' });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/place-order', 'GET /api/carts']);
    expect(calls[0]).toMatchObject({ body: order, authorization: 'Bearer token-9' });
    expect(cart.get()).toMatchObject({ total: 0, selectedShopIds: [], payable_amount: 0 });
  });

  it('one order goes to that order; an online payment to its payment page', async () => {
    signIn(session);
    stubApi({ 'POST /api/place-order': ok(placed([11])), 'GET /api/carts': ok({ total: 0, cart_items: [] }) });
    expect((await placeOrder(order)).url).toBe('/order-history/11');
    stubApi({ 'POST /api/place-order': ok(placed([11, 12], 'https://pay.example/cs_1')), 'GET /api/carts': ok({ total: 0, cart_items: [] }) });
    expect(await placeOrder(order)).toMatchObject({ url: 'https://pay.example/cs_1', paying: true });
  });

  it('a buy-now order forgets the buy-now line and leaves the cart unasked', async () => {
    signIn(session);
    stubApi({ 'POST /api/cart/store': ok({ total: 0, cart_items: [] }), 'POST /api/cart/checkout': ok(checkoutOf([4])) });
    await buyNow({ product_id: 40, quantity: 1 });
    const calls = stubApi({ 'POST /api/place-order': ok(placed([21])) });
    await placeOrder({ ...order, shop_ids: [4], is_buy_now: true });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/place-order']);
    expect(cart.get()).toMatchObject({ buyNowShopId: null, buyNowProduct: null });
  });

  it("a refusal (409 price changed) rejects with the server's message and keeps the session", async () => {
    signIn(session);
    stubApi({ 'POST /api/place-order': { status: 409, body: { message: 'Prices changed since you opened the checkout.' } } });
    const refusal = await placeOrder(order).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, message: 'Prices changed since you opened the checkout.' });
    expect(auth.get().token).toBe('token-9');
  });

  it('a 401 ends the session here; a guest is refused without a call', async () => {
    signIn(session);
    showCheckoutFigures(checkoutOf([1]), false);
    stubApi({ 'POST /api/place-order': { status: 401, body: { message: 'Unauthenticated.' } } });
    await expect(placeOrder(order)).rejects.toMatchObject({ status: 401 });
    expect(auth.get()).toMatchObject({ token: null, user: null });
    expect(cart.get()).toMatchObject({ selectedShopIds: [], payable_amount: 0 });
    const calls = stubApi({});
    await expect(placeOrder(order)).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
  });
});

describe('checkout store: the account code (OTP modal)', () => {
  it("sends and verifies a code for the shopper's own account, answering the server's messages", async () => {
    signIn(session);
    const calls = stubApi({
      'POST /api/send-otp': ok(null, 'A verification code has been sent to grace@example.com.'),
      'POST /api/verify-otp': (body) =>
        body!.otp === '1234' ? ok(null, 'Verified.') : { status: 422, body: { message: 'The code is wrong.', errors: { otp: ['The code is wrong.'] } } },
    });
    const target = { phone: 'grace@example.com', phone_code: '' };
    await expect(sendAccountCode(target)).resolves.toBe('A verification code has been sent to grace@example.com.');
    await expect(verifyAccountCode(target, '9999')).rejects.toMatchObject({ status: 422, message: 'The code is wrong.' });
    expect(auth.get().user?.account_verified).toBe(false);
    await expect(verifyAccountCode(target, '1234')).resolves.toBe('Verified.');
    expect(auth.get().user?.account_verified).toBe(true);
    expect(calls.map((call) => call.body)).toEqual([
      { phone: 'grace@example.com', phone_code: '', forgot_password: 0 },
      { phone: 'grace@example.com', phone_code: '', otp: '9999', forgot_password: 0 },
      { phone: 'grace@example.com', phone_code: '', otp: '1234', forgot_password: 0 },
    ]);
    expect(calls.every((call) => call.authorization === 'Bearer token-9')).toBe(true);
  });
});
