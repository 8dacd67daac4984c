import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogCategories, blogs } from '../../db/schema';
import { seedContent } from '../../db/seed/content';
import { BLOG_POSTS } from '../../db/seed/data/blog';
import { slugify } from '../../db/seed/util';
import { createUser } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';
import { blogDetails } from './service';

const DAY = 86_400_000;
const now = new Date();
const published = BLOG_POSTS.filter((post) => !post.draft);
const draft = BLOG_POSTS.find((post) => post.draft)!;

let api: TestApp;
let scheduledId: number;
let rogueId: number;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    const editor = await createUser(db, { name: 'Eve Editor', profilePhoto: '/uploads/avatars/eve.webp' });
    await seedContent(db, editor, now);
    const [category] = await db.select().from(blogCategories).where(eq(blogCategories.slug, 'tech-reviews'));
    const extra = await db
      .insert(blogs)
      .values([
        // Published status, but its publication time has not come yet.
        { title: 'Scheduled Post', slug: 'scheduled-post', description: '<p>Soon.</p>', status: 'published', publishedAt: new Date(now.getTime() + DAY), categoryId: category!.id },
        {
          title: 'Rogue Markup',
          slug: 'rogue-markup',
          status: 'published',
          publishedAt: new Date(now.getTime() - 400 * DAY),
          authorId: null,
          categoryId: null,
          description: `<p onclick="steal()">Hello &amp; welcome<script>alert(1)</script></p><iframe src="https://evil.test"></iframe><p>${'word '.repeat(80)}</p>`,
        },
      ])
      .returning({ id: blogs.id });
    scheduledId = extra[0]!.id;
    rogueId = extra[1]!.id;
  });
});
afterAll(() => api.close());

const BLOG_FIELDS = ['id', 'title', 'slug', 'category', 'post_by', 'thumbnail', 'total_views', 'description', 'created_at', 'is_new'].sort();

describe('GET /blogs', () => {
  it('pages the published posts, newest first, as blog cards', async () => {
    const { status, body } = await api.json('/blogs?per_page=100');
    expect(status).toBe(200);
    expect(body.data.total).toBe(published.length + 1);
    const expected = [...published].sort((a, b) => a.daysAgo - b.daysAgo).map((post) => post.title);
    expect(body.data.blogs.map((b: any) => b.title)).toEqual([...expected, 'Rogue Markup']);
    for (const card of body.data.blogs) expect(Object.keys(card).sort()).toEqual(BLOG_FIELDS);
    const laptop = body.data.blogs.find((b: any) => b.title.startsWith('How to Choose the Right Laptop'));
    expect(laptop).toMatchObject({
      slug: slugify(laptop.title),
      category: { id: expect.any(Number), name: 'Tech Reviews' },
      post_by: { name: 'Eve Editor', profile_photo: '/uploads/avatars/eve.webp' },
      is_new: true,
    });
    expect(laptop.description.length).toBeLessThanOrEqual(200);
    expect(laptop.description).toMatch(/^A laptop is one of the most personal purchases/);
    expect(body.data.blogs.find((b: any) => b.title.startsWith('Capsule')).is_new).toBe(false);
  });

  it('never lists drafts or posts scheduled for later', async () => {
    const { body } = await api.json('/blogs?per_page=100');
    const titles = body.data.blogs.map((b: any) => b.title);
    for (const post of BLOG_POSTS.filter((p) => p.draft)) expect(titles).not.toContain(post.title);
    expect(titles).not.toContain('Scheduled Post');
    expect((await api.json(`/blogs?search=${encodeURIComponent(draft.title)}`)).body.data.total).toBe(0);
  });

  it('strips tags and decodes text in the card description', async () => {
    const { body } = await api.json('/blogs?search=rogue');
    const [card] = body.data.blogs;
    expect(card.description).toMatch(/^Hello & welcome word word/);
    expect(card.description).not.toMatch(/[<>]|alert/);
    expect(card.description.length).toBe(200);
    expect(card).toMatchObject({ category: null, post_by: null });
  });

  it('lists the categories that have published posts, with their counts', async () => {
    const { body } = await api.json('/blogs');
    const counts = new Map<string, number>();
    for (const post of published) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
    expect(body.data.categories.map((c: any) => [c.slug, c.total]).sort()).toEqual([...counts.entries()].sort());
  });

  it('filters by category and searches titles ignoring case and accents', async () => {
    const { body: all } = await api.json('/blogs');
    const tech = all.data.categories.find((c: any) => c.slug === 'tech-reviews');
    const { body } = await api.json(`/blogs?category_id=${tech.id}&per_page=100`);
    expect(body.data.total).toBe(published.filter((p) => p.category === 'tech-reviews').length);
    expect(body.data.blogs.every((b: any) => b.category.id === tech.id)).toBe(true);
    const found = await api.json(`/blogs?search=${encodeURIComponent('LÄPTOP')}`);
    expect(found.body.data.blogs.map((b: any) => b.title)).toEqual(['How to Choose the Right Laptop for Work and Study']);
  });

  it('pages with 10 by default and an empty page past the end', async () => {
    expect((await api.json('/blogs')).body.data.blogs).toHaveLength(10);
    const past = await api.json('/blogs?page=50');
    expect(past.body.data).toMatchObject({ total: published.length + 1, blogs: [] });
  });

  it('is a 422 for bad parameters', async () => {
    const { status, body } = await api.json(`/blogs?page=0&per_page=abc&category_id=x&search=${'q'.repeat(10_240)}`);
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['category_id', 'page', 'per_page', 'search']);
  });
});

