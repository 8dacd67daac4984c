/**
 * The cart contract (docs/product.md §3 Cart state, §7 cart calls; the API reference's
 * cart group): what `GET /carts` and the cart calls answer and what the cart store keeps.
 * Amounts are in the shop's default currency with 2 decimals; the client converts for display.
 */

/** A cart line: the spec's item fields plus unit and stock. */
export interface CartItemDto {
  id: number;
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
  unit: { id: number; name: string } | null;
  quantity: number;
  /** Units in stock: the most this line may hold. */
  stock: number;
}

/** One shop's lines (`cart_items[]`). */
export interface CartGroupDto {
  shop_id: number;
  shop_name: string;
  shop_logo: string | null;
  shop_rating: number;
  products: CartItemDto[];
}

/** The body of every cart call: the item count and the groups. */
export interface CartDto {
  /** Number of items (the basket badge). */
  total: number;
  cart_items: CartGroupDto[];
}
