import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInDto } from '../contracts/auth';
import type { CartChangeDto, CartDto, CartGroupDto, CartItemDto, CheckoutDto } from '../contracts/cart';
import type { MasterDto } from '../contracts/master';
import { ApiError } from '../lib/api-envelope';
import { auth, clearAuth, closeLoginModal, signIn } from './auth';
import {
  addToCart,
  applyVoucher,
  buyNow,
  cart,
  changeOptions,
  collectVoucher,
  decrement,
  increment,
  loadCart,
  loadCheckout,
  loadVouchers,
  needsLogin,
  removeFromCart,
  removeVoucher,
  resetCart,
  toggleShop,
} from './cart';
import { applyMaster, closeBasket, openBasket } from './settings';
import { afterSignIn, loadFavoriteCount, toggleFavorite } from './session';

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

const item = (id: number, change: Partial<CartItemDto> = {}): CartItemDto => ({
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
  ...change,
});
const removedOf = (id: number) => ({ id, name: `Product ${id}`, thumbnail: `/p${id}.webp`, size: null, color: null });
const group = (shopId: number, products: CartItemDto[]): CartGroupDto => ({
  shop_id: shopId,
  shop_name: `Shop ${shopId}`,
  shop_logo: null,
  shop_rating: 4.5,
  estimated_delivery_time: null,
  products,
});
const cartOf = (...groups: CartGroupDto[]): CartDto => ({ total: groups.reduce((sum, each) => sum + each.products.length, 0), cart_items: groups });
const figures = (total: number) => ({ total_amount: total, delivery_charge: 2, coupon_discount: 0, order_tax_amount: 0, all_vat_taxes: [], payable_amount: total + 2 });
const checkoutOf = (groups: CartGroupDto[], applied: CheckoutDto['apply_coupon'] = []): CheckoutDto => ({
  checkout_items: groups.map((each) => ({ ...each, checkout: figures(10) })),
  checkout: figures(groups.length * 10),
  apply_coupon: applied,
});

const master = (multiVendor: boolean) =>
  ({
    currency: null,
    currencies: [],
    multi_vendor: multiVendor,
    languages: [],
    app_locale: 'en',
    payment_gateways: [],
    social_links: [],
    theme_colors: {},
    menus: [],
    footers: [],
    social_auths: {},
    web_footer_text: '',
  }) as unknown as MasterDto;

type Reply = { status?: number; body: unknown };
type Route = (body: Record<string, unknown> | undefined, url: string) => Reply;

/** Stubs fetch with answers per "METHOD /path" and records the calls made. */
function stubApi(routes: Record<string, Route | Reply>) {
  const calls: { key: string; body: Record<string, unknown> | undefined; authorization: string | null; url: string }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://shop.test');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ key, body, authorization: new Headers(init.headers).get('Authorization'), url: `${url.pathname}${url.search}` });
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ message: `no route ${key}` }), { status: 404 });
    const reply = typeof route === 'function' ? route(body, url.href) : route;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const ok = (data: unknown, message = '') => ({ body: { message, data } });
const change = (body: CartDto, removed: CartChangeDto['removed_product'] = null) =>
  ok({ ...body, removed: removed !== null, removed_product: removed }, removed ? 'product removed from cart' : 'Cart quantity updated');

beforeEach(() => {
  applyMaster(master(true));
});

afterEach(() => {
  clearAuth();
  closeLoginModal();
  resetCart();
  vi.unstubAllGlobals();
});

describe('cart store: loading (product.md §4 No token, §8)', () => {
  it('without a token resets the cart and auth state and asks nothing', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]))) });
    await loadCart();
    expect(cart.get().total).toBe(1);
    clearAuth();
    const calls = stubApi({});
    await loadCart();
    expect(calls).toEqual([]);
    expect(cart.get()).toMatchObject({ total: 0, products: [], selectedShopIds: [] });
    expect(auth.get()).toMatchObject({ token: null, user: null });
  });

  it('loads GET /carts with the Bearer token; selected shops no longer in the cart are dropped', async () => {
    signIn(session);
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    await toggleShop(2);
    expect(cart.get().selectedShopIds).toEqual([1, 2]);
    const calls = stubApi({ 'GET /api/carts': ok(cartOf(group(2, [item(2)]))) });
    await loadCart();
    expect(calls[0]).toMatchObject({ key: 'GET /api/carts', authorization: 'Bearer token-1' });
    expect(cart.get()).toMatchObject({ total: 1, selectedShopIds: [2] });
  });

  it('a 401 clears the token, user and favourites count and resets the cart', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]))) });
    await loadCart();
    stubApi({ 'GET /api/carts': { status: 401, body: { message: 'Unauthenticated.' } } });
    await expect(loadCart()).rejects.toBeInstanceOf(ApiError);
    expect(auth.get()).toMatchObject({ token: null, user: null, favoriteProducts: 0, loginModal: false });
    expect(cart.get().total).toBe(0);
  });
});