describe('GET /blog/{id}/details', () => {
  const laptop = published[0]!;
  const slug = slugify(laptop.title);

  it('gives a published post by slug or id with its tags, sanitised text and related posts', async () => {
    const bySlug = await api.json(`/blog/${slug}/details`);
    expect(bySlug.status).toBe(200);
    const { blog, related_blogs } = bySlug.body.data;
    expect(blog).toMatchObject({ title: laptop.title, slug, status: 'published', meta_title: laptop.title });
    expect(blog.tags.map((t: any) => t.name).sort()).toEqual([...laptop.tags].sort());
    expect(blog.description).toMatch(/^<p>A laptop is one of the most personal purchases/);
    expect(blog.description).toContain('<h2>What matters most</h2>');
    const sameCategory = published.filter((p) => p.category === laptop.category && p !== laptop).sort((a, b) => a.daysAgo - b.daysAgo);
    expect(related_blogs.map((b: any) => b.title)).toEqual(sameCategory.slice(0, 3).map((p) => p.title));
    const byId = await api.json(`/blog/${blog.id}/details`);
    expect(byId.body.data.blog.id).toBe(blog.id);
  });

  it('counts a view on each public read', async () => {
    const first = (await api.json(`/blog/${slug}/details`)).body.data.blog.total_views;
    const second = (await api.json(`/blog/${slug}/details`)).body.data.blog.total_views;
    expect(second).toBe(first + 1);
  });

  it('sanitises the post body', async () => {
    const { body } = await api.json(`/blog/${rogueId}/details`);
    expect(body.data.blog.description).toMatch(/^<p>Hello &amp; welcome<\/p><p>word/);
    expect(body.data.blog.description).not.toMatch(/script|iframe|onclick/);
    expect(body.data.related_blogs).toEqual([]);
  });

  it('is a 404 for drafts, scheduled posts and unknown posts', async () => {
    const [draftRow] = await api.db
      .select()
      .from(blogs)
      .where(eq(blogs.slug, slugify(draft.title)));
    for (const key of [slugify(draft.title), String(draftRow!.id), 'scheduled-post', String(scheduledId), 'no-such-post', '999999']) {
      const { status, body } = await api.json(`/blog/${key}/details`);
      expect(status, key).toBe(404);
      expect(body.message).toBe('Blog post not found.');
    }
  });

  it('lets a trusted caller (editor preview) read a draft, counting no view', async () => {
    const result = await blogDetails(api.db, slugify(draft.title), { includeDrafts: true });
    expect(result.blog).toMatchObject({ title: draft.title, status: 'draft', total_views: 0 });
    const again = await blogDetails(api.db, slugify(draft.title), { includeDrafts: true });
    expect(again.blog.total_views).toBe(0);
  });

  it('is a 422 for a malformed id or slug', async () => {
    for (const key of ['0', 'no_underscores', 'x'.repeat(300)]) {
      const { status, body } = await api.json(`/blog/${key}/details`);
      expect(status, key).toBe(422);
      expect(Object.keys(body.errors)).toEqual(['id']);
    }
  });
});
