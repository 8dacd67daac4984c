import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { blogs, flashSales, products, reviews, shops } from '../../db/schema';
import { seedBase, seedCatalog } from '@tests/fixtures';
import { createTestApp, jsonBody, type TestApp } from '@tests/support/api';
import { mayBeEmpty, pathProblems } from '@tests/support/contract-paths';

/**
 * The browsing calls of the original public client (docs/product.md §7.6), requested the
 * way it sends them, must answer every field path its code reads ("Reads:"). A path is
 * JSON keys joined by dots; `a[]` is each element of the array `a` (which must not be
 * empty here, so the check means something); a trailing `?` marks a path read only
 * sometimes, which may be absent or null.
 */

const CARD = ['id', 'name', 'thumbnail', 'price', 'discount_price', 'discount_percentage', 'rating', 'total_reviews', 'total_sold', 'quantity', 'is_favorite', 'shop.id'];
const cards = (prefix: string) => CARD.map((field) => `${prefix}[].${field}`);

/** The "Reads:" lists of the client contract (docs/product.md §7.6) for the browsing calls. */
const READS = {
  master: [
    'data.currency.name',
    'data.currency.symbol',
    'data.currency.position',
    'data.currencies[].id',
    'data.currencies[].name',
    'data.currencies[].symbol',
    'data.currencies[].is_default',
    'data.currencies[].rate_from_default',
    'data.cash_on_delivery',
    'data.online_payment',
    'data.app_name',
    'data.google_playstore_link',
    'data.app_store_link',
    'data.multi_vendor',
    'data.mobile',
    'data.web_show_footer',
    'data.address',
    'data.payment_gateways[].id',
    'data.payment_gateways[].name',
    'data.payment_gateways[].logo',
    'data.web_footer_text',
    'data.web_footer_description',
    'data.web_footer_logo',
    'data.footer_qr',
    'data.web_logo',
    'data.social_links[].name',
    'data.social_links[].link',
    'data.social_links[].logo',
    'data.theme_colors.primary',
    'data.theme_colors.primary50',
    'data.theme_colors.primary950',
    'data.pusher_app_key',
    'data.pusher_app_cluster',
    'data.app_environment',
    'data.show_download_app',
    'data.register_otp_verify',
    'data.register_otp_type',
    'data.forgot_otp_type',
    'data.languages[].id',
    'data.languages[].name',
    'data.languages[].title',
    'data.languages[].direction',
    'data.social_auths',
    'data.phone_required',
    'data.phone_min_length',
    'data.phone_max_length',
    'data.order_place_account_verify',
    'data.menus[].id',
    'data.menus[].name',
    'data.menus[].url',
    'data.menus[].target',
    'data.menus[].is_external',
    'data.footers[].id',
    'data.footers[].title',
    'data.footers[].items[].id',
    'data.footers[].items[].type',
    'data.footers[].items[].title',
    'data.footers[].items[].url',
    'data.footers[].items[].target',
    'data.app_locale',
  ],
  countries: ['data.countries[].name', 'data.countries[].phone_code'],
  home: [
    'data.ads[].id',
    'data.ads[].thumbnail',
    'data.banners[].id',
    'data.banners[].thumbnail',
    'data.categories[].id',
    'data.categories[].name',
    'data.categories[].thumbnail',
    'data.just_for_you.total',
    ...cards('data.just_for_you.products'),
    ...cards('data.popular_products'),
    'data.shops[].id',
    'data.shops[].name',
    'data.shops[].logo',
    'data.shops[].banner',
    'data.shops[].rating',
    'data.shops[].shop_status',
    'data.shops[].total_products',
    'data.incoming_flash_sale?',
    'data.incoming_flash_sale.end_date?',
    'data.running_flash_sale',
    'data.running_flash_sale.id',
    'data.running_flash_sale.name',
    'data.running_flash_sale.thumbnail',
    'data.running_flash_sale.end_date',
    ...cards('data.running_flash_sale.products'),
  ],
  categories: [
    'data.categories[].id',
    'data.categories[].name',
    'data.categories[].thumbnail',
    'data.categories[].sub_categories[].id',
    'data.categories[].sub_categories[].name',
    'data.categories[].sub_categories[].thumbnail',
  ],
  subCategories: ['data.sub_categories[].id', 'data.sub_categories[].name'],
  products: [
    'data.total',
    ...cards('data.products'),
    'data.filters.brands[].id',
    'data.filters.brands[].name',
    'data.filters.colors[].id',
    'data.filters.colors[].name',
    'data.filters.sizes[].id',
    'data.filters.sizes[].name',
    'data.filters.min_price',
    'data.filters.max_price',
  ],
  productDetails: [
    'data.product.id',
    'data.product.name',
    'data.product.price',
    'data.product.discount_price',
    'data.product.rating',
    'data.product.total_reviews',
    'data.product.total_sold',
    'data.product.brand',
    'data.product.colors',
    'data.product.colors[].id',
    'data.product.colors[].name',
    'data.product.colors[].price',
    'data.product.sizes',
    'data.product.sizes[].id',
    'data.product.sizes[].name',
    'data.product.sizes[].price',
    'data.product.thumbnails[].id',
    'data.product.thumbnails[].thumbnail',
    'data.product.description',
    'data.product.short_description',
    'data.product.is_favorite',
    'data.product.flash_sale',
    'data.product.meta_keywords',
    'data.product.shop.id',
    'data.product.shop.name',
    'data.product.shop.logo',
    'data.product.shop.rating',
    'data.product.shop.delivery_charge',
    'data.product.shop.estimated_delivery_time',
    ...cards('data.related_products'),
    ...cards('data.popular_products'),
  ],
  reviews: [
    'data.total',
    'data.reviews[].id',
    'data.reviews[].rating',
    'data.reviews[].description',
    'data.reviews[].customer_name',
    'data.reviews[].customer_profile',
    'data.reviews[].created_at',
    'data.average_rating_percentage.rating',
    'data.average_rating_percentage.total_review',
    'data.average_rating_percentage.percentages',
  ],
  shops: [
    'data.total',
    'data.shops[].id',
    'data.shops[].name',
    'data.shops[].logo',
    'data.shops[].banner',
    'data.shops[].rating',
    'data.shops[].shop_status',
    'data.shops[].total_products',
    'data.shops[].total_reviews',
  ],
  shopDetails: [
    'data.shop.id',
    'data.shop.name',
    'data.shop.logo',
    'data.shop.banner',
    'data.shop.banners[].id',
    'data.shop.banners[].thumbnail',
    'data.shop.description',
    'data.shop.rating',
    'data.shop.shop_status',
    'data.shop.total_products',
    'data.shop.total_reviews',
  ],
  flashSale: ['data.flash_sale', 'data.flash_sale.end_date', 'data.total_products', ...cards('data.products')],
  blogs: [
    'data.total',
    'data.blogs[].id',
    'data.blogs[].slug',
    'data.blogs[].title',
    'data.blogs[].thumbnail',
    'data.blogs[].description',
    'data.blogs[].category.name',
    'data.blogs[].created_at',
    'data.blogs[].is_new',
    'data.blogs[].post_by.name',
    'data.blogs[].total_views',
    'data.categories[].id',
    'data.categories[].name',
  ],
  blogDetails: [
    'data.blog.id',
    'data.blog.title',
    'data.blog.thumbnail',
    'data.blog.description',
    'data.blog.created_at',
    'data.blog.category.name',
    'data.blog.post_by.name',
    'data.blog.post_by.profile_photo',
    'data.blog.tags',
    'data.blog.tags[].name',
    'data.blog.total_views',
    'data.related_blogs[].slug',
    'data.related_blogs[].title',
    'data.popular_blogs',
    'data.popular_blogs[].slug',
    'data.related_products',
    ...cards('data.related_products'),
  ],
  legalPage: ['data.content'],
  support: ['message'],
} satisfies Record<string, string[]>;