describe('cart store: adding (product.md §3.2 payload, §4 Cart changes, §8)', () => {
  it('posts the payload with is_buy_now false and answers the line for the toast', async () => {
    signIn(session);
    const calls = stubApi({ 'POST /api/cart/store': ok(cartOf(group(3, [item(7, { quantity: 2, size: { id: 4, name: 'M' } })])), 'Product added to cart successfully') });
    const line = await addToCart({ product_id: 7, quantity: 2, size: 4, color: undefined, unit: undefined });
    expect(calls[0]!.body).toEqual({ product_id: 7, quantity: 2, size: 4, is_buy_now: false });
    expect(line).toMatchObject({ id: 7, name: 'Product 7', thumbnail: '/p7.webp' });
    // docs/product.md §4.6: the shop of what was just added is selected, so Proceed to Checkout takes it.
    expect(cart.get()).toMatchObject({ total: 1, products: [{ shop_id: 3 }], selectedShopIds: [3] });
  });

  it('selects the shop of the line added, keeping the shops already selected, and finds the line by its size and colour', async () => {
    signIn(session);
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    const small = item(7, { line_id: 70, size: { id: 1, name: 'S' }, color: { id: 5, name: 'Red' } });
    const large = item(7, { line_id: 71, size: { id: 3, name: 'L' }, color: { id: 5, name: 'Red' }, quantity: 2 });
    const calls = stubApi({ 'POST /api/cart/store': ok(cartOf(group(1, [item(1)]), group(2, [item(2), small, large]))) });
    expect(await addToCart({ product_id: 7, quantity: 1, size: 3, color: 5 })).toMatchObject({ line_id: 71, quantity: 2 });
    expect(cart.get().selectedShopIds).toEqual([1, 2]);
    // The drawer is closed: its figures load when it opens, not now.
    expect(calls.map((call) => call.key)).toEqual(['POST /api/cart/store']);
  });

  it('an add while the drawer is open (Again Add to Cart) reloads its figures with the shop selected', async () => {
    signIn(session);
    openBasket();
    const calls = stubApi({
      'POST /api/cart/store': ok(cartOf(group(4, [item(4)]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await addToCart({ product_id: 4, quantity: 1 });
    expect(calls.map((call) => [call.key, call.body])).toEqual([
      ['POST /api/cart/store', { product_id: 4, quantity: 1, is_buy_now: false }],
      ['POST /api/cart/checkout', { shop_ids: [4] }],
    ]);
    expect(cart.get()).toMatchObject({ selectedShopIds: [4], total_amount: 10, payable_amount: 12 });
    closeBasket();
  });

  it('a refused add selects nothing', async () => {
    signIn(session);
    stubApi({ 'POST /api/cart/store': { status: 422, body: { message: 'Please choose a size.', errors: { size: ['Please choose a size.'] } } } });
    expect(await addToCart({ product_id: 7, quantity: 1 }).catch((error: unknown) => error)).toMatchObject({ status: 422, message: 'Please choose a size.' });
    expect(cart.get().selectedShopIds).toEqual([]);
  });

  it('a guest is refused without a call: signed-out state and the login dialog opens', async () => {
    const calls = stubApi({});
    const failure = await addToCart({ product_id: 7, quantity: 1 }).catch((error: unknown) => error);
    expect(needsLogin(failure)).toBe(true);
    expect(calls).toEqual([]);
    expect(auth.get()).toMatchObject({ token: null, loginModal: true });
  });

  it('a 401 signs out and opens the login dialog; a refusal keeps the session and the cart', async () => {
    signIn(session);
    stubApi({ 'POST /api/cart/store': { status: 422, body: { message: 'Only 2 left in stock.', errors: { quantity: ['Only 2 left in stock.'] } } } });
    const refusal = await addToCart({ product_id: 7, quantity: 9 }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 422, message: 'Only 2 left in stock.' });
    expect(needsLogin(refusal)).toBe(false);
    expect(auth.get()).toMatchObject({ token: 'token-1', loginModal: false });

    stubApi({ 'POST /api/cart/store': { status: 401, body: { message: 'Unauthenticated.' } } });
    expect(needsLogin(await addToCart({ product_id: 7, quantity: 1 }).catch((error: unknown) => error))).toBe(true);
    expect(auth.get()).toMatchObject({ token: null, user: null, loginModal: true });
  });

  it('buy now keeps the cart as it is and records the buy-now shop and product', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]))) });
    await loadCart();
    const calls = stubApi({
      'POST /api/cart/store': ok(cartOf(group(1, [item(1)]))),
      'POST /api/cart/checkout': (body) => ok(body!.is_buy_now ? checkoutOf([group(9, [item(5, { quantity: 3 })])]) : checkoutOf([])),
    });
    await buyNow({ product_id: 5, quantity: 3 });
    expect(calls.map((call) => [call.key, call.body])).toEqual([
      ['POST /api/cart/store', { product_id: 5, quantity: 3, is_buy_now: true }],
      ['POST /api/cart/checkout', { shop_ids: [], is_buy_now: true }],
    ]);
    expect(cart.get()).toMatchObject({ total: 1, products: [{ shop_id: 1 }], buyNowShopId: 9, buyNowProduct: { id: 5, quantity: 3 } });
  });
});

