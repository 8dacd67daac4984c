import type { Db } from '../client';
import { blogCategories, blogPostTags, blogs, blogTags, legalPages } from '../schema/index.ts';
import { BLOG_CATEGORIES, BLOG_POSTS, BLOG_TAGS, blogHtml } from './data/blog.ts';
import { LEGAL_PAGES, legalHtml } from './data/legal.ts';
import type { User } from './factories';
import { uploadUrl } from './images.ts';
import { daysFrom, slugify } from './util.ts';

/** Blog categories, tags and posts by the editorial account, plus the legal pages. */
export async function seedContent(db: Db, author: User, now: Date): Promise<void> {
  const categoryRows = await db
    .insert(blogCategories)
    .values(BLOG_CATEGORIES.map((c) => ({ ...c })))
    .returning();
  const tagRows = await db
    .insert(blogTags)
    .values(BLOG_TAGS.map((name) => ({ name, slug: slugify(name) })))
    .returning();

  for (const [index, post] of BLOG_POSTS.entries()) {
    const slug = slugify(post.title);
    const written = daysFrom(now, -post.daysAgo, -index * 37);
    const plain = post.intro.length > 160 ? `${post.intro.slice(0, post.intro.lastIndexOf(' ', 157))}…` : post.intro;
    const [row] = await db
      .insert(blogs)
      .values({
        categoryId: categoryRows.find((c) => c.slug === post.category)!.id,
        authorId: author.id,
        title: post.title,
        slug,
        thumbnail: uploadUrl('blogs', slug),
        description: blogHtml(post),
        // Older posts have had longer to gather readers.
        totalViews: post.draft ? 0 : 120 + post.daysAgo * 37 + ((index * 7919) % 900),
        status: post.draft ? 'draft' : 'published',
        publishedAt: post.draft ? null : written,
        metaTitle: post.title,
        metaDescription: plain,
        createdAt: written,
        updatedAt: written,
      })
      .returning({ id: blogs.id });
    await db.insert(blogPostTags).values(post.tags.map((tag) => ({ blogId: row!.id, tagId: tagRows.find((t) => t.name === tag)!.id })));
  }

  await db.insert(legalPages).values(LEGAL_PAGES.map((page) => ({ slug: page.slug, title: page.title, content: legalHtml(page), status: page.status })));
}
