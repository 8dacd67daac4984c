import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogs, categories, colors, legalPages, menus, products, shops, sizes, subCategories, units } from '../../db/schema';
import { createBanner, createBrand, createCategory, createFlashSale, createLanguages, createProduct, createShop, createSubCategory } from '@tests/fixtures';
import { createTestApp, newShopper, type TestApp } from '@tests/support/api';
import type { CartGroupDto } from '@/contracts/cart';
import type { ProductCardDto, ProductDetailsDto } from '@/contracts/catalog';

/**
 * Content in the shopper's language (docs/product.md §9.1): every text the catalogue
 * answers is in the request's language (Accept-Language), field by field falling back to
 * the default language, and a search finds a product by its name in any language.
 */
let api: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await createLanguages(db);
    const [black] = await db
      .insert(colors)
      .values({ name: 'Black', colorCode: '#111111', translations: { ar: { name: 'أسود' }, ir: { name: 'مشکی' } } })
      .returning();
    const [large] = await db
      .insert(sizes)
      .values({ name: 'L', translations: { ar: { name: 'كبير' } } })
      .returning();
    const [pair] = await db
      .insert(units)
      .values({ name: 'pair', translations: { ar: { name: 'زوج' }, ir: { name: 'جفت' } } })
      .returning();
    const shoes = await createCategory(db, { name: 'Shoes', slug: 'shoes', translations: { ar: { name: 'أحذية', slug: 'أحذية' }, ir: { name: 'کفش', slug: 'کفش' } } });
    const boots = await createSubCategory(db, { categoryId: shoes.id, name: 'Boots', slug: 'boots', translations: { ar: { name: 'أحذية طويلة', slug: 'أحذية-طويلة' } } });
    const brand = await createBrand(db, { name: 'Trailhound', translations: { ar: { name: 'تريلهاوند' } } });
    const shop = await createShop(db, {
      name: 'Solemate Shoes',
      slug: 'solemate',
      estimatedDeliveryTime: '2-3 days',
      translations: { ar: { name: 'سولميت للأحذية', estimated_delivery_time: '٢-٣ أيام' }, ir: { name: 'کفش سولمیت' } },
    });
    const boot = await createProduct(db, {
      shopId: shop.id,
      categoryId: shoes.id,
      subCategoryId: boots.id,
      brandId: brand.id,
      unitId: pair!.id,
      name: 'Waterproof Hiking Boots 256',
      slug: 'waterproof-hiking-boots',
      description: '<p>Dry feet on every trail.</p>',
      shortDescription: 'Boots for the trail.',
      translations: {
        ar: { name: 'حذاء مشي مقاوم للماء ٢٥٦', slug: 'حذاء-مشي-مقاوم-للماء', short_description: 'حذاء للمسارات.' },
        ir: { name: 'بوت کوهنوردی ضدآب', description: '<p>پاهای خشک در هر مسیر.</p>' },
      },
    });
    await db.execute(`INSERT INTO product_colors (product_id, color_id, price) VALUES (${boot.id}, ${black!.id}, 0)`);
    await db.execute(`INSERT INTO product_sizes (product_id, size_id, price) VALUES (${boot.id}, ${large!.id}, 0)`);
    // A product nobody translated reads in the default language in every language.
    const plain = await createProduct(db, { shopId: shop.id, categoryId: shoes.id, name: 'Suede Chelsea Boots', slug: 'suede-chelsea-boots' });
    const post = await db
      .insert(blogs)
      .values({
        title: 'How to lace boots',
        slug: 'how-to-lace-boots',
        description: '<p>Start at the toe.</p>',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
        translations: { ar: { title: 'كيف تربط الحذاء', slug: 'كيف-تربط-الحذاء', description: '<p>ابدأ من الأصابع.</p>' } },
      })
      .returning();
    await db
      .insert(legalPages)
      .values({ slug: 'about-us', title: 'About us', content: '<p>We sell shoes.</p>', status: 'published', translations: { ir: { title: 'درباره ما' } } });
    await db.insert(menus).values({ name: 'Deals', url: '/best-deal', translations: { ar: { name: 'العروض' } } });
    await createBanner(db, { title: 'Winter boots', thumbnail: '/b.png', translations: { ar: { title: 'أحذية الشتاء' } } });
    await createFlashSale(db, { name: 'Boot week', translations: { ar: { name: 'أسبوع الأحذية' } } }, [{ productId: boot.id, price: 1000, quantity: 5 }]);
    Object.assign(ids, { boot: boot.id, plain: plain.id, shoes: shoes.id, boots: boots.id, shop: shop.id, post: post[0]!.id, black: black!.id, large: large!.id });
  });
});
afterAll(() => api.close());

