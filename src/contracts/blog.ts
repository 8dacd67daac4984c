/** The blog contract (docs/product.md §3.5 Blog post; GET /blogs, /blog/{id}/details): the shapes the API answers and pages read. No server imports here. */

/** The Blog post shape (docs/product.md §3.5). */
export interface BlogDto {
  id: number;
  title: string;
  slug: string;
  category: { id: number; name: string } | null;
  post_by: { name: string; profile_photo: string | null } | null;
  thumbnail: string | null;
  total_views: number;
  /** The first 200 characters of the text, tags stripped. */
  description: string;
  created_at: string;
  is_new: boolean;
}

export interface BlogDetailsDto extends Omit<BlogDto, 'description'> {
  /** The whole post, sanitised HTML. */
  description: string;
  tags: { id: number; name: string; slug: string }[];
  status: 'draft' | 'published';
  meta_title: string | null;
  meta_description: string | null;
  /** The post's slug in each language that has one (docs/product.md §9.1), for hreflang. */
  slugs: Record<string, string>;
  updated_at: string;
}
