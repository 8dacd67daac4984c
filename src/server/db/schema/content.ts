import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { id, searchIndex, timestamps, translatedSlugIndexes, contentTranslations } from './columns.ts';
import type { TranslatedField } from '../../../contracts/translations.ts';
import { users } from './users.ts';

export const PUBLICATION_STATUSES = ['draft', 'published'] as const;

export const blogCategories = pgTable('blog_categories', {
  id: id(),
  name: varchar('name', { length: 120 }).notNull(),
  slug: varchar('slug', { length: 140 }).notNull().unique(),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const blogTags = pgTable('blog_tags', {
  id: id(),
  name: varchar('name', { length: 60 }).notNull(),
  slug: varchar('slug', { length: 80 }).notNull().unique(),
  translations: contentTranslations<TranslatedField<'name'>>(),
});

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    categoryId: integer('category_id').references(() => blogCategories.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 220 }).notNull().unique(),
    thumbnail: varchar('thumbnail', { length: 500 }),
    /** Sanitised HTML. */
    description: text('description').notNull(),
    totalViews: integer('total_views').notNull().default(0),
    status: varchar('status', { length: 10, enum: PUBLICATION_STATUSES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    metaTitle: varchar('meta_title', { length: 200 }),
    metaDescription: varchar('meta_description', { length: 300 }),
    translations: contentTranslations<TranslatedField<'blog'>>(),
    ...timestamps(),
  },
  (t) => [
    index('blogs_published').on(t.status, t.publishedAt, t.id),
    index('blogs_category').on(t.categoryId),
    searchIndex('blogs_title_search', t.title, t.translations, 'title'),
    ...translatedSlugIndexes('blogs', t.translations),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.tagId] })],
);

/** Terms, privacy, about, return policy and any other `/page/{slug}`. */
export const legalPages = pgTable('legal_pages', {
  id: id(),
  slug: varchar('slug', { length: 120 }).notNull().unique(),
  title: varchar('title', { length: 200 }).notNull(),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  status: varchar('status', { length: 10, enum: PUBLICATION_STATUSES }).notNull().default('draft'),
  translations: contentTranslations<TranslatedField<'page'>>(),
  ...timestamps(),
});