const inLanguage = (language: string) => ({ headers: { 'Accept-Language': language } });
const card = async (language: string, id: number) => {
  const { body } = await api.json<{ data: { products: ProductCardDto[] } }>(`/products?per_page=50`, inLanguage(language));
  return body.data.products.find((product) => product.id === id)!;
};

describe('content in the request language', () => {
  it('answers product cards with their names, brand, unit, colours, sizes and shop in that language', async () => {
    const ar = await card('ar', ids.boot!);
    expect(ar.name).toBe('حذاء مشي مقاوم للماء ٢٥٦');
    expect(ar.brand).toBe('تريلهاوند');
    expect(ar.unit?.name).toBe('زوج');
    expect(ar.colors.map((color) => color.name)).toEqual(['أسود']);
    expect(ar.sizes.map((size) => size.name)).toEqual(['كبير']);
    expect(ar.shop).toMatchObject({ name: 'سولميت للأحذية', estimated_delivery_time: '٢-٣ أيام' });

    const fa = await card('fa-IR', ids.boot!);
    expect(fa).toMatchObject({ name: 'بوت کوهنوردی ضدآب', brand: 'Trailhound', unit: { name: 'جفت' } });
    // Persian has no size word and no delivery time of its own: the default language's, field by field.
    expect(fa.sizes.map((size) => size.name)).toEqual(['L']);
    expect(fa.shop).toMatchObject({ name: 'کفش سولمیت', estimated_delivery_time: '2-3 days' });

    expect((await card('en', ids.boot!)).name).toBe('Waterproof Hiking Boots 256');
    expect((await card('ar', ids.plain!)).name).toBe('Suede Chelsea Boots');
  });

  it('answers the cart, its checkout and a removed line in the language, the shop’s delivery time too', async () => {
    const shopper = await newShopper(api.db);
    const call = (path: string, body: object, language: string) =>
      api.json(path, { method: 'POST', headers: { ...shopper.auth, 'Content-Type': 'application/json', 'Accept-Language': language }, body: JSON.stringify(body) });
    const added = await call('/cart/store', { product_id: ids.boot, size: ids.large, color: ids.black }, 'ar');
    expect(added.status).toBe(200);
    const [group] = added.body.data.cart_items as CartGroupDto[];
    expect(group).toMatchObject({ shop_name: 'سولميت للأحذية', estimated_delivery_time: '٢-٣ أيام' });
    expect(group!.products[0]).toMatchObject({ name: 'حذاء مشي مقاوم للماء ٢٥٦', brand: 'تريلهاوند', size: { name: 'كبير' }, color: { name: 'أسود' }, unit: { name: 'زوج' } });
    expect(group!.products[0]!.sizes.map((size) => size.name)).toEqual(['كبير']);

    const checkout = await call('/cart/checkout', { shop_ids: [ids.shop] }, 'ir');
    expect(checkout.body.data.checkout_items[0]).toMatchObject({
      shop_name: 'کفش سولمیت',
      estimated_delivery_time: '2-3 days',
      products: [{ name: 'بوت کوهنوردی ضدآب', color: { name: 'مشکی' } }],
    });

    const removed = await call('/cart/delete', { product_id: ids.boot }, 'ar');
    expect(removed.body.data.removed_product).toMatchObject({ name: 'حذاء مشي مقاوم للماء ٢٥٦', size: { name: 'كبير' }, color: { name: 'أسود' } });
  });

  it('answers product details field by field, each language cached apart', async () => {
    const details = async (language: string) =>
      (await api.json<{ data: { product: ProductDetailsDto } }>(`/product-details?product_id=${ids.boot}`, inLanguage(language))).body.data.product;
    const en = await details('en');
    const ar = await details('ar');
    const fa = await details('ir');
    expect(en).toMatchObject({ name: 'Waterproof Hiking Boots 256', slug: 'waterproof-hiking-boots', category: { name: 'Shoes', slug: 'shoes' } });
    expect(ar).toMatchObject({
      name: 'حذاء مشي مقاوم للماء ٢٥٦',
      slug: 'حذاء-مشي-مقاوم-للماء',
      short_description: 'حذاء للمسارات.',
      // No Arabic description: the English one.
      description: '<p>Dry feet on every trail.</p>',
      category: { name: 'أحذية', slug: 'أحذية' },
      sub_category: { name: 'أحذية طويلة', slug: 'أحذية-طويلة' },
      flash_sale: { name: 'أسبوع الأحذية' },
    });
    expect(fa).toMatchObject({
      name: 'بوت کوهنوردی ضدآب',
      slug: 'waterproof-hiking-boots',
      description: '<p>پاهای خشک در هر مسیر.</p>',
      short_description: 'Boots for the trail.',
    });
    expect((await details('en')).name).toBe('Waterproof Hiking Boots 256');
  });

  it('answers categories with their names in the language and every language’s slug', async () => {
    const { body } = await api.json(`/categories`, inLanguage('ar'));
    const shoes = body.data.categories.find((category: { id: number }) => category.id === ids.shoes);
    expect(shoes).toMatchObject({ name: 'أحذية', slug: 'أحذية', slugs: { en: 'shoes', ar: 'أحذية', ir: 'کفش' } });
    expect(shoes.sub_categories[0]).toMatchObject({ name: 'أحذية طويلة', slugs: { en: 'boots', ar: 'أحذية-طويلة' } });
    const facets = (await api.json(`/products?category_id=${ids.shoes}`, inLanguage('ar'))).body.data.filters;
    expect(facets.brands.map((brand: { name: string }) => brand.name)).toEqual(['تريلهاوند']);
    expect(facets.colors.map((color: { name: string }) => color.name)).toEqual(['أسود']);
  });

  it('answers shops, banners, flash sales, menus, pages and posts in the language', async () => {
    const shop = (await api.json(`/shops/${ids.shop}`, inLanguage('ar'))).body.data.shop;
    expect(shop).toMatchObject({ name: 'سولميت للأحذية', estimated_delivery_time: '٢-٣ أيام' });
    expect((await api.json('/shops', inLanguage('ir'))).body.data.shops.map((s: { name: string }) => s.name)).toContain('کفش سولمیت');
    expect((await api.json('/banners', inLanguage('ar'))).body.data.banners.map((b: { title: string }) => b.title)).toEqual(['أحذية الشتاء']);
    expect((await api.json('/flash-sales', inLanguage('ar'))).body.data.flash_sales.map((s: { name: string }) => s.name)).toEqual(['أسبوع الأحذية']);
    expect((await api.json('/master', inLanguage('ar'))).body.data.menus.map((m: { name: string }) => m.name)).toContain('العروض');
    expect((await api.json('/master', inLanguage('en'))).body.data.menus.map((m: { name: string }) => m.name)).toContain('Deals');
    expect((await api.json('/legal-pages/about-us', inLanguage('ir'))).body.data).toMatchObject({ title: 'درباره ما', content: '<p>We sell shoes.</p>' });
    const post = (await api.json(`/blog/${encodeURIComponent('كيف-تربط-الحذاء')}/details`, inLanguage('ar'))).body.data.blog;
    expect(post).toMatchObject({ id: ids.post, title: 'كيف تربط الحذاء', description: '<p>ابدأ من الأصابع.</p>', slugs: { en: 'how-to-lace-boots', ar: 'كيف-تربط-الحذاء' } });
    // The Arabic slug opens the post in English too, and the English one in Arabic.
    expect((await api.json(`/blog/${encodeURIComponent('كيف-تربط-الحذاء')}/details`, inLanguage('en'))).body.data.blog.title).toBe('How to lace boots');
    expect((await api.json(`/blog/how-to-lace-boots/details`, inLanguage('ar'))).body.data.blog.slug).toBe('كيف-تربط-الحذاء');
  });
});

