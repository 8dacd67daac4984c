import type { blogs } from '../../db/schema';
import { cleanHtml, excerpt } from '../../html';
import type { BlogDetailsDto, BlogDto } from '@/contracts/blog';

/** What the blog queries read: the post, its category and its author (both optional). */
export interface BlogRow {
  blog: typeof blogs.$inferSelect;
  category: { id: number; name: string; slug: string } | null;
  author: { name: string; profilePhoto: string | null } | null;
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
