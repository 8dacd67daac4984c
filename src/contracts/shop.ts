/** The shop contract (docs/product.md §3.5 Shop; GET /shops, /shops/{shop}): the shapes the API answers and pages read. No server imports here. */

/** The Shop shape (docs/product.md §3.5). */
export interface ShopDto {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  banner: string | null;
  total_products: number;
  total_categories: number;
  rating: number;
  total_reviews: string;
  /** `active`, or `under_review` while the marketplace checks a new shop (never listed publicly). */
  shop_status: 'active' | 'under_review';
}

export interface ShopDetailsDto extends ShopDto {
  short_description: string | null;
  description: string;
  estimated_delivery_time: string | null;
  delivery_charge: number;
  banners: { id: number; title: string; thumbnail: string; url: string | null }[];
}