describe('search in any language', () => {
  const found = async (search: string, language = 'en') =>
    (await api.json<{ data: { products: ProductCardDto[] } }>(`/products?search=${encodeURIComponent(search)}`, inLanguage(language))).body.data.products.map((p) => p.id);

  // Queries as Arabic and Persian keyboards type them: other letter forms, diacritics,
  // tatweel, the zero-width non-joiner or a space, Arabic-Indic and Persian digits.
  const queries: [string, string][] = [
    ['hiking boots', 'boot'],
    ['حذاء مشي', 'boot'],
    ['حِذاءٌ مـشـي', 'boot'],
    ['مقاوم للماء', 'boot'],
    ['بوت کوهنوردی', 'boot'],
    ['بوت كوهنوردي', 'boot'],
    ['ضدآب', 'boot'],
    ['كوهنوردى', 'boot'],
    ['256', 'boot'],
    ['۲۵۶', 'boot'],
    ['٢٥٦ حذاء', 'boot'],
    ['chelsea', 'plain'],
  ];

  it.each(queries)('finds %s', async (query, expected) => {
    expect(await found(query)).toEqual([ids[expected]]);
    expect(await found(query, 'ar')).toEqual([ids[expected]]);
  });

  it('finds nothing for a word no language has', async () => {
    expect(await found('سيارة')).toEqual([]);
  });

  it('finds shops by their name in any language', async () => {
    const names = async (search: string) => (await api.json(`/shops?search=${encodeURIComponent(search)}`)).body.data.shops.map((s: { id: number }) => s.id);
    expect(await names('سولميت')).toEqual([ids.shop]);
    expect(await names('کفش سولمیت')).toEqual([ids.shop]);
    expect(await names('كفش سولميت')).toEqual([ids.shop]);
  });
});

