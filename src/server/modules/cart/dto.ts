import type { CartGroupDto, CartItemDto } from '@/contracts/cart';
import { fromMinor } from '@/lib/money';
import { ratingValue } from '../catalog/format';
import { byShop, type PricedLine } from './lines';

/** The only place a cart line is shaped for the API (§3.2 Cart item, plus line_id, the options it may change to, unit and stock). */
export function toCartItem(line: PricedLine): CartItemDto {
  return {
    id: line.productId,
    line_id: line.lineId,
    name: line.name,
    thumbnail: line.thumbnail,
    brand: line.brand,
    price: fromMinor(line.price.regular),
    discount_price: fromMinor(line.price.discountPrice),
    discount_percentage: line.price.discountPercentage,
    size: line.size ? { id: line.size.id, name: line.size.name } : null,
    color: line.color ? { id: line.color.id, name: line.color.name } : null,
    sizes: line.offered.sizes.map((size) => ({ id: size.id, name: size.name, price: fromMinor(size.surcharge) })),
    colors: line.offered.colors.map((color) => ({ id: color.id, name: color.name, color_code: color.colorCode, price: fromMinor(color.surcharge) })),
    unit: line.unit,
    quantity: line.quantity,
    stock: line.stock,
    max_quantity: line.limit,
  };
}

/** Lines as `cart_items`: groups by shop (docs/product.md §3.2 Cart group; contracts/cart.ts). */
export function toCartGroups(lines: readonly PricedLine[]): CartGroupDto[] {
  return byShop(lines).map(({ shop, lines: shopLines }) => ({
    shop_id: shop.id,
    shop_name: shop.name,
    shop_logo: shop.logo,
    shop_rating: ratingValue(shop.rating),
    estimated_delivery_time: shop.deliveryTime,
    products: shopLines.map(toCartItem),
  }));
}

/**
 * The basket badge and "My Cart (n items)": the number of products in the cart (lines),
 * as the original API counts cart rows; a line's quantity shows on the line.
 */
export const itemCount = (lines: readonly PricedLine[]) => lines.length;
