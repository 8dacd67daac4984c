/**
 * The cart contract (docs/product.md §3.2 Cart state, §7.2 cart calls): what `GET /carts` and the cart calls answer and what the cart store keeps.
 * Amounts are in the shop's default currency with 2 decimals; the client converts for display.
 */
import { z } from 'zod';
import { Flag } from './flag';
import { MAX_LINE_QUANTITY } from '../lib/cart-line';
import { recordId, wholeNumber } from './numbers';
import type { UserDto } from './auth';

/**
 * A cart line: the spec's item fields plus unit and stock. `id` is the product's (the spec's
 * client sends it back as product_id); `line_id` names the line, since a product may be in
 * the cart in several sizes or colours, one line each.
 */
export interface CartItemDto {
  id: number;
  line_id: number;
  name: string;
  thumbnail: string;
  brand: string | null;
  /** The regular unit price. */
  price: number;
  /** What one unit costs now (lib/price.ts); 0 when there is no reduction. */
  discount_price: number;
  discount_percentage: number;
  size: { id: number; name: string } | null;
  color: { id: number; name: string } | null;
  /** The sizes and colours the product comes in, with their surcharges (as on the product card): what the line may change to. */
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; color_code: string; price: number }[];
  unit: { id: number; name: string } | null;
  quantity: number;
  /** Units in stock. */
  stock: number;
  /** The most units this line may hold now: the stock and the units of a product one order may take (lib/cart-line.ts), less the product's other lines. */
  max_quantity: number;
}

/** One shop's lines (`cart_items[]`). */
export interface CartGroupDto {
  shop_id: number;
  shop_name: string;
  shop_logo: string | null;
  shop_rating: number;
  /** The shop's estimated delivery time as its seller typed it ("2-3 days"), in the shopper's language when translated; null when not given. */
  estimated_delivery_time: string | null;
  products: CartItemDto[];
}

/** The body of every cart call: the item count and the groups. */
export interface CartDto {
  /** Number of items (the basket badge). */
  total: number;
  cart_items: CartGroupDto[];
}

/** A cart call's answer: the cart, and the line that left it when one did (§4.4 Cart changes). */
export interface CartChangeDto extends CartDto {
  /** True when the call took a line out of the cart: clients need not compare the translated message. */
  removed: boolean;
  /** The line that left, for the remove toast (image, name, and its size and colour for Again Add to Cart). */
  removed_product: RemovedProductDto | null;
}

export interface RemovedProductDto {
  id: number;
  name: string;
  thumbnail: string;
  size: { id: number; name: string } | null;
  color: { id: number; name: string } | null;
}

/** The English source of the message a removal answers with (docs/product.md §4.4). */
export const PRODUCT_REMOVED_MESSAGE = 'product removed from cart';

/** One tax of `all_vat_taxes`. */
export interface VatTaxDto {
  name: string;
  percentage: number;
  amount: number;
}

/** The checkout figures (§3.2, §7 POST /cart/checkout), in the default currency with 2 decimals. */
export interface CheckoutFiguresDto {
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  order_tax_amount: number;
  all_vat_taxes: VatTaxDto[];
  payable_amount: number;
}

/** A shop's applied voucher and what it took off; `message` says why it took nothing. */
export interface AppliedCouponDto {
  shop_id: number;
  coupon_code: string;
  discount: number;
  message: string | null;
}

export interface CheckoutDto {
  checkout_items: (CartGroupDto & { checkout: CheckoutFiguresDto })[];
  checkout: CheckoutFiguresDto;
  apply_coupon: AppliedCouponDto[];
}

/** A positive database id as JSON or form data sends it. */
const Id = recordId();

/**
 * An optional size or colour id: blank, null or 0 mean none chosen, which a product that
 * comes in several refuses (service.ts, lib/cart-line.ts `lineOption`).
 */
const OptionId = z.preprocess((value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value), Id.optional());

/** It bounds the line, not only one request (lib/cart-line.ts); an add asking for more in one go is refused here. */
export { MAX_LINE_QUANTITY };

/** §3.2 Add-to-cart payload. */
export const AddToCartPayload = z.strictObject({
  product_id: Id,
  quantity: z.preprocess((value) => (value === undefined || value === '' ? 1 : value), wholeNumber(1, MAX_LINE_QUANTITY)),
  size: OptionId,
  color: OptionId,
  unit: OptionId,
  is_buy_now: Flag,
});
export type AddToCartPayload = z.output<typeof AddToCartPayload>;

/**
 * increment, decrement, delete: the line of `product_id`, or with `line_id` (CartItemDto)
 * the one of its lines that id names; without it a product in the cart in several sizes or
 * colours is a 422 naming line_id (docs/product.md §7.2).
 */
export const CartLinePayload = z.strictObject({ product_id: Id, line_id: OptionId });
export type CartLinePayload = z.output<typeof CartLinePayload>;

/**
 * POST /cart/options: the line (as CartLinePayload) takes this size and colour; one left
 * out keeps the line's own. The line merges into one already holding that choice.
 */
export const CartOptionsPayload = z.strictObject({ product_id: Id, line_id: OptionId, size: OptionId, color: OptionId });
export type CartOptionsPayload = z.output<typeof CartOptionsPayload>;

/**
 * The shops to figure; a form's comma list or repeated `shop_ids[]`, or a JSON array. A
 * typed voucher code is applied to the checkout's shop it belongs to before figuring.
 */
export const CheckoutPayload = z.strictObject({
  shop_ids: z.preprocess((value) => (typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',')) : value === undefined ? [] : value), z.array(Id).max(100)),
  is_buy_now: Flag,
  coupon_code: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().trim().max(40).optional()),
});
export type CheckoutPayload = z.output<typeof CheckoutPayload>;

/**
 * `GET /shopper-badges`: the signed-in shopper's figures the navbar and the floating cart
 * tab show (docs/product.md §2 Navbar, Cart drawer), so a page renders them without
 * JavaScript. `cart_items` counts as `CartDto.total`; `cart_amount` is `cartAmount` of the
 * cart's lines (lib/price.ts), in the default currency's decimals. `messages` counts the
 * shops' chat messages the shopper has not read (`GET /unread-messages`,
 * docs/decisions/020-support-and-live-updates.md), shown on the account menu's Messages link.
 */
export interface ShopperBadgesDto {
  cart_items: number;
  cart_amount: number;
  favorites: number;
  messages: number;
  /** Which of the products asked for (`?favorites_among=`) are the shopper's favourites; absent when none were asked for. */
  favorite_ids?: number[];
}

/** GET /page-viewer: what every signed-in page shows of its viewer, read in one statement. */
export interface PageViewerDto {
  user: UserDto;
  badges: ShopperBadgesDto;
}

/** The most products one `?favorites_among=` of GET /shopper-badges may name. */
export const MAX_FAVORITES_AMONG = 500;

/** A guest's badges, and what a page shows when they cannot be read. */
export const NO_BADGES: ShopperBadgesDto = { cart_items: 0, cart_amount: 0, favorites: 0, messages: 0 };
