/** What a post page knows that schema.org's BlogPosting needs. */
export interface PostForJsonLd {
  title: string;
  thumbnail: string | null;
  /** Publication time (the API's created_at is the publication date of a published post). */
  created_at: string;
  updated_at: string;
  post_by: { name: string } | null;
  category: { name: string } | null;
  tags: { name: string }[];
}

export interface BlogJsonLdContext {
  /** The post's absolute URL. */
  url: string;
  siteUrl: string;
  description: string;
  publisher: { name: string; logo: string | null };
}

/** schema.org BlogPosting for search engines (rich results for articles). */
export function buildBlogPostingJsonLd(post: PostForJsonLd, context: BlogJsonLdContext): Record<string, unknown> {
  const absolute = (path: string) => new URL(path, context.siteUrl).toString();
  const publisher = {
    '@type': 'Organization',
    name: context.publisher.name,
    url: absolute('/'),
    ...(context.publisher.logo ? { logo: { '@type': 'ImageObject', url: absolute(context.publisher.logo) } } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: context.description,
    url: context.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': context.url },
    ...(post.thumbnail ? { image: [absolute(post.thumbnail)] } : {}),
    datePublished: post.created_at,
    // Never before publication: an edit made while the post was a draft is not a modification.
    dateModified: post.updated_at > post.created_at ? post.updated_at : post.created_at,
    // A post without a named author is the shop's own.
    author: post.post_by ? { '@type': 'Person', name: post.post_by.name } : publisher,
    publisher,
    ...(post.category ? { articleSection: post.category.name } : {}),
    ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.name).join(', ') } : {}),
  };
}
