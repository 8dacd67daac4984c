import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import type { AddressDto } from '../contracts/address';
import type { AddToCartPayload, AppliedCouponDto, CartChangeDto, CartDto, CartItemDto, CheckoutDto, CheckoutFiguresDto } from '../contracts/cart';
import type { VoucherDto } from '../contracts/voucher';
import { apiRequest } from '../lib/api-client';
import { latestLineShop } from '../lib/cart-line';
import { ApiError, type Envelope } from '../lib/api-envelope';
import { auth, clearAuth, hasSession, openLoginModal } from './auth';
import { locale, siteSettings } from './settings';
import { STORE_KEYS } from './stored';

/** Cart state persisted across visits, with the spec's field names (docs/product.md §3.2). */
export interface CartState {
  /** Number of items. */
  total: number;
  products: CartDto['cart_items'];
  /** The selected shops' groups with their own figures (POST /cart/checkout `checkout_items`). */
  checkoutProducts: CheckoutDto['checkout_items'];
  selectedShopIds: number[];
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  payable_amount: number;
  order_tax_amount: number;
  /** The vouchers applied to the selected shops, comma separated (the spec's single field). */
  coupon_code: string;
  all_vat_taxes: CheckoutFiguresDto['all_vat_taxes'];
  address: unknown;
  buyNowShopId: number | null;
  buyNowProduct: CartItemDto | null;
  /** Per shop, the voucher applied and what it took off (POST /cart/checkout `apply_coupon`). */
  apply_coupon: AppliedCouponDto[];
}

const NO_FIGURES = {
  checkoutProducts: [],
  total_amount: 0,
  delivery_charge: 0,
  coupon_discount: 0,
  payable_amount: 0,
  order_tax_amount: 0,
  coupon_code: '',
  all_vat_taxes: [],
  apply_coupon: [],
} satisfies Partial<CartState>;

const INITIAL_CART: CartState = {
  ...NO_FIGURES,
  total: 0,
  products: [],
  selectedShopIds: [],
  address: null,
  buyNowShopId: null,
  buyNowProduct: null,
};

const $cart = persistentAtom<CartState>(STORE_KEYS.cart, INITIAL_CART, {
  encode: JSON.stringify,
  decode(value) {
    try {
      return { ...INITIAL_CART, ...(JSON.parse(value) as Partial<CartState>) };
    } catch {
      return INITIAL_CART;
    }
  },
});

/** Read it with `useStore(cart)`; it changes only through the actions below. */
export const cart = readonlyType($cart);

const update = (change: Partial<CartState>) => $cart.set({ ...$cart.get(), ...change });

/** docs/product.md §4.4 (Logout, No token): the cart, checkout, address, coupon and amounts reset. */
export function resetCart(): void {
  $cart.set(INITIAL_CART);
}

/** A call that needs the shopper's session: none here is a 401 without asking the server. */
async function call<T>(path: string, body?: unknown): Promise<Envelope<T>> {
  if (!hasSession()) throw new ApiError(401, 'Unauthenticated.');
  const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  return apiRequest<T>(path, { locale: locale.get(), token: auth.get().token, ...init });
}

/** docs/product.md §8: a 401 on a cart, voucher or favourites call ends the session here (auth and cart alike). */
export function endSession(): void {
  clearAuth();
  resetCart();
}

/** Runs a call; a 401 ends the session (and, for adds, opens the login dialog) before the error goes on. */
async function guarded<T>(run: () => Promise<T>, { askToLogin = false } = {}): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      endSession();
      if (askToLogin) openLoginModal();
    }
    throw error;
  }
}

/** A call as the signed-in shopper from other stores (checkout): a 401 ends the session here too. */
export const shopperCall = <T>(path: string, body?: unknown): Promise<Envelope<T>> => guarded(() => call<T>(path, body));

/** Whether an error is the "sign in first" kind the callers show as "Please login first!". */
export const needsLogin = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A newer call of the same kind supersedes an older one still in flight (rapid clicks, quick toggles). */
let cartVersion = 0;
let checkoutVersion = 0;

/**
 * The cart as a call answered it; selected shops that left it are dropped. An empty cart,
 * or one with no shop selected any more, has no checkout figures.
 */
function applyCart(body: CartDto): void {
  const shopIds = new Set(body.cart_items.map((group) => group.shop_id));
  const selectedShopIds = $cart.get().selectedShopIds.filter((id) => shopIds.has(id));
  update({ total: body.total, products: body.cart_items, selectedShopIds, ...(selectedShopIds.length === 0 ? NO_FIGURES : {}) });
}

/** `GET /carts` (docs/product.md §4.4 No token: without a session, cart and auth state reset). */
export async function loadCart(): Promise<void> {
  if (!hasSession()) {
    endSession();
    return;
  }
  const version = ++cartVersion;
  const { data } = await guarded(() => call<CartDto>('/carts'));
  if (version === cartVersion) applyCart(data);
}

