import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema';
import { seedContent } from '../../db/seed/content';
import { BLOG_POSTS } from '../../db/seed/data/blog';
import { LEGAL_PAGES } from '../../db/seed/data/legal';
import { slugify } from '../../db/seed/util';
import { createCategory, createProduct, createShop, createUser, type Category, type Product, type Shop } from '@tests/fixtures';
import { createTestApp, type TestApp } from '@tests/support/api';

let api: TestApp;
let open: Shop;
let closed: Shop;
let active: Category;
let hidden: Category;
const visibleProducts: Product[] = [];
const hiddenProducts: Product[] = [];
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await seedContent(db, await createUser(db), new Date());
    await db.insert(blogs).values({ title: 'Scheduled', slug: 'scheduled', description: '<p>Soon</p>', status: 'published', publishedAt: new Date(Date.now() + 86_400_000) });
    open = await createShop(db, { name: 'Open Shop' });
    closed = await createShop(db, { name: 'Closed Shop', isActive: false });
    active = await createCategory(db, { name: 'Gadgets' });
    hidden = await createCategory(db, { name: 'Retired', isActive: false });
    for (let k = 0; k < 7; k++) visibleProducts.push(await createProduct(db, { shopId: open.id, categoryId: active.id }));
    hiddenProducts.push(await createProduct(db, { shopId: open.id, categoryId: active.id, isActive: false }));
    hiddenProducts.push(await createProduct(db, { shopId: closed.id, categoryId: active.id }));
    visibleProducts.push(await createProduct(db, { shopId: open.id, categoryId: active.id }));
  });
});
afterAll(() => api.close());

/** Every entry of a kind, following the keyset cursor page by page. */
async function walk(kind: string, query = '') {
  const entries: { id: number; slug: string; updated_at: string | null }[] = [];
  let after = 0;
  for (let calls = 0; calls < 50; calls++) {
    const { status, body } = await api.json(`/sitemap/${kind}?after=${after}${query}`);
    expect(status).toBe(200);
    entries.push(...body.data.entries);
    if (body.data.next === null) return entries;
    after = body.data.next;
  }
  throw new Error('the cursor never ended');
}

describe('GET /sitemap', () => {
  it('gives the highest id of each kind', async () => {
    const { status, body } = await api.json('/sitemap');
    expect(status).toBe(200);
    const lastProduct = hiddenProducts.concat(visibleProducts).reduce((a, b) => Math.max(a, b.id), 0);
    expect(body.data.kinds.products).toEqual({ max_id: lastProduct });
    expect(body.data.kinds.shops).toEqual({ max_id: closed.id });
    expect(body.data.kinds.categories).toEqual({ max_id: hidden.id });
    expect(Object.keys(body.data.kinds).sort()).toEqual(['blogs', 'categories', 'pages', 'products', 'shops']);
  });
});

describe('GET /sitemap/{kind}', () => {
  it('lists published legal pages only', async () => {
    const slugs = (await walk('pages')).map((entry) => entry.slug);
    expect(slugs.sort()).toEqual(
      LEGAL_PAGES.filter((page) => page.status === 'published')
        .map((page) => page.slug)
        .sort(),
    );
    expect(slugs).not.toContain('shipping-policy');
  });

  it('lists published posts only: no drafts, nothing scheduled for later', async () => {
    const entries = await walk('blogs');
    expect(entries.map((entry) => entry.slug).sort()).toEqual(
      BLOG_POSTS.filter((post) => !post.draft)
        .map((post) => slugify(post.title))
        .sort(),
    );
    for (const entry of entries) expect(Date.parse(entry.updated_at!)).toBeGreaterThan(0);
  });

  it('lists active shops and categories', async () => {
    expect((await walk('shops')).map((entry) => entry.id)).toEqual([open.id]);
    const categories = await walk('categories');
    expect(categories).toEqual([{ id: active.id, slug: active.slug, updated_at: null }]);
    expect(categories.map((entry) => entry.id)).not.toContain(hidden.id);
  });

  it('pages products by keyset in id order, leaving out inactive ones and those of inactive shops', async () => {
    const entries = await walk('products', '&per_page=3');
    expect(entries.map((entry) => entry.id)).toEqual(visibleProducts.map((product) => product.id));
    expect(entries[0]).toEqual({ id: visibleProducts[0]!.id, slug: visibleProducts[0]!.slug, updated_at: visibleProducts[0]!.updatedAt.toISOString() });
  });

  it('stops at `until`, so a sitemap file covers a fixed id range', async () => {
    const until = visibleProducts[3]!.id;
    const { body } = await api.json(`/sitemap/products?after=${visibleProducts[0]!.id}&until=${until}`);
    expect(body.data.entries.map((entry: any) => entry.id)).toEqual(visibleProducts.slice(1, 4).map((product) => product.id));
    expect(body.data.next).toBeNull();
  });

  it('is a 422 for an unknown kind or bad cursor', async () => {
    for (const [path, field] of [
      ['/sitemap/users', 'kind'],
      ['/sitemap/products?after=-1', 'after'],
      ['/sitemap/products?per_page=0', 'per_page'],
      ['/sitemap/products?per_page=5001', 'per_page'],
      ['/sitemap/products?until=abc', 'until'],
    ] as const) {
      const { status, body } = await api.json(path);
      expect(status, path).toBe(422);
      expect(Object.keys(body.errors), path).toEqual([field]);
    }
  });
});
