import type { blogs } from '../../db/schema';
import { cleanHtml, excerpt } from '../../html';
import type { BlogDetailsDto, BlogDto } from '@/contracts/blog';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { pickLocalized } from '../../db/localized';

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
export function toBlogDto({ blog, category, author }: BlogRow, now: Date, locale: string): BlogDto {
  // A post dates from its publication; a draft (preview) from its writing.
  const dated = blog.publishedAt ?? blog.createdAt;
  const text = (field: string, value: string) => pickLocalized(value, blog.translations, field, locale);
  return {
    id: blog.id,
    title: text('title', blog.title),
    slug: text('slug', blog.slug),
    category: category ? { id: category.id, name: category.name } : null,
    post_by: author ? { name: author.name, profile_photo: author.profilePhoto } : null,
    thumbnail: blog.thumbnail,
    total_views: blog.totalViews,
    description: excerpt(text('description', blog.description), EXCERPT_LENGTH),
    created_at: dated.toISOString(),
    is_new: now.getTime() - dated.getTime() < NEW_FOR_MS,
  };
}

export function toBlogDetailsDto(row: BlogRow, tags: BlogDetailsDto['tags'], now: Date, locale: string): BlogDetailsDto {
  const { blog } = row;
  return {
    ...toBlogDto(row, now, locale),
    description: cleanHtml(pickLocalized(blog.description, blog.translations, 'description', locale)),
    tags,
    status: blog.status,
    meta_title: pickLocalized(blog.metaTitle, blog.translations, 'meta_title', locale),
    meta_description: pickLocalized(blog.metaDescription, blog.translations, 'meta_description', locale),
    slugs: {
      [DEFAULT_LOCALE]: blog.slug,
      ...Object.fromEntries(Object.entries(blog.translations).flatMap(([language, fields]) => (fields?.slug ? [[language, fields.slug]] : []))),
    },
    updated_at: row.blog.updatedAt.toISOString(),
  };
}