/** The add-to-cart payload (docs/product.md §3.2) without is_buy_now: `addToCart` or `buyNow` say it. */
export type AddToCartInput = Omit<AddToCartPayload, 'is_buy_now'>;

/** Whether a cart item is the line an add of `input` went to: its product, in the size and colour chosen (none chosen: the product's only one). */
const isLineOf = (item: CartItemDto, input: AddToCartInput) =>
  item.id === input.product_id && (input.size === undefined || item.size?.id === input.size) && (input.color === undefined || item.color?.id === input.color);

/**
 * `POST /cart/store` (docs/product.md §3.2). A guest, or a session that has ended, is signed
 * out here and the login dialog opens (§8); the error then goes on to the caller, who shows
 * "Please login first!". The shop of the line is selected (§4.6 Shop selection: what the
 * shopper just added is what the drawer's Proceed to Checkout takes, with any shop already
 * selected), and an open drawer's figures follow. Resolves to the line as the cart now
 * holds it, for the toast.
 */
export async function addToCart(input: AddToCartInput): Promise<CartItemDto | null> {
  const version = ++cartVersion;
  const { data } = await guarded(() => call<CartDto>('/cart/store', { ...input, is_buy_now: false }), { askToLogin: true });
  if (version === cartVersion) applyCart(data);
  const group = data.cart_items.find((candidate) => candidate.products.some((item) => isLineOf(item, input)));
  const selected = $cart.get().selectedShopIds;
  if (group && !selected.includes(group.shop_id)) update({ selectedShopIds: [...selected, group.shop_id] });
  if (siteSettings.get().basketCanvas) await loadCheckout();
  return group?.products.find((item) => isLineOf(item, input)) ?? null;
}

/**
 * Buy now (docs/product.md §4.4: a buy-now add does not update the cart): the server keeps
 * the line apart; `buyNowShopId` and `buyNowProduct` say what /buynow sells.
 */
export async function buyNow(input: AddToCartInput): Promise<void> {
  await guarded(() => call<CartDto>('/cart/store', { ...input, is_buy_now: true }), { askToLogin: true });
  const { data } = await guarded(() => call<CheckoutDto>('/cart/checkout', { shop_ids: [], is_buy_now: true }));
  const group = data.checkout_items[0];
  update({ buyNowShopId: group?.shop_id ?? null, buyNowProduct: group?.products[0] ?? null });
}

/** The state's checkout fields from an answer of POST /cart/checkout. */
function figuresOf(checkout: CheckoutDto): Partial<CartState> {
  const figures = checkout.checkout;
  return {
    checkoutProducts: checkout.checkout_items,
    total_amount: figures.total_amount,
    delivery_charge: figures.delivery_charge,
    coupon_discount: figures.coupon_discount,
    payable_amount: figures.payable_amount,
    order_tax_amount: figures.order_tax_amount,
    all_vat_taxes: figures.all_vat_taxes,
    apply_coupon: checkout.apply_coupon,
    coupon_code: checkout.apply_coupon.map((coupon) => coupon.coupon_code).join(','),
  };
}

/**
 * `POST /cart/checkout` for the selected shops (docs/product.md §4.6 Shop selection): in
 * single-vendor mode the first shop is selected first; an empty checkout list clears the
 * selection (and selected shops the list lacks go too). The drawer calls it when it opens
 * with `startSelection`: a cart with no shop selected then selects the shop of the line
 * added last (lib/cart-line.ts `latestLineShop`, as the cart page does), so the drawer never
 * opens on "Cart Amount $0.00" with a Proceed to Checkout that can only refuse.
 */
export async function loadCheckout({ startSelection = false } = {}): Promise<void> {
  const { products, selectedShopIds } = $cart.get();
  const first = products[0];
  if (!siteSettings.get().multiVendor && first) update({ selectedShopIds: [first.shop_id] });
  else if (startSelection && selectedShopIds.length === 0) {
    const latest = latestLineShop(products);
    if (latest !== null) update({ selectedShopIds: [latest] });
  }
  const version = ++checkoutVersion;
  const shopIds = $cart.get().selectedShopIds;
  const { data } = await guarded(() => call<CheckoutDto>('/cart/checkout', { shop_ids: shopIds }));
  if (version !== checkoutVersion) return;
  const listed = new Set(data.checkout_items.map((group) => group.shop_id));
  update({ ...figuresOf(data), selectedShopIds: $cart.get().selectedShopIds.filter((id) => listed.has(id)) });
}

/** Selects or unselects a shop, then reloads the figures (docs/product.md §4.4 Shop selection). */
export async function toggleShop(shopId: number): Promise<void> {
  const selected = $cart.get().selectedShopIds;
  update({ selectedShopIds: selected.includes(shopId) ? selected.filter((id) => id !== shopId) : [...selected, shopId] });
  await loadCheckout();
}

/** The line that left the cart, when a change took one out, for the remove toast. */
export type RemovedProduct = CartChangeDto['removed_product'];