let api: TestApp;
/** Ids of the demo data the calls name. */
const known = { categoryId: 0, productId: 0, shopId: 0, saleId: 0, blogSlug: '' };

beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await seedBase(db);
    await seedCatalog(db, { products: 60 });
    // A product with sizes, colours and reviews; the shop with the most reviews; the running sale; the most read post with tags.
    const [reviewed] = await db
      .select({ productId: reviews.productId, shopId: reviews.shopId })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.isActive, true))
      .orderBy(desc(products.id))
      .limit(1);
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.isActive, true)).orderBy(desc(shops.totalReviews)).limit(1);
    const now = new Date();
    const [sale] = await db
      .select({ id: flashSales.id })
      .from(flashSales)
      .where(and(lte(flashSales.startDate, now), gt(flashSales.endDate, now)))
      .orderBy(asc(flashSales.id));
    const [post] = await db.select({ slug: blogs.slug }).from(blogs).where(eq(blogs.status, 'published')).orderBy(desc(blogs.totalViews)).limit(1);
    const [product] = await db.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, reviewed!.productId));
    Object.assign(known, { categoryId: product!.categoryId, productId: reviewed!.productId, shopId: shop!.id, saleId: sale!.id, blogSlug: post!.slug });
  });
}, 120_000);
afterAll(() => api.close());

