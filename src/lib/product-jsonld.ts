import { formatPrice, type DisplayCurrency } from './money';
import { shownPrice } from './price';

/** What a product page knows that schema.org's Product needs. */
export interface ProductForJsonLd {
  id: number;
  name: string;
  thumbnail: string;
  thumbnails: { thumbnail: string }[];
  price: number;
  discount_price: number;
  quantity: number;
  brand: string | null;
  short_description: string | null;
  shop: { name: string };
}

export interface JsonLdContext {
  /** The product page's absolute URL. */
  url: string;
  siteUrl: string;
  /** The page's currency: its ISO code and how amounts are converted (the prices shown). */
  currency: { code: string; display: DisplayCurrency };
  /** The published reviews' summary; aggregateRating is left out without reviews. */
  reviews: { average: number; total: number };
}

/**
 * schema.org Product for search engines: the offer is the price a shopper pays (the
 * price rule) in the currency the page shows, with its availability.
 */
export function buildProductJsonLd(product: ProductForJsonLd, context: JsonLdContext): Record<string, unknown> {
  const images = [product.thumbnail, ...product.thumbnails.map((image) => image.thumbnail)];
  // Converted and rounded exactly as the visible price (formatPrice), without the symbol.
  const price = formatPrice(shownPrice(product).current, { ...context.currency.display, symbol: '', position: 'prefix' });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    url: context.url,
    image: [...new Set(images)].map((path) => new URL(path, context.siteUrl).toString()),
    ...(product.short_description ? { description: product.short_description } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: context.url,
      price,
      priceCurrency: context.currency.code,
      availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: product.shop.name },
    },
    ...(context.reviews.total > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: context.reviews.average, reviewCount: context.reviews.total, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
