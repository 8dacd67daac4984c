import type { Db } from '../client';
import { blogCategories, blogPostTags, blogs, blogTags, legalPages } from '../schema/index.ts';
import { BLOG_CATEGORIES, BLOG_POSTS, BLOG_TAGS, blogHtml, englishClosing } from './data/blog.ts';
import { BLOG_AR } from './data/i18n/blog-ar.ts';
import { BLOG_IR } from './data/i18n/blog-ir.ts';
import { BLOG_CATEGORY_NAMES, BLOG_CLOSINGS, BLOG_TAG_NAMES, type TranslatedPosts } from './data/i18n/blog.ts';
import { LEGAL_TEXT } from './data/i18n/legal.ts';
import type { Locale } from './data/i18n/types';
import { LEGAL_PAGES, legalHtml } from './data/legal.ts';
import type { User } from './factories';
import { uploadUrl } from './images.ts';
import { localized, localizedName } from './localized.ts';
import { daysFrom, localSlug, slugify } from './util.ts';

const POSTS: Record<Locale, TranslatedPosts> = { ar: BLOG_AR, ir: BLOG_IR };

/** A post's search-result blurb: its introduction, cut at a word near 160 characters. */
function blurb(intro: string): string {
  return intro.length > 160 ? `${intro.slice(0, intro.lastIndexOf(' ', 157))}…` : intro;
}

/** Blog categories, tags and posts by the editorial account, plus the legal pages, each with its translations. */
export async function seedContent(db: Db, author: User, now: Date): Promise<void> {
  const categoryRows = await db
    .insert(blogCategories)
    .values(BLOG_CATEGORIES.map((c) => ({ ...c, translations: localizedName(BLOG_CATEGORY_NAMES[c.slug]) })))
    .returning();
  const tagRows = await db
    .insert(blogTags)
    .values(BLOG_TAGS.map((name) => ({ name, slug: slugify(name), translations: localizedName(BLOG_TAG_NAMES[name]) })))
    .returning();

  for (const [index, post] of BLOG_POSTS.entries()) {
    const slug = slugify(post.title);
    const written = daysFrom(now, -post.daysAgo, -index * 37);
    const [row] = await db
      .insert(blogs)
      .values({
        categoryId: categoryRows.find((c) => c.slug === post.category)!.id,
        authorId: author.id,
        title: post.title,
        slug,
        thumbnail: uploadUrl('blogs', slug),
        description: blogHtml(post, englishClosing(post.category)),
        // Older posts have had longer to gather readers.
        totalViews: post.draft ? 0 : 120 + post.daysAgo * 37 + ((index * 7919) % 900),
        status: post.draft ? 'draft' : 'published',
        publishedAt: post.draft ? null : written,
        metaTitle: post.title,
        metaDescription: blurb(post.intro),
        translations: localized((locale) => {
          const text = POSTS[locale][post.title];
          const closing = BLOG_CLOSINGS[locale];
          return {
            title: text.title,
            slug: localSlug(text.title),
            description: blogHtml(text, { heading: closing.heading, text: closing.text[post.category] }),
            meta_title: text.title,
            meta_description: blurb(text.intro),
          };
        }),
        createdAt: written,
        updatedAt: written,
      })
      .returning({ id: blogs.id });
    await db.insert(blogPostTags).values(post.tags.map((tag) => ({ blogId: row!.id, tagId: tagRows.find((t) => t.name === tag)!.id })));
  }

  await db.insert(legalPages).values(
    LEGAL_PAGES.map((page) => ({
      slug: page.slug,
      title: page.title,
      content: legalHtml(page),
      status: page.status,
      translations: localized((locale) => {
        const text = LEGAL_TEXT[locale][page.slug];
        return { title: text.title, content: legalHtml(text) };
      }),
    })),
  );
}
