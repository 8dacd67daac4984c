import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogs } from '../../db/schema';
import { seedContent } from '../../db/seed/content';
import { BLOG_POSTS } from '../../db/seed/data/blog';
import { slugify } from '../../db/seed/util';
import { createUser } from '@tests/fixtures';
import { createPreviewTestApp } from '@tests/support/preview-app';

const draft = slugify(BLOG_POSTS.find((post) => post.draft)!.title);
const otherDraft = slugify(BLOG_POSTS.filter((post) => post.draft)[1]!.title);
const published = slugify(BLOG_POSTS.find((post) => !post.draft)!.title);

let api: Awaited<ReturnType<typeof createPreviewTestApp>>;
beforeAll(async () => {
  api = await createPreviewTestApp(async (db) => seedContent(db, await createUser(db), new Date()));
});
afterAll(() => api.close());

const details = (slug: string, token?: string) => api.json(`/blog/${slug}/details${token === undefined ? '' : `?preview=${encodeURIComponent(token)}`}`);

describe('GET /blog/{slug}/details?preview=', () => {
  it('shows a draft with a valid link, marked as a preview, uncached and without counting a view', async () => {
    const { status, headers, body } = await details(draft, api.sign('blog', draft));
    expect(status).toBe(200);
    expect(body.data.preview).toBe(true);
    expect(body.data.blog).toMatchObject({ slug: draft, status: 'draft', total_views: 0 });
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect((await details(draft, api.sign('blog', draft))).body.data.blog.total_views).toBe(0);
  });

  it('keeps the draft a 404 for an expired, wrong-kind, wrong-slug, tampered or missing token', async () => {
    const valid = api.sign('blog', draft);
    const [expires, signature] = valid.split('.') as [string, string];
    const tokens = {
      none: undefined,
      empty: '',
      expired: api.sign('blog', draft, -1),
      'wrong kind': api.sign('page', draft),
      'wrong slug': api.sign('blog', otherDraft),
      'tampered expiry': `${Number(expires) + 86_400}.${signature}`,
      'tampered signature': `${expires}.${signature.slice(0, 10)}${signature[10] === 'a' ? 'b' : 'a'}${signature.slice(11)}`,
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const { status, body } = await details(draft, token);
      expect(status, name).toBe(404);
      expect(body, name).toEqual({ message: 'Blog post not found.' });
    }
  });

  it('opens a draft only by the slug the link was signed for, not by its id', async () => {
    const [row] = await api.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.slug, draft));
    expect((await details(String(row!.id), api.sign('blog', draft))).status).toBe(404);
  });

  it('ignores the parameter on a published post', async () => {
    const before = (await details(published)).body.data.blog.total_views;
    for (const token of [api.sign('blog', published), 'not-a-token']) {
      const { status, headers, body } = await details(published, token);
      expect(status).toBe(200);
      expect(body.data.preview).toBe(false);
      expect(headers.get('cache-control')).toBeNull();
    }
    // Both reads were public ones, each counting a view.
    expect((await details(published)).body.data.blog.total_views).toBe(before + 3);
  });

  it('gives the modification time with the post', async () => {
    const { body } = await details(published);
    expect(body.data.preview).toBe(false);
    expect(new Date(body.data.blog.updated_at).getTime()).toBeGreaterThan(0);
  });
});