describe('slugs', () => {
  it('are unique per language', async () => {
    const taken = { ar: { slug: 'أحذية' } };
    await expect(api.db.insert(categories).values({ name: 'Other', slug: 'other', translations: taken })).rejects.toThrow();
    // The same word may be a slug in another language.
    await api.db.insert(categories).values({ name: 'Other', slug: 'other', translations: { ir: { slug: 'أحذية' } } });
    await expect(
      api.db
        .update(products)
        .set({ translations: { ar: { slug: 'حذاء-مشي-مقاوم-للماء' } } })
        .where(eq(products.id, ids.plain!)),
    ).rejects.toThrow();
    await expect(
      api.db
        .update(subCategories)
        .set({ translations: { ar: { slug: 'أحذية-طويلة' } } })
        .where(eq(subCategories.slug, 'boots')),
    ).resolves.toBeDefined();
  });

  it('are listed in the sitemap entries for every language', async () => {
    const { body } = await api.json('/sitemap/categories?after=0&per_page=10');
    const shoes = body.data.entries.find((entry: { id: number }) => entry.id === ids.shoes);
    expect(shoes).toMatchObject({ slug: 'shoes', slugs: { ar: 'أحذية', ir: 'کفش' } });
    const posts = (await api.json('/sitemap/blogs?after=0&per_page=10')).body.data.entries;
    expect(posts).toEqual([expect.objectContaining({ slug: 'how-to-lace-boots', slugs: { ar: 'كيف-تربط-الحذاء' } })]);
    const shopsEntries = (await api.json('/sitemap/shops?after=0&per_page=10')).body.data.entries;
    expect(shopsEntries[0]).not.toHaveProperty('slugs');
  });
});

describe('a shop renamed', () => {
  it('reads its new translation at once', async () => {
    await api.db
      .update(shops)
      .set({ translations: { ar: { name: 'سولميت' } } })
      .where(eq(shops.id, ids.shop!));
    expect((await api.json(`/shops/${ids.shop}`, inLanguage('ar'))).body.data.shop.name).toBe('سولميت');
  });
});
