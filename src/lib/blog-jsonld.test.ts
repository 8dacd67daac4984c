import { describe, expect, it } from 'vitest';
import { buildBlogPostingJsonLd, type PostForJsonLd } from './blog-jsonld';

const post: PostForJsonLd = {
  title: 'Capsule Wardrobe',
  thumbnail: '/uploads/blogs/capsule-800.webp',
  created_at: '2030-01-02T10:00:00.000Z',
  updated_at: '2030-01-05T08:00:00.000Z',
  post_by: { name: 'Eve Editor' },
  category: { name: 'Style & Trends' },
  tags: [{ name: 'Fashion' }, { name: 'Sustainability' }],
};
const context = {
  url: 'https://shop.test/blog/capsule-wardrobe',
  siteUrl: 'https://shop.test',
  description: 'Twelve pieces, thirty outfits.',
  publisher: { name: 'ShopHub', logo: '/uploads/site/logo-800.webp' },
};

describe('BlogPosting JSON-LD', () => {
  it('describes the post with absolute URLs, dates, author and publisher', () => {
    expect(buildBlogPostingJsonLd(post, context)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Capsule Wardrobe',
      description: 'Twelve pieces, thirty outfits.',
      url: 'https://shop.test/blog/capsule-wardrobe',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.test/blog/capsule-wardrobe' },
      image: ['https://shop.test/uploads/blogs/capsule-800.webp'],
      datePublished: '2030-01-02T10:00:00.000Z',
      dateModified: '2030-01-05T08:00:00.000Z',
      author: { '@type': 'Person', name: 'Eve Editor' },
      publisher: { '@type': 'Organization', name: 'ShopHub', url: 'https://shop.test/', logo: { '@type': 'ImageObject', url: 'https://shop.test/uploads/site/logo-800.webp' } },
      articleSection: 'Style & Trends',
      keywords: 'Fashion, Sustainability',
    });
  });

  it('credits the shop when no author is named and never dates a change before publication', () => {
    const data = buildBlogPostingJsonLd(
      { ...post, post_by: null, thumbnail: null, category: null, tags: [], updated_at: '2029-12-30T00:00:00.000Z' },
      { ...context, publisher: { name: 'ShopHub', logo: null } },
    );
    expect(data.author).toEqual({ '@type': 'Organization', name: 'ShopHub', url: 'https://shop.test/' });
    expect(data.dateModified).toBe('2030-01-02T10:00:00.000Z');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('keywords');
    expect(data).not.toHaveProperty('articleSection');
  });
});