describe('cart store: line changes (product.md §4 Cart changes)', () => {
  async function twoShops() {
    signIn(session);
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    await toggleShop(2);
  }

  it('increment answers the cart and, with shops selected, reloads the figures', async () => {
    await twoShops();
    const calls = stubApi({
      'POST /api/cart/increment': change(cartOf(group(1, [item(1, { quantity: 2 })]), group(2, [item(2)]))),
      'POST /api/cart/checkout': ok(checkoutOf([group(1, [item(1)]), group(2, [item(2)])])),
    });
    expect(await increment(item(1))).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(['POST /api/cart/increment', 'POST /api/cart/checkout']);
    // The line by its product and its line id: a product may be in the cart in several sizes.
    expect(calls[0]!.body).toEqual({ product_id: 1, line_id: 101 });
    expect(calls[1]!.body).toEqual({ shop_ids: [1, 2] });
    expect(cart.get().products[0]!.products[0]!.quantity).toBe(2);
  });

  it("a removal (the answer's flag) drops the shop that left and returns the product for the toast", async () => {
    await twoShops();
    stubApi({
      'POST /api/cart/decrement': change(cartOf(group(2, [item(2)])), removedOf(1)),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    expect(await decrement(item(1))).toEqual(removedOf(1));
    expect(cart.get()).toMatchObject({ total: 1, selectedShopIds: [2], total_amount: 10 });
  });

  it('figures of a selection that left the cart go with it', async () => {
    signIn(session);
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    expect(cart.get().payable_amount).toBe(12);
    const calls = stubApi({ 'POST /api/cart/delete': change(cartOf(group(2, [item(2)])), removedOf(1)) });
    await removeFromCart(item(1));
    expect(calls).toHaveLength(1);
    expect(cart.get()).toMatchObject({ total: 1, selectedShopIds: [], checkoutProducts: [], total_amount: 0, payable_amount: 0 });
  });

  it('an empty cart resets the checkout figures without asking for them', async () => {
    await twoShops();
    expect(cart.get().payable_amount).toBe(22);
    const calls = stubApi({ 'POST /api/cart/delete': change(cartOf(), removedOf(2)) });
    expect(await removeFromCart(item(2))).toMatchObject({ id: 2 });
    expect(calls).toHaveLength(1);
    expect(cart.get()).toMatchObject({ total: 0, products: [], selectedShopIds: [], checkoutProducts: [], total_amount: 0, payable_amount: 0, delivery_charge: 0 });
  });

  it('an answer overtaken by a later one does not overwrite it', async () => {
    signIn(session);
    const replies: ((value: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => replies.push(resolve))),
    );
    const first = increment(item(1));
    const second = increment(item(1));
    const answer = (quantity: number) => new Response(JSON.stringify(change(cartOf(group(1, [item(1, { quantity })]))).body));
    replies[1]!(answer(3));
    await second.catch(() => undefined);
    replies[0]!(answer(2));
    await first.catch(() => undefined);
    expect(cart.get().products[0]!.products[0]!.quantity).toBe(3);
  });
});

describe('cart store: the drawer opening (product.md §4.6 Drawer, Shop selection)', () => {
  it('with no shop selected, selects the shop of the line added last, then figures it', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1, { line_id: 10 }), item(3, { line_id: 30 })]), group(2, [item(2, { line_id: 20 })]))) });
    await loadCart();
    const calls = stubApi({ 'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))) });
    await loadCheckout({ startSelection: true });
    expect(calls.map((call) => call.body)).toEqual([{ shop_ids: [1] }]);
    expect(cart.get()).toMatchObject({ selectedShopIds: [1], total_amount: 10, payable_amount: 12 });
  });

  it('keeps a selection already made, and selects nothing for a figures reload', async () => {
    signIn(session);
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [item(1, { line_id: 10 })]), group(2, [item(2, { line_id: 20 })]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    await loadCheckout({ startSelection: true });
    expect(cart.get().selectedShopIds).toEqual([1]);
    await toggleShop(1);
    // Unticked in the open drawer: the figures reload without selecting anything again.
    expect(cart.get().selectedShopIds).toEqual([]);
    await loadCheckout();
    expect(cart.get().selectedShopIds).toEqual([]);
  });
});