/** GETs `path` as the client does and returns what is missing of `reads`. */
async function problemsOf(path: string, reads: string[], init?: RequestInit): Promise<string[]> {
  const { status, body } = await api.json(path, init);
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(300);
  return reads.flatMap((read) => pathProblems(body, read));
}

describe('the original client’s browsing calls answer every field it reads', () => {
  it('GET /master', async () => {
    expect(await problemsOf('/master', READS.master)).toEqual([]);
  });

  it('GET /countries, phone codes without "+"', async () => {
    expect(await problemsOf('/countries', READS.countries)).toEqual([]);
  });

  it('GET /home, and its "Load more" of Just for you', async () => {
    expect(await problemsOf('/home', READS.home)).toEqual([]);
    const first = (await api.json('/home?page=1&per_page=12')).body.data.just_for_you;
    const second = (await api.json('/home?page=2&per_page=12')).body.data.just_for_you;
    expect(await problemsOf('/home?page=2&per_page=12', READS.home)).toEqual([]);
    expect(first.products).toHaveLength(12);
    expect(second.total).toBe(first.total);
    const firstIds = new Set(first.products.map((card: { id: number }) => card.id));
    expect(second.products.some((card: { id: number }) => firstIds.has(card.id))).toBe(false);
  });

  it('GET /categories and /sub-categories', async () => {
    expect(await problemsOf('/categories', READS.categories)).toEqual([]);
    expect(await problemsOf(`/sub-categories?category_id=${known.categoryId}`, READS.subCategories)).toEqual([]);
  });

  it('GET /products with sort_type=default and empty filters', async () => {
    const query = 'page=1&per_page=12&search=&category_id=&sub_category_id=&brand_id=&color_id=&size_id=&min_price=&max_price=&rating=&shop_id=&sort_type=default';
    expect(await problemsOf(`/products?${query}`, READS.products)).toEqual([]);
    // The default order is the order without sort_type.
    const ids = async (path: string) => (await api.json(path)).body.data.products.map((card: { id: number }) => card.id);
    expect(await ids(`/products?${query}`)).toEqual(await ids('/products?per_page=12'));
    // A shop's products, a category's, as the shop and category pages ask; a narrower scope may have no sizes or colours.
    const scoped = mayBeEmpty(READS.products, ['data.filters.brands', 'data.filters.colors', 'data.filters.sizes']);
    expect(await problemsOf(`/products?page=1&per_page=12&shop_id=${known.shopId}&sort_type=default&brand_id=`, scoped)).toEqual([]);
    expect(await problemsOf(`/products?page=1&per_page=12&category_id=${known.categoryId}&sort_type=default&brand_id=&color_id=`, scoped)).toEqual([]);
  });

  it('GET /products reads list filters sent as `brand_id[]` like a comma list', async () => {
    const brands = (await api.json('/products?per_page=100')).body.data.filters.brands.slice(0, 2).map((brand: { id: number }) => brand.id);
    const ids = async (query: string) => (await api.json(`/products?per_page=100&${query}`)).body.data.products.map((card: { id: number }) => card.id);
    const listed = await ids(`brand_id=${brands.join(',')}`);
    expect(listed.length).toBeGreaterThan(0);
    expect(await ids(brands.map((id: number) => `brand_id[]=${id}`).join('&'))).toEqual(listed);
  });

  it('GET /products still refuses a genuinely bad value, naming it', async () => {
    const { status, body } = await api.json('/products?sort_type=cheapest&brand_id=');
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['sort_type']);
  });

  it('GET /product-details', async () => {
    const reads = mayBeEmpty(READS.productDetails, ['data.product.sizes', 'data.product.colors']);
    expect(await problemsOf(`/product-details?product_id=${known.productId}`, reads)).toEqual([]);
  });

  it('GET /reviews of a product and of a shop', async () => {
    expect(await problemsOf(`/reviews?product_id=${known.productId}&page=1&per_page=6`, READS.reviews)).toEqual([]);
    expect(await problemsOf(`/reviews?shop_id=${known.shopId}&page=1&per_page=6`, READS.reviews)).toEqual([]);
  });

  it('GET /shops and /shops/{id}', async () => {
    expect(await problemsOf('/shops?page=1&per_page=12&search=', READS.shops)).toEqual([]);
    expect(await problemsOf(`/shops/${known.shopId}`, READS.shopDetails)).toEqual([]);
  });

  it('GET /flash-sale/{id}/details', async () => {
    const path = `/flash-sale/${known.saleId}/details?page=1&per_page=12`;
    expect(await problemsOf(path, READS.flashSale)).toEqual([]);
    const { data } = (await api.json(path)).body;
    expect(data.total_products).toBe(data.total);
    expect(data.products).toEqual(data.flash_sale.products);
  });

  it('GET /blogs and /blog/{slug}/details', async () => {
    expect(await problemsOf('/blogs?page=1&per_page=12&category_id=&search=', READS.blogs)).toEqual([]);
    expect(await problemsOf(`/blog/${known.blogSlug}/details`, READS.blogDetails)).toEqual([]);
    // The most read other posts: never the post itself, most views first.
    const { data } = (await api.json(`/blog/${known.blogSlug}/details`)).body;
    const views = data.popular_blogs.map((post: { total_views: number }) => post.total_views);
    expect(data.popular_blogs.map((post: { slug: string }) => post.slug)).not.toContain(known.blogSlug);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('GET /legal-pages/{slug}', async () => {
    for (const slug of ['about-us', 'privacy-policy', 'terms-and-conditions', 'return-policy']) {
      expect(await problemsOf(`/legal-pages/${slug}`, [...READS.legalPage, 'data.title']), slug).toEqual([]);
    }
  });

  it('GET /lang/{locale}: the body itself holds the messages, as that client reads it (ADR 015)', async () => {
    const { status, body } = await api.json('/lang/ar');
    expect(status).toBe(200);
    for (const key of ['Cart is empty', 'Add to Cart', 'Order History']) {
      expect(typeof body[key], key).toBe('string');
      expect(body[key], key).toBe(body.data[key]);
    }
    expect(body['Cart is empty']).toMatch(/[\u0600-\u06FF]/);
  });

  it('POST /support without an e-mail field', async () => {
    const { status, body } = await api.json('/support', jsonBody({ name: 'Ada', phone: '2025550100', subject: 'Order', message: 'Where is my parcel?' }));
    expect(status).toBeLessThan(300);
    expect(READS.support.flatMap((read) => pathProblems(body, read))).toEqual([]);
  });
});

describe('pathProblems', () => {
  const body = { data: { a: [{ b: 1 }, { b: null }], empty: [], none: null, total: '3' } };

  it('walks arrays and reports what is missing, empty or mistyped', () => {
    expect(pathProblems(body, 'data.a[].b')).toEqual([]);
    expect(pathProblems(body, 'data.a[].c')).toEqual(['data.a[0].c: missing', 'data.a[1].c: missing']);
    expect(pathProblems(body, 'data.empty[].id')).toEqual(['data.empty: empty, nothing to check']);
    expect(pathProblems(body, 'data.none.x')).toEqual(['data.none: an object to read "x" from, got null']);
    expect(pathProblems(body, 'data.total')).toEqual(['data.total: a number, got "3"']);
  });

  it('mayBeEmpty keeps the array itself required', () => {
    expect(mayBeEmpty(['data.a[].b', 'data.c'], ['data.a'])).toEqual(['data.a', 'data.a[].b?', 'data.c']);
    expect(pathProblems(body, 'data.empty[].id?')).toEqual([]);
  });

  it('lets optional paths be absent or null', () => {
    expect(pathProblems(body, 'data.none?')).toEqual([]);
    expect(pathProblems(body, 'data.none.end_date?')).toEqual([]);
    expect(pathProblems(body, 'data.missing?')).toEqual([]);
  });
});
