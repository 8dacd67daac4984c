import { describe, expect, it } from 'vitest';
import { buildProductJsonLd, type ProductForJsonLd } from './product-jsonld';

const product: ProductForJsonLd = {
  id: 158,
  name: 'Air Fryer',
  thumbnail: '/uploads/products/fryer-1-800.webp',
  thumbnails: [{ thumbnail: '/uploads/products/fryer-1-800.webp' }, { thumbnail: '/uploads/products/fryer-2-800.webp' }],
  price: 24.99,
  discount_price: 22.99,
  quantity: 3,
  brand: 'Casa Nova',
  short_description: 'Stainless air fryer.',
  shop: { name: 'Casa Living' },
};
const context = {
  url: 'https://shop.example/products/158/details',
  siteUrl: 'https://shop.example',
  currency: { code: 'USD', display: { symbol: '$', position: 'prefix' as const, rate: 1 } },
  reviews: { average: 4.5, total: 2 },
};

describe('buildProductJsonLd', () => {
  it('offers the price the shopper pays, in stock, with absolute images', () => {
    const data = buildProductJsonLd(product, context);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Air Fryer',
      brand: { '@type': 'Brand', name: 'Casa Nova' },
      image: ['https://shop.example/uploads/products/fryer-1-800.webp', 'https://shop.example/uploads/products/fryer-2-800.webp'],
      offers: { '@type': 'Offer', price: '22.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
  });

  it('uses the normal price without a discount, the page currency, and says out of stock', () => {
    const data = buildProductJsonLd(
      { ...product, discount_price: 0, quantity: 0 },
      { ...context, currency: { code: 'EUR', display: { symbol: '€', position: 'suffix', rate: 0.9 } } },
    );
    expect(data.offers).toMatchObject({ price: '22.49', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' });
  });

  it('leaves aggregateRating out when there are no reviews', () => {
    expect(buildProductJsonLd(product, { ...context, reviews: { average: 0, total: 0 } })).not.toHaveProperty('aggregateRating');
  });
});
