import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A product as GET /api/products lists it: the fields the specs choose products by. */
export interface ProductCard {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  quantity: number;
  shop: { id: number; name: string; estimated_delivery_time: string | null };
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; price: number }[];
}

/**
 * Whether a card adds in one click: nothing to choose (no size or colour, or one of each).
 * A product in several sizes or colours needs the shopper's choice (docs/product.md §3.2),
 * which the specs about choosing exercise; the others take products that add at once.
 */
export const addsInOneClick = (card: { sizes: unknown[]; colors: unknown[] }) => card.sizes.length <= 1 && card.colors.length <= 1;

/**
 * The size and colour an add through the API chooses for a product: its first of each. A
 * product in several must be given one (docs/product.md §3.2); none are sent when it has none.
 */
export const firstChoice = (card: { sizes: { id: number }[]; colors: { id: number }[] }) => ({ size: card.sizes[0]?.id, color: card.colors[0]?.id });

/** A card's own Add to Cart button (components/cart/AddToCartForm.astro), not a chooser's (CardChooser.astro). */
export const ONE_CLICK_ADD = 'button[data-card-add]';

export interface Answer {
  status: number;
  /** The API envelope; `data` is whatever the call answers. */
  body: { message: string; data: any; errors?: Record<string, string[]> };
}

/**
 * A call to the API as a signed-in shopper (Bearer token, as the original client sends
 * it): `path` after /api on this run's server, or an absolute URL of another server.
 */
export async function shopperApi(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Answer> {
  const url = /^https?:/.test(path) ? path : `/api${path}`;
  const response = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  return { status: response.status(), body: await response.json() };
}

/** GET /api`path` as a guest, expecting 200: the answer's data. */
export async function apiData<T = any>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()).data as T;
}

/** Calls as one signed-in shopper (shopperApi with the token bound). */
export type ShopperCall = (method: 'GET' | 'POST', path: string, data?: unknown) => Promise<Answer>;

export const shopperCaller =
  (request: APIRequestContext, token: string): ShopperCall =>
  (method, path, data) =>
    shopperApi(request, token, method, path, data);

/**
 * Two products from two different shops that add in one click, the newest with more than
 * `inStock` in stock (and costing at least `minPrice` dollars when given, e.g. a voucher's
 * minimum spend).
 */
export async function twoShopsProducts(request: APIRequestContext, { minPrice, inStock = 20 }: { minPrice?: number; inStock?: number } = {}): Promise<[ProductCard, ProductCard]> {
  const query = `per_page=100${minPrice === undefined ? '' : `&min_price=${minPrice}`}&sort_type=newest`;
  const { data } = await (await request.get(`/api/products?${query}`)).json();
  const cards = (data.products as ProductCard[]).filter((card) => card.quantity > inStock && addsInOneClick(card));
  const first = cards[0];
  const second = cards.find((card) => card.shop.id !== first?.shop.id);
  if (!first || !second) throw new Error(`No two shops with products over ${inStock} in stock (${query})`);
  return [first, second];
}

/**
 * The shopper's cart emptied and an address on file (one named `name` is added when there
 * is none), whatever an earlier run left. Their first address.
 */
export async function emptyCartWithAddress(call: ShopperCall, name: string): Promise<{ id: number; name: string }> {
  const { body } = await call('GET', '/carts');
  for (const group of body.data.cart_items) for (const item of group.products) await call('POST', '/cart/delete', { product_id: item.id, line_id: item.line_id });
  let addresses = (await call('GET', '/addresses')).body.data.addresses;
  if (addresses.length === 0) {
    await call('POST', '/address/store', { name, phone: '2025550199', address_line: '1 Test Road', area: 'Downtown', address_type: 'home', ...TEST_REGION });
    addresses = (await call('GET', '/addresses')).body.data.addresses;
  }
  return addresses[0];
}

/** Where emptyCartWithAddress's address is, and how its postal block reads it (lib/postal-address.ts). */
export const TEST_REGION = { country: 'United States', state: 'Texas', city: 'Austin', post_code: '73301' };
export const TEST_REGION_LINE = 'Austin, Texas 73301';

/** The one-shot message a form's redirect leaves on the next page (server/http/flash.ts). */
export const flash = (page: Page) => page.locator('[data-flash]');

/** The floating cart tab (components/cart/CartTab.astro): its count and amount. */
export const cartTab = (page: Page) => page.locator('[data-cart-host] aside > a');

/** The navbar's basket or wishlist badge (the first: the phone menu has its own). */
export const badge = (page: Page, name: 'cart' | 'wishlist') => page.locator(`[data-count="${name}"]`).first();

/** A product's name as a page in `locale` shows it: its translation, else the default language's (docs/product.md §9.1). */
export async function productNameIn(request: APIRequestContext, productId: number, locale: string): Promise<string> {
  const answer = await request.get(`/api/product-details?product_id=${productId}`, { headers: { 'Accept-Language': locale } });
  return (await answer.json()).data.product.name as string;
}