/** A cart line as the calls name it: its product and its line id (contracts/cart.ts CartLinePayload). */
export type LineRef = Pick<CartItemDto, 'id' | 'line_id'>;

/**
 * increment, decrement, delete and options (docs/product.md §4.6 Cart changes): the answer
 * is the whole cart; when a line left it (the answer's `removed` flag, not its translated
 * message), selected shops no longer in the cart are dropped and an empty cart resets the
 * figures. While shops are selected the figures are reloaded.
 */
async function changeLine(path: '/cart/increment' | '/cart/decrement' | '/cart/delete' | '/cart/options', body: Record<string, number | undefined>): Promise<RemovedProduct> {
  const version = ++cartVersion;
  const { data } = await guarded(() => call<CartChangeDto>(path, body));
  if (version === cartVersion) applyCart(data);
  const state = $cart.get();
  if (state.products.length > 0 && (state.selectedShopIds.length > 0 || !siteSettings.get().multiVendor)) await loadCheckout();
  return data.removed ? data.removed_product : null;
}

const lineBody = (line: LineRef) => ({ product_id: line.id, line_id: line.line_id });
export const increment = (line: LineRef) => changeLine('/cart/increment', lineBody(line));
export const decrement = (line: LineRef) => changeLine('/cart/decrement', lineBody(line));
export const removeFromCart = (line: LineRef) => changeLine('/cart/delete', lineBody(line));

/**
 * `POST /cart/options`: the line takes another size or colour; the server merges it into a
 * line of that choice and prices it again (docs/product.md §4.6).
 */
export async function changeOptions(line: LineRef, choice: { size?: number | undefined; color?: number | undefined }): Promise<void> {
  await changeLine('/cart/options', { ...lineBody(line), size: choice.size, color: choice.color });
}

/** `GET /get-vouchers?shop_id` (docs/product.md §2 Cart drawer, §3.5). On a 401 the caller leaves for / (§8). */
export async function loadVouchers(shopId: number): Promise<VoucherDto[]> {
  const { data } = await guarded(() => call<{ coupons: VoucherDto[] }>(`/get-vouchers?shop_id=${encodeURIComponent(shopId)}`));
  return data.coupons;
}

/** `POST /vouchers-collect`; resolves to the server's message (§4.4 Voucher: collected once). */
export async function collectVoucher(couponId: number): Promise<string> {
  return (await guarded(() => call('/vouchers-collect', { coupon_id: couponId }))).message;
}

/**
 * `POST /apply-voucher` for a shop, which is selected if it was not (its figures then show
 * the discount); the figures reload. Resolves to the server's message.
 */
export async function applyVoucher(shopId: number, code: string): Promise<string> {
  const { message } = await guarded(() => call('/apply-voucher', { coupon_code: code, shop_id: shopId }));
  const selected = $cart.get().selectedShopIds;
  if (!selected.includes(shopId)) update({ selectedShopIds: [...selected, shopId] });
  await loadCheckout();
  return message;
}

/** `POST /remove-voucher` for a shop, then the figures reload. */
export async function removeVoucher(shopId: number): Promise<string> {
  const { message } = await guarded(() => call('/remove-voucher', { shop_id: shopId }));
  await loadCheckout();
  return message;
}

/**
 * The checkout page's figures (docs/product.md §2 /checkout; §4.4 Shop selection): `POST
 * /cart/checkout` for the page's shops, which become the selection, or for the buy-now
 * line, which leaves the cart's figures alone (§4.4: a buy-now does not touch the cart) and
 * sets buyNowShopId and buyNowProduct. Resolves to the answer for the page to show, or null
 * when a newer call overtook it.
 */
export async function loadCheckoutOf(shopIds: readonly number[], isBuyNow: boolean): Promise<CheckoutDto | null> {
  const version = ++checkoutVersion;
  const { data } = await guarded(() => call<CheckoutDto>('/cart/checkout', isBuyNow ? { shop_ids: [], is_buy_now: true } : { shop_ids: shopIds }));
  if (version !== checkoutVersion) return null;
  showCheckoutFigures(data, isBuyNow);
  return data;
}

/** The state's checkout fields (or buy-now fields) from an answer of POST /cart/checkout the page already has. */
export function showCheckoutFigures(checkout: CheckoutDto, isBuyNow: boolean): void {
  const first = checkout.checkout_items[0];
  if (isBuyNow) update({ buyNowShopId: first?.shop_id ?? null, buyNowProduct: first?.products[0] ?? null });
  else update({ ...figuresOf(checkout), selectedShopIds: checkout.checkout_items.map((group) => group.shop_id) });
}

/** The state's `address` (§3.2): the address the checkout ships to. */
export function chooseCheckoutAddress(address: AddressDto | null): void {
  update({ address });
}

/** After a buy-now order: nothing is being bought at once any more. */
export function forgetBuyNow(): void {
  update({ buyNowShopId: null, buyNowProduct: null });
}