describe('cart store: a line changes size or colour (product.md §4.6)', () => {
  it("posts the line and the choice, takes the cart answered (a merge too) and reloads the selection's figures", async () => {
    signIn(session);
    const small = item(7, { line_id: 70, size: { id: 1, name: 'S' }, quantity: 1 });
    const medium = item(7, { line_id: 71, size: { id: 2, name: 'M' }, quantity: 2 });
    stubApi({
      'GET /api/carts': ok(cartOf(group(1, [small, medium]))),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    await loadCart();
    await toggleShop(1);
    const calls = stubApi({
      'POST /api/cart/options': change(cartOf(group(1, [{ ...medium, quantity: 3 }]))),
      'POST /api/cart/checkout': ok(checkoutOf([group(1, [{ ...medium, quantity: 3 }])])),
    });
    await changeOptions(small, { size: 2 });
    expect(calls.map((call) => [call.key, call.body])).toEqual([
      ['POST /api/cart/options', { product_id: 7, line_id: 70, size: 2 }],
      ['POST /api/cart/checkout', { shop_ids: [1] }],
    ]);
    expect(cart.get().products[0]!.products).toEqual([expect.objectContaining({ line_id: 71, quantity: 3 })]);
  });

  it('a refusal leaves the cart as it was', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(7)]))) });
    await loadCart();
    stubApi({ 'POST /api/cart/options': { status: 422, body: { message: 'Only 4 in stock, and your cart already holds 3.', errors: { quantity: ['…'] } } } });
    expect(await changeOptions(item(7), { size: 2 }).catch((error: unknown) => error)).toMatchObject({ status: 422 });
    expect(cart.get().products[0]!.products).toEqual([item(7)]);
  });
});

describe('cart store: shop selection (product.md §4 Shop selection)', () => {
  it('toggling a shop reloads the figures for the selected shops', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))) });
    await loadCart();
    const calls = stubApi({
      'POST /api/cart/checkout': (body) =>
        ok(
          checkoutOf(
            (body!.shop_ids as number[]).map((id) => group(id, [item(id)])),
            [{ shop_id: 2, coupon_code: 'SAVE5', discount: 1, message: null }],
          ),
        ),
    });
    await toggleShop(2);
    expect(calls[0]!.body).toEqual({ shop_ids: [2] });
    expect(cart.get()).toMatchObject({ selectedShopIds: [2], total_amount: 10, payable_amount: 12, coupon_code: 'SAVE5', checkoutProducts: [{ shop_id: 2 }] });
    await toggleShop(2);
    expect(calls[1]!.body).toEqual({ shop_ids: [] });
    expect(cart.get()).toMatchObject({ selectedShopIds: [], total_amount: 0, checkoutProducts: [] });
  });

  it('an empty checkout list clears the selection', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]))), 'POST /api/cart/checkout': ok(checkoutOf([group(1, [item(1)])])) });
    await loadCart();
    await toggleShop(1);
    stubApi({ 'POST /api/cart/checkout': ok(checkoutOf([])) });
    await loadCheckout();
    expect(cart.get().selectedShopIds).toEqual([]);
  });

  it('in single-vendor mode the first shop is selected by itself', async () => {
    applyMaster(master(false));
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(4, [item(1)]))) });
    await loadCart();
    const calls = stubApi({ 'POST /api/cart/checkout': ok(checkoutOf([group(4, [item(1)])])) });
    await loadCheckout();
    expect(calls[0]!.body).toEqual({ shop_ids: [4] });
    expect(cart.get().selectedShopIds).toEqual([4]);
  });
});

