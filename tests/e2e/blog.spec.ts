import { spawnSync } from 'node:child_process';
import { axeViolations } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/hydration';
import { BLOG_POSTS } from '../../src/server/db/seed/data/blog';
import { slugify } from '../../src/server/db/seed/util';
import { previewSecret } from '../../src/server/modules/preview/secret';
import { signPreview } from '../../src/server/modules/preview/tokens';

const DRAFT = BLOG_POSTS.find((post) => post.draft)!;
const DRAFT_SLUG = slugify(DRAFT.title);
const LAPTOP = BLOG_POSTS.find((post) => post.title.startsWith('How to Choose the Right Laptop'))!;

/** The link `npm run preview-link` prints for the e2e server (same data directory, hence same secret). */
function previewLink(kind: 'blog' | 'page', slug: string, baseURL: string): string {
  const result = spawnSync('npx', ['tsx', 'src/server/cli/preview-link.ts', kind, slug], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SITE_URL: baseURL },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const blogSearch = (page: Page) => page.getByRole('main').getByRole('search');

test.describe('blog list', () => {
  test('lists posts as cards and opens one', async ({ page }) => {
    const response = await page.goto('/blogs');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Blogs \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blogs');
    await expect(cards(page)).toHaveCount(10);
    const laptop = cards(page).filter({ hasText: LAPTOP.title });
    await expect(laptop.getByText('Tech Reviews')).toBeVisible();
    await expect(laptop.getByText('New', { exact: true })).toBeVisible();
    await expect(laptop.getByText(/^\d+ views$/)).toBeVisible();
    await expect(laptop.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(laptop.getByText(/^A laptop is one of the most personal purchases/)).toBeVisible();
    // The first picture is the largest above the fold; the others wait until they are near.
    await expect(cards(page).first().locator('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(cards(page).nth(4).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(cards(page).first().locator('img')).toHaveAttribute('srcset', /400w/);

    await laptop.getByRole('link', { name: LAPTOP.title }).click();
    await expect(page).toHaveURL(`/blog/${slugify(LAPTOP.title)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAPTOP.title);
    await expect(page.locator('.rich-text h2').first()).toHaveText(LAPTOP.heading);
    await expect(page.getByText(/^Posted by /)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tech Reviews' })).toHaveAttribute('href', /^\/blogs\?category=\d+$/);
    for (const tag of LAPTOP.tags) await expect(page.getByRole('listitem').filter({ hasText: `#${tag}` })).toBeVisible();
    const related = page.getByRole('region', { name: 'Related posts' });
    await expect(related.getByRole('article').first()).toBeVisible();
    await expect(related.getByRole('article').filter({ hasText: LAPTOP.title })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('filters by category and searches without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/blogs');
    const categories = page.getByRole('navigation', { name: 'Blog categories' });
    await categories.getByRole('link', { name: /^Tech Reviews/ }).click();
    await expect(page).toHaveURL(/\/blogs\?category=\d+$/);
    await expect(categories.getByRole('link', { name: /^Tech Reviews/ })).toHaveAttribute('aria-current', 'page');
    const techCount = BLOG_POSTS.filter((post) => post.category === 'tech-reviews' && !post.draft).length;
    expect(techCount).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(techCount);
    for (const card of await cards(page).all()) await expect(card.getByText('Tech Reviews', { exact: true })).toBeVisible();

    // A search keeps the category; then the whole blog again.
    await blogSearch(page).getByLabel('Search blogs').fill('LAPTOP');
    await blogSearch(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/blogs\?category=\d+&search=LAPTOP$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(LAPTOP.title);
    await expect(page.getByRole('status')).toHaveText(/Search results for "LAPTOP"/);

    await blogSearch(page).getByLabel('Search blogs').fill('capsule wardrobe');
    await blogSearch(page).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No blogs found')).toBeVisible();
    await categories.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL('/blogs?search=capsule+wardrobe');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Capsule Wardrobe');
    await context.close();
  });

  test('pages through the posts with plain links', async ({ page, request }) => {
    const { total } = (await (await request.get('/api/blogs')).json()).data;
    await page.goto('/blogs');
    const first = await cards(page).getByRole('heading').allTextContents();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.locator('[aria-current="page"]')).toHaveText('1');
    await pagination.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL('/blogs?page=2');
    await expect(cards(page)).toHaveCount(total - 10);
    const second = await cards(page).getByRole('heading').allTextContents();
    expect(second.filter((title) => first.includes(title))).toEqual([]);
    await expect(page).toHaveTitle(/^Blogs \(Page 2\) \| /);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/blogs');
    expect((await page.goto('/blogs?page=abc'))?.url()).toMatch(/\/blogs$/);
  });
});

test.describe('blog post', () => {
  test('describes itself to search engines as a BlogPosting', async ({ page, baseURL }) => {
    const slug = slugify(LAPTOP.title);
    await page.goto(`/blog/${slug}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const posting = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: LAPTOP.title,
      url: `${baseURL}/blog/${slug}`,
      image: [expect.stringMatching(new RegExp(`^${baseURL}/uploads/blogs/${slug}-800\\.webp$`))],
      author: { '@type': 'Person', name: expect.any(String) },
      publisher: { '@type': 'Organization', name: expect.any(String) },
      articleSection: 'Tech Reviews',
    });
    expect(Date.parse(posting.datePublished)).toBeLessThanOrEqual(Date.parse(posting.dateModified));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^A laptop is one of the most personal purchases/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/${slug}`);
  });

  test('an unknown post is Page Not Found with 404', async ({ page }) => {
    for (const path of ['/blog/no-such-post', '/blog/Bad_Slug!']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    }
  });
});

test.describe('editors preview', () => {
  test('a draft post is hidden from the public and opens through a preview link', async ({ page, request, baseURL }) => {
    expect((await page.goto(`/blog/${DRAFT_SLUG}`))?.status()).toBe(404);
    await page.goto(`/blogs?search=${encodeURIComponent(DRAFT.title)}`);
    await expect(page.getByText('No blogs found')).toBeVisible();
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(DRAFT_SLUG);

    const link = previewLink('blog', DRAFT_SLUG, baseURL!);
    expect(link).toMatch(new RegExp(`^${baseURL}/blog/${DRAFT_SLUG}\\?preview=\\d+\\.[\\w-]+$`));
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRAFT.title);
    await expect(page.getByRole('note')).toContainText('Draft preview');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The canonical address never carries the token.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/${DRAFT_SLUG}`);

    const token = new URL(link).searchParams.get('preview')!;
    const expired = signPreview(previewSecret({ PREVIEW_SECRET: undefined, DATA_DIR: process.env.E2E_DATA_DIR! }), 'blog', DRAFT_SLUG, new Date(Date.now() - 1000));
    const otherDraft = slugify(BLOG_POSTS.filter((post) => post.draft)[1]!.title);
    for (const [name, path] of [
      ['tampered', `/blog/${DRAFT_SLUG}?preview=${token.replace(/^\d+/, (expires) => String(Number(expires) + 60))}`],
      ['expired', `/blog/${DRAFT_SLUG}?preview=${expired}`],
      ['for another post', `/blog/${otherDraft}?preview=${token}`],
    ]) {
      expect((await page.goto(path!))?.status(), name).toBe(404);
    }
  });

  test('a published post ignores a preview parameter', async ({ page }) => {
    await page.goto(`/blog/${slugify(LAPTOP.title)}?preview=whatever`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAPTOP.title);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('a draft policy page is hidden from the public and opens through a preview link', async ({ page, baseURL }) => {
    expect((await page.goto('/page/shipping-policy'))?.status()).toBe(404);
    const link = previewLink('page', 'shipping-policy', baseURL!);
    expect(link).toMatch(new RegExp(`^${baseURL}/page/shipping-policy\\?preview=`));
    expect((await page.goto(link))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping Policy');
    await expect(page.getByRole('note')).toContainText('Draft preview');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The link opens that page only.
    expect((await page.goto(`/page/return-policy?preview=${new URL(link).searchParams.get('preview')}`))?.status()).toBe(200);
    await expect(page.getByRole('note')).toHaveCount(0);
    expect((await page.goto(`/privacy-policy?preview=${new URL(link).searchParams.get('preview')}`))?.status()).toBe(200);
    await expect(page.getByRole('note')).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  // One test per page: axe takes seconds on a page with the full navigation.
  const pages = {
    'the blog list': () => '/blogs',
    'a post': () => `/blog/${slugify(LAPTOP.title)}`,
    'a draft preview': (baseURL: string) => previewLink('blog', DRAFT_SLUG, baseURL),
  };
  for (const locale of ['en', 'ar']) {
    for (const [name, address] of Object.entries(pages)) {
      test(`${name} has no serious or critical axe violations in ${locale}`, async ({ page, baseURL }) => {
        await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
        const url = new URL(address(baseURL!), baseURL);
        await page.goto(`${url.pathname}${url.search}`);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
