import { and, asc, count, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { blogCategories, blogPostTags, blogs, blogTags, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitOffset, type Page } from '@/lib/pagination';
import { localeOf, type Viewer } from '../catalog/product-cards';
import { localized, slugIs } from '../../db/localized';
import { DEFAULT_LOCALE } from '@/lib/locales';
import { popularProducts } from '../catalog/products';
import { matchesSearch, searchForm } from '../catalog/search';
import { toBlogDetailsDto, toBlogDto, type BlogRow } from './dto';

export const RELATED_BLOGS = 3;
/** The sidebar of a post in the original client: the most read posts and products to shop. */
export const POPULAR_BLOGS = 5;
export const RELATED_PRODUCTS = 6;

/**
 * The one rule for public posts: published, with a publication time that has come.
 * Drafts are reachable only by a trusted caller passing `includeDrafts` (editor preview).
 */
export const isPublished = (now: Date): SQL => and(eq(blogs.status, 'published'), lte(blogs.publishedAt, now))!;

function selectBlogs(db: Db, locale: string) {
  return db
    .select({
      blog: blogs,
      category: { id: blogCategories.id, name: localized(blogCategories.name, blogCategories.translations, 'name', locale), slug: blogCategories.slug },
      author: { name: users.name, profilePhoto: users.profilePhoto },
    })
    .from(blogs)
    .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .leftJoin(users, eq(users.id, blogs.authorId))
    .$dynamic();
}

const newestFirst = [desc(blogs.publishedAt), desc(blogs.id)];

/** GET /blogs: a page of published posts, newest first, with the categories that have any. */
export async function listBlogs(db: Db, query: Page & { categoryId?: number | undefined; search?: string | undefined }, locale: string, now = new Date()) {
  const where = and(
    isPublished(now),
    query.categoryId === undefined ? undefined : eq(blogs.categoryId, query.categoryId),
    matchesSearch(searchForm(blogs.title, blogs.translations, 'title'), query.search),
  );
  const { limit, offset } = limitOffset(query);
  const [rows, [counted], categories] = await Promise.all([
    selectBlogs(db, locale)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(blogs).where(where),
    db
      .select({ id: blogCategories.id, name: localized(blogCategories.name, blogCategories.translations, 'name', locale), slug: blogCategories.slug, total: count() })
      .from(blogCategories)
      .innerJoin(blogs, eq(blogs.categoryId, blogCategories.id))
      .where(isPublished(now))
      .groupBy(blogCategories.id)
      .orderBy(asc(localized(blogCategories.name, blogCategories.translations, 'name', locale))),
  ]);
  return { total: counted?.n ?? 0, blogs: rows.map((row) => toBlogDto(row, now, locale)), categories };
}

/**
 * GET /blog/{id}/details: a published post by id or slug, with its tags, related posts
 * (same category), the most read other posts and products to shop, as the original
 * client shows beside a post (docs/product.md §7.6). Posts are not linked to products, so
 * those are the shop's most popular, the same list product details shows. A public read
 * counts as a view; a preview (`includeDrafts`) does not.
 */
export async function blogDetails(db: Db, key: number | string, options: { includeDrafts?: boolean; now?: Date; viewer?: Viewer } = {}) {
  const now = options.now ?? new Date();
  const locale = options.viewer ? localeOf(options.viewer) : DEFAULT_LOCALE;
  const byKey = typeof key === 'number' ? eq(blogs.id, key) : slugIs(blogs.slug, blogs.translations, key);
  const [row] = await selectBlogs(db, locale).where(options.includeDrafts ? byKey : and(byKey, isPublished(now)));
  if (!row) throw notFound('Blog post not found.');
  const [tags, relatedRows, , popularRows, products] = await Promise.all([
    db
      .select({ id: blogTags.id, name: localized(blogTags.name, blogTags.translations, 'name', locale), slug: blogTags.slug })
      .from(blogPostTags)
      .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
      .where(eq(blogPostTags.blogId, row.blog.id))
      .orderBy(asc(blogTags.id)),
    row.blog.categoryId === null
      ? Promise.resolve([] as BlogRow[])
      : selectBlogs(db, locale)
          .where(and(isPublished(now), eq(blogs.categoryId, row.blog.categoryId), ne(blogs.id, row.blog.id)))
          .orderBy(...newestFirst)
          .limit(RELATED_BLOGS),
    row.blog.status === 'published' && !options.includeDrafts
      ? db
          .update(blogs)
          .set({ totalViews: sql`${blogs.totalViews} + 1` })
          .where(eq(blogs.id, row.blog.id))
      : Promise.resolve(),
    selectBlogs(db, locale)
      .where(and(isPublished(now), ne(blogs.id, row.blog.id)))
      .orderBy(desc(blogs.totalViews), ...newestFirst)
      .limit(POPULAR_BLOGS),
    popularProducts(db, RELATED_PRODUCTS, options.viewer),
  ]);
  return {
    blog: toBlogDetailsDto(row, tags, now, locale),
    related_blogs: relatedRows.map((related) => toBlogDto(related, now, locale)),
    popular_blogs: popularRows.map((popular) => toBlogDto(popular, now, locale)),
    related_products: products,
  };
}