describe('cart store: vouchers (product.md §4 Voucher, §8)', () => {
  it('lists, collects, applies (selecting the shop) and removes', async () => {
    signIn(session);
    stubApi({ 'GET /api/carts': ok(cartOf(group(1, [item(1)]), group(2, [item(2)]))) });
    await loadCart();
    const coupon = {
      id: 8,
      code: 'SAVE5',
      discount_type: 'Amount',
      discount: 5,
      min_order_amount: 0,
      max_discount_amount: null,
      limit_for_user: 1,
      shop_id: 2,
      started: '',
      validity: '',
      validity_iso: '',
      is_collected: false,
    };
    const calls = stubApi({
      'GET /api/get-vouchers': ok({ coupons: [coupon] }),
      'POST /api/vouchers-collect': ok({ is_collected: true }, 'Voucher collected successfully'),
      'POST /api/apply-voucher': ok({}, 'Voucher applied successfully'),
      'POST /api/remove-voucher': ok({}, 'Voucher removed'),
      'POST /api/cart/checkout': (body) => ok(checkoutOf((body!.shop_ids as number[]).map((id) => group(id, [item(id)])))),
    });
    expect(await loadVouchers(2)).toEqual([coupon]);
    expect(calls[0]!.url).toBe('/api/get-vouchers?shop_id=2');
    expect(await collectVoucher(8)).toBe('Voucher collected successfully');
    expect(calls[1]!.body).toEqual({ coupon_id: 8 });
    expect(await applyVoucher(2, 'SAVE5')).toBe('Voucher applied successfully');
    expect(calls[2]!.body).toEqual({ coupon_code: 'SAVE5', shop_id: 2 });
    expect(calls[3]).toMatchObject({ key: 'POST /api/cart/checkout', body: { shop_ids: [2] } });
    expect(cart.get().selectedShopIds).toEqual([2]);
    expect(await removeVoucher(2)).toBe('Voucher removed');
    expect(calls.slice(4).map((call) => call.key)).toEqual(['POST /api/remove-voucher', 'POST /api/cart/checkout']);
  });

  it('a 401 on the voucher list ends the session here', async () => {
    signIn(session);
    stubApi({ 'GET /api/get-vouchers': { status: 401, body: { message: 'Unauthenticated.' } } });
    expect(needsLogin(await loadVouchers(2).catch((error: unknown) => error))).toBe(true);
    expect(auth.get().token).toBeNull();
  });
});

describe('favourites and sign-in (product.md §4 Login success, §8)', () => {
  it('the heart toggles and keeps the count; a guest gets the login dialog', async () => {
    signIn(session);
    const calls = stubApi({ 'POST /api/favorite-add-or-remove': ok({ product: { id: 3, is_favorite: true }, total: 4 }, 'Product added to wishlist') });
    expect(await toggleFavorite(3)).toEqual({ isFavorite: true, message: 'Product added to wishlist' });
    expect(calls[0]!.body).toEqual({ product_id: 3 });
    expect(auth.get().favoriteProducts).toBe(4);
    clearAuth();
    expect(needsLogin(await toggleFavorite(3).catch((error: unknown) => error))).toBe(true);
    expect(auth.get().loginModal).toBe(true);
  });

  it('after sign-in: POST /shop with the token, then the cart and the favourites count are fetched', async () => {
    signIn(session);
    const calls = stubApi({ 'POST /api/shop': ok({}), 'GET /api/carts': ok(cartOf(group(1, [item(1), item(2)]))), 'GET /api/favorite-products': ok({ total: 2, products: [] }) });
    await afterSignIn();
    expect(calls.map((call) => call.key).sort()).toEqual(['GET /api/carts', 'GET /api/favorite-products', 'POST /api/shop']);
    expect(calls.every((call) => call.authorization === `Bearer ${session.access.token}`)).toBe(true);
    expect(cart.get().total).toBe(2);
    expect(auth.get().favoriteProducts).toBe(2);
    stubApi({ 'GET /api/favorite-products': ok({ total: 5, products: [] }) });
    await loadFavoriteCount();
    expect(auth.get().favoriteProducts).toBe(5);
  });
});
