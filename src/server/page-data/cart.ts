import type { CartDto, CheckoutDto } from '../../contracts/cart';
import type { VoucherDto } from '../../contracts/voucher';
import { latestLineShop } from '../../lib/cart-line';
import type { Translate } from '../../lib/i18n';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusalMessage } from './api';
import { field, postedForm, returnPath, sessionToken, shopIdsParam } from './forms';
import { page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';

/**
 * The cart without JavaScript (docs/product.md §4.6, §7.2): the Add to Cart forms and
 * wishlist hearts of cards and product pages, and the /cart page's quantity, removal, voucher and shop
 * selection forms all post here. Each post goes to the cart API as the signed-in shopper
 * (the same calls, rules and messages as the islands) and redirects back with the API's
 * message; GET /cart renders the cart with its figures for the selected shops.
 */

const CART_PATH = '/cart';

/** The API call of each form action, and the payload fields it sends. */
const ACTIONS = {
  add: { path: '/cart/store', fields: ['product_id', 'quantity', 'size', 'color', 'unit', 'is_buy_now'] },
  increment: { path: '/cart/increment', fields: ['product_id', 'line_id'] },
  decrement: { path: '/cart/decrement', fields: ['product_id', 'line_id'] },
  remove: { path: '/cart/delete', fields: ['product_id', 'line_id'] },
  // A line's size or colour (docs/product.md §4.6): the line may merge into another.
  options: { path: '/cart/options', fields: ['product_id', 'line_id', 'size', 'color'] },
  'collect-voucher': { path: '/vouchers-collect', fields: ['coupon_id'] },
  'apply-voucher': { path: '/apply-voucher', fields: ['coupon_code', 'shop_id'] },
  'remove-voucher': { path: '/remove-voucher', fields: ['shop_id'] },
  // The wishlist heart: /wishlist itself is an account page, which sends a guest's post to /.
  favorite: { path: '/favorite-add-or-remove', fields: ['product_id'] },
} as const;
type Action = keyof typeof ACTIONS;
const isAction = (value: string): value is Action => Object.hasOwn(ACTIONS, value);

/** The fields a form sent, blank ones left out (a select left at "Choose a size" chooses none, which the API refuses when it needs one). */
function payloadOf(form: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((name) => [name, field(form, name).trim()]).filter(([, value]) => value !== ''));
}

/** A cart form's post: the API call, then back to `return_to` (a buy-now goes to /buynow) with the outcome. */
async function submitCartForm(req: PageRequest): Promise<Redirect> {
  const form = await postedForm(req.request);
  const back = returnPath(field(form, 'return_to'), CART_PATH);
  const { t } = req.shop;
  const token = sessionToken(req);
  // §8: adding as a guest says "Please login first!" (the flash offers the login dialog).
  if (!token || !req.shop.user) return redirect(back, { type: 'error', message: t('Please login first!') });
  const action = field(form, 'action');
  if (!isAction(action)) return redirect(back, { type: 'error', message: t('The given data was invalid.') });
  const { path, fields } = ACTIONS[action];
  try {
    const { message } = await apiPost(path, { ...apiCall(req), token, body: payloadOf(form, fields) });
    const buyNow = action === 'add' && ['1', 'true'].includes(field(form, 'is_buy_now'));
    return redirect(buyNow ? '/buynow' : back, { type: 'success', message: message || t('Cart updated') });
  } catch (error) {
    return redirect(back, { type: 'error', message: refusalMessage(error, 401, 404, 422, 429) });
  }
}

export interface CartPageData {
  signedIn: boolean;
  cart: CartDto;
  /** The shops whose figures are shown (the `shop_ids` of the address). */
  selectedShopIds: number[];
  checkout: CheckoutDto | null;
  /** Each shop's vouchers (GET /get-vouchers), by shop id. */
  vouchers: Record<number, VoucherDto[]>;
  multiVendor: boolean;
  /** This page's own address with its selection, for the forms' return_to. */
  self: string;
}

const EMPTY_CART: CartDto = { total: 0, cart_items: [] };

/** POST: a cart form (see above). GET /cart: the cart, the selection's figures and each shop's vouchers. */
export async function loadCartPage(req: PageRequest): Promise<PageOutcome<CartPageData>> {
  if (req.request.method === 'POST') return submitCartForm(req);
  const multiVendor = req.shop.master.multi_vendor;
  const token = sessionToken(req);
  const self = `${req.url.pathname}${req.url.search}`;
  if (!token || !req.shop.user) return page({ signedIn: false, cart: EMPTY_CART, selectedShopIds: [], checkout: null, vouchers: {}, multiVendor, self });

  const call = { ...apiCall(req), token };
  const cart = await apiGet<CartDto>('/carts', call);
  const inCart = cart.cart_items.map((group) => group.shop_id);
  // §4.6 Shop selection: shops no longer in the cart drop out; single-vendor mode selects the first shop.
  // An address without shop_ids (the cart tab's link, the page after an add without JavaScript)
  // has no selection yet: the shop of the line added last, as the drawer does. The selection
  // form always sends shop_ids, even empty, so a shopper who unticks every shop keeps it so.
  const latest = latestLineShop(cart.cart_items);
  let selectedShopIds = req.url.searchParams.has('shop_ids') ? shopIdsParam(req.url).filter((id) => inCart.includes(id)) : latest === null ? [] : [latest];
  if (!multiVendor && inCart.length) selectedShopIds = [inCart[0]!];
  const [checkout, voucherLists] = await Promise.all([
    selectedShopIds.length ? apiPost<CheckoutDto>('/cart/checkout', { ...call, body: { shop_ids: selectedShopIds } }).then((answer) => answer.data) : null,
    Promise.all(inCart.map((shopId) => apiGet<{ coupons: VoucherDto[] }>(`/get-vouchers?shop_id=${shopId}`, call).then((data) => [shopId, data.coupons] as const))),
  ]);
  return page({ signedIn: true, cart, selectedShopIds, checkout, vouchers: Object.fromEntries(voucherLists), multiVendor, self });
}

/** "My Cart (n items)" (docs/product.md §2 Cart drawer). */
export const cartTitle = (t: Translate, count: number) => t('My Cart ({{count}} items)', { count });
