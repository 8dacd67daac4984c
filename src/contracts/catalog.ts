/**
 * The catalogue contract (docs/product.md §3.5 Product card, Product details, Category;
 * §7 GET /products, /product-details, /categories, /reviews): the shapes the API answers
 * and pages and islands read. No server imports here.
 */

export const SORT_TYPES = [
  'top_selling',
  'popular_product',
  'newest',
  'just_for_you',
  'high_to_low',
  'low_to_high',
  /** Biggest discount first: the storefront's "best deal" list. */
  'best_deal',
] as const;

export type SortType = (typeof SORT_TYPES)[number];

export interface SubCategoryDto {
  id: number;
  /** In the request's language (docs/product.md §9.1), as every text of the catalogue. */
  name: string;
  slug: string;
  /** The slug in each language that has one (the default language's always), for links and hreflang. */
  slugs: Record<string, string>;
  thumbnail: string | null;
}

export interface CategoryDto extends SubCategoryDto {
  sub_categories: SubCategoryDto[];
}

/** The Product card (docs/product.md §3.5). */
export interface ProductCardDto {
  id: number;
  name: string;
  thumbnail: string;
  price: number;
  discount_price: number;
  discount_percentage: number;
  rating: number;
  total_reviews: string;
  total_sold: number;
  quantity: number;
  is_favorite: boolean;
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; color_code: string; price: number }[];
  unit: { id: number; name: string } | null;
  brand: string | null;
  shop: { id: number; name: string; logo: string | null; rating: number; estimated_delivery_time: string | null; delivery_charge: number };
}

export interface ProductPage {
  total: number;
  products: ProductCardDto[];
}

/** The Product details shape (docs/product.md §3.5), plus its category for breadcrumbs. */
export interface ProductDetailsDto extends ProductCardDto {
  slug: string;
  short_description: string | null;
  description: string;
  thumbnails: { id: number; thumbnail: string }[];
  flash_sale: { id: number; name: string; thumbnail: string | null; start_date: string; end_date: string; price: number; quantity: number; sold: number } | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  category: { id: number; name: string; slug: string };
  sub_category: { id: number; name: string; slug: string } | null;
}

/** The `filters` of GET /products: what the shopper can narrow the current scope by. */
export interface ProductFacets {
  sizes: { id: number; name: string; total: number }[];
  colors: { id: number; name: string; color_code: string; total: number }[];
  brands: { id: number; name: string; total: number }[];
  min_price: number;
  max_price: number;
}

export interface ReviewDto {
  id: number;
  rating: number;
  review: string | null;
  created_at: string;
  user: { name: string; profile_photo: string | null };
  /** The same text and author under the names the original client reads (docs/product.md §7.6). */
  description: string | null;
  customer_name: string;
  customer_profile: string | null;
}

/** Average, count and how many reviews gave each number of stars. */
export interface ReviewSummary {
  average: number;
  total: number;
  stars: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/**
 * The summary as the original client reads it (docs/product.md §7.6): the average, the
 * count, and the share of reviews giving each number of stars, in percent.
 */
export interface RatingPercentages {
  rating: number;
  total_review: number;
  percentages: Record<'1' | '2' | '3' | '4' | '5', number>;
}
