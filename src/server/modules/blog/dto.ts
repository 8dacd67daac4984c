import type { blogs } from '../../db/schema';
import { cleanHtml, excerpt } from '../../html';

/** What the blog queries read: the post, its category and its author (both optional). */
export interface BlogRow {
  blog: typeof blogs.$inferSelect;
  category: { id: number; name: string; slug: string } | null;
  author: { name: string; profilePhoto: string | null } | null;
}

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
  updated_at: string;
}

const EXCERPT_LENGTH = 200;
/** Posts younger than this show as new. */
const NEW_FOR_MS = 5 * 86_400_000;

/** Row to DTO: the only place a blog card is shaped. */
export function toBlogDto({ blog, category, author }: BlogRow, now: Date): BlogDto {
  // A post dates from its publication; a draft (preview) from its writing.
  const dated = blog.publishedAt ?? blog.createdAt;
  return {
    id: blog.id,
    title: blog.title,
    slug: blog.slug,
    category: category ? { id: category.id, name: category.name } : null,
    post_by: author ? { name: author.name, profile_photo: author.profilePhoto } : null,
    thumbnail: blog.thumbnail,
    total_views: blog.totalViews,
    description: excerpt(blog.description, EXCERPT_LENGTH),
    created_at: dated.toISOString(),
    is_new: now.getTime() - dated.getTime() < NEW_FOR_MS,
  };
}

export function toBlogDetailsDto(row: BlogRow, tags: BlogDetailsDto['tags'], now: Date): BlogDetailsDto {
  return {
    ...toBlogDto(row, now),
    description: cleanHtml(row.blog.description),
    tags,
    status: row.blog.status,
    meta_title: row.blog.metaTitle,
    meta_description: row.blog.metaDescription,
    updated_at: row.blog.updatedAt.toISOString(),
  };
}
