import { apiGet } from '../pages/page-api';
import { apiCall } from './api';
import { sessionToken } from './forms';
import { page, type PageOutcome, type PageRequest } from './outcome';
import type { ProductCardDto } from '../../contracts/catalog';

/**
 * /wishlist (docs/product.md §2.2): the shopper's favourites as cards, each with
 * its heart (to take it out) and Add to Cart. The hearts post to /cart (page-data/cart.ts).
 */

export interface WishlistPageData {
  products: ProductCardDto[];
}

export async function loadWishlistPage(req: PageRequest): Promise<PageOutcome<WishlistPageData>> {
  const { products } = await apiGet<{ products: ProductCardDto[] }>('/favorite-products', { ...apiCall(req), token: sessionToken(req) });
  return page({ products });
}
