import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { invalidateCatalog } from '../../cache';
import { favorites, flashSaleProducts, flashSales, products } from '../../db/schema';
import { priceProduct, shownPrice, type FlashOffer } from '@/lib/price';
import { createProduct, seedShowcase, type Product, type Showcase } from '@tests/fixtures';
import { createTestApp, listProducts, newShopper, type TestApp } from '@tests/support/api';

let api: TestApp;
let shop: Showcase;
beforeAll(async () => {
  api = await createTestApp(async (db) => {
    shop = await seedShowcase(db);
  });
});
afterAll(() => api.close());

const list = (query: string) => listProducts(api, query);
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);
const byDesc = (key: (p: Product) => number) => (a: Product, b: Product) => key(b) - key(a) || b.id - a.id;

const CARD_FIELDS = [
  'id',
  'name',
  'thumbnail',
  'price',
  'discount_price',
  'discount_percentage',
  'rating',
  'total_reviews',
  'total_sold',
  'quantity',
  'is_favorite',
  'sizes',
  'colors',
  'unit',
  'brand',
  'shop',
].sort();

describe('GET /products', () => {
  it('lists every public product, newest first, as product cards', async () => {
    const data = await list('');
    expect(data.total).toBe(shop.publicProducts.length);
    const newest = [...shop.publicProducts].sort(byDesc((p) => p.createdAt.getTime()));
    expect(ids(data.products)).toEqual(ids(newest));
    for (const card of data.products) expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
  });

  it('shapes a card with decimal prices, the discount rule, surcharges, unit, brand and shop', async () => {
    const { products: cards } = await list('search=wireless headphones');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toEqual({
      id: shop.products.headphones.id,
      name: 'Wireless Headphones Pro',
      thumbnail: shop.products.headphones.thumbnail,
      price: 199.99,
      discount_price: 149.99,
      discount_percentage: 25,
      rating: 4.5,
      total_reviews: '1.2K',
      total_sold: 120,
      quantity: 5,
      is_favorite: false,
      sizes: [],
      colors: [
        { id: shop.colors.black.id, name: 'Black', color_code: '#111111', price: 0 },
        { id: shop.colors.red.id, name: 'Red', color_code: '#DD2222', price: 5 },
      ],
      unit: { id: expect.any(Number), name: 'pc' },
      brand: 'Sonic',
      shop: { id: shop.shops.soundHub.id, name: 'Sound Hub', logo: shop.shops.soundHub.logo, rating: 4.5, estimated_delivery_time: '2-4 days', delivery_charge: 4.99 },
    });
  });

  it('shows a running flash sale price as the discount price, until the sale quantity is sold', async () => {
    const cards = (await list('per_page=100')).products;
    const speaker = cards.find((card) => card.id === shop.products.speaker.id);
    expect(speaker).toMatchObject({ price: 89.99, discount_price: 69.99, discount_percentage: 22 });
    // The shirt's sale allocation is sold out: back to its own price, no discount.
    const shirt = cards.find((card) => card.id === shop.products.shirt.id);
    expect(shirt).toMatchObject({ price: 29.99, discount_price: 0, discount_percentage: 0 });
    expect(shirt.sizes.map((size: any) => [size.name, size.price])).toEqual([
      ['S', 0],
      ['M', 0],
      ['L', 2],
    ]);
    const arabic = cards.find((card) => card.id === shop.products.arabic.id);
    expect(arabic.unit).toBeNull();
    expect(arabic.brand).toBeNull();
  });

  it('never shows inactive products or products of a shop under review', async () => {
    const hidden = [shop.hiddenProducts.retired.id, shop.hiddenProducts.hidden.id];
    for (const query of ['per_page=100', 'search=headphones', `category_id=${shop.categories.electronics.id}`, 'sort_type=popular_product', 'sort_type=top_selling']) {
      expect(
        ids((await list(query)).products).filter((id) => hidden.includes(id)),
        query,
      ).toEqual([]);
    }
    expect(await list(`shop_id=${shop.shops.hiddenShop.id}`)).toMatchObject({ total: 0, products: [] });
  });
});

describe('GET /products sort_type', () => {
  // What each card shows (lib/price.ts): the speaker's running flash-sale offer counts;
  // the shirt's allocation is sold out.
  const offers = new Map<number, FlashOffer[]>();
  beforeAll(async () => {
    const rows = await api.db
      .select({
        productId: flashSaleProducts.productId,
        price: flashSaleProducts.price,
        quantity: flashSaleProducts.quantity,
        sold: flashSaleProducts.sold,
        startDate: flashSales.startDate,
        endDate: flashSales.endDate,
        isActive: flashSales.isActive,
      })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId));
    for (const { productId, ...offer } of rows) offers.set(productId, [...(offers.get(productId) ?? []), offer]);
  });
  const price = (p: Product) => priceProduct(p, { offers: offers.get(p.id) }).unit;
  const percentOff = (p: Product) => priceProduct(p, { offers: offers.get(p.id) }).discountPercentage;
  const orders: [string, (list: Product[]) => Product[]][] = [
    ['top_selling', (list) => list.sort(byDesc((p) => p.totalSold))],
    ['popular_product', (list) => list.sort(byDesc((p) => p.views))],
    ['newest', (list) => list.sort(byDesc((p) => p.createdAt.getTime()))],
    ['just_for_you', (list) => list.sort((a, b) => Number(b.rating) - Number(a.rating) || b.totalReviews - a.totalReviews || b.id - a.id)],
    ['high_to_low', (list) => list.sort(byDesc(price))],
    ['low_to_high', (list) => list.sort((a, b) => price(a) - price(b) || a.id - b.id)],
    ['best_deal', (list) => list.sort(byDesc(percentOff))],
  ];

  it.each(orders)('%s orders the products as it says', async (sort, expected) => {
    const data = await list(`sort_type=${sort}`);
    expect(ids(data.products)).toEqual(ids(expected([...shop.publicProducts])));
  });

  it('sorts by the price each card shows: the discount price, or a running flash sale’s offer (§4.3)', async () => {
    const low = (await list('sort_type=low_to_high')).products;
    expect(low.map((card) => card.id)).toContain(shop.products.speaker.id);
    const prices = low.map((card) => shownPrice(card).current);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const high = (await list('sort_type=high_to_low')).products.map((card) => shownPrice(card).current);
    expect(high).toEqual([...high].sort((a, b) => b - a));
  });

  it('a search without a sort puts the best match first: names starting with it, then a word starting with it, then the rest; most viewed first among equals', async () => {
    const { shopId, categoryId } = shop.products.phone;
    const extra = [
      await createProduct(api.db, { shopId, categoryId, name: 'Phone Case', views: 1 }),
      await createProduct(api.db, { shopId, categoryId, name: 'Desk Phone Stand', views: 2 }),
    ];
    try {
      const cards = (await list('search=phone')).products;
      // Headphones (500 views) before Smartphone X (100): both only contain "phone".
      expect(cards.map((card) => card.name)).toEqual(['Phone Case', 'Desk Phone Stand', 'Wireless Headphones Pro', 'Smartphone X']);
    } finally {
      await api.db.delete(products).where(
        inArray(
          products.id,
          extra.map((p) => p.id),
        ),
      );
      invalidateCatalog(api.db);
    }
  });
});

describe('GET /products filters', () => {
  const found = async (query: string) => ids((await list(`${query}&per_page=100`)).products).sort((a, b) => a - b);
  const of = (...list: Product[]) => ids(list).sort((a, b) => a - b);

  it('by shop, category and sub-category', async () => {
    const { headphones, speaker, phone, shirt, arabic, persian } = shop.products;
    expect(await found(`shop_id=${shop.shops.etoile.id}`)).toEqual(of(shirt, persian));
    expect(await found(`category_id=${shop.categories.electronics.id}`)).toEqual(of(headphones, speaker, phone, arabic, persian));
    expect(await found(`category_id=${shop.categories.electronics.id}&sub_category_id=${shop.subCategories.phones.id}`)).toEqual(of(phone));
    expect(await found(`sub_category_id=${shop.subCategories.shirts.id}`)).toEqual(of(shirt));
  });

  it('by rating (that many stars and up) and by price range on the price paid', async () => {
    const { headphones, speaker, phone, shirt, arabic, persian } = shop.products;
    expect(await found('rating=4')).toEqual(of(headphones, phone, shirt));
    expect(await found('rating=4.6')).toEqual(of(phone));
    expect(await found('min_price=50&max_price=100')).toEqual(of(speaker, arabic, persian));
    // 149.99 is what the headphones cost (discount price), not their 199.99 list price.
    expect(await found('min_price=149.99&max_price=150')).toEqual(of(headphones));
    expect(await found('max_price=29.99')).toEqual(of(shirt));
  });

  it('by brand, colour and size, one id or several', async () => {
    const { headphones, speaker, phone, shirt } = shop.products;
    const { sonic, nordic } = shop.brands;
    expect(await found(`brand_id=${sonic.id}`)).toEqual(of(headphones, phone));
    expect(await found(`brand_id=${sonic.id},${nordic.id}`)).toEqual(of(headphones, speaker, phone, shirt));
    expect(await found(`color_id=${shop.colors.red.id}`)).toEqual(of(headphones, shirt));
    expect(await found(`color_id=${shop.colors.red.id},${shop.colors.black.id}`)).toEqual(of(headphones, speaker, shirt));
    expect(await found(`size_id=${shop.sizes.large.id}`)).toEqual(of(shirt));
    expect(await found(`brand_id=${nordic.id}&color_id=${shop.colors.black.id}`)).toEqual(of(speaker));
  });

  it('empty fields (a form sent without JavaScript) mean no filter', async () => {
    const data = await list('search=&shop_id=&category_id=&sub_category_id=&rating=&sort_type=&min_price=&max_price=&brand_id=&color_id=&size_id=&page=&per_page=');
    expect(data.total).toBe(shop.publicProducts.length);
  });
});

describe('GET /products filters (facets)', () => {
  it('counts brands, colours and sizes and gives the price range of the whole catalogue', async () => {
    invalidateCatalog(api.db);
    const { filters } = await list('');
    expect(filters.brands).toEqual([
      { id: shop.brands.nordic.id, name: 'Nordic', total: 2 },
      { id: shop.brands.sonic.id, name: 'Sonic', total: 2 },
    ]);
    expect(filters.colors).toEqual([
      { id: shop.colors.black.id, name: 'Black', color_code: '#111111', total: 2 },
      { id: shop.colors.red.id, name: 'Red', color_code: '#DD2222', total: 2 },
    ]);
    expect(filters.sizes.map((s: any) => [s.name, s.total])).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
    ]);
    expect([filters.min_price, filters.max_price]).toEqual([29.99, 449.99]);
  });

  it('describe the scope (search, shop, category), not the refinements, so other choices stay offered', async () => {
    const { filters } = await list(`category_id=${shop.categories.electronics.id}&brand_id=${shop.brands.sonic.id}`);
    expect(filters.brands.map((b: any) => [b.name, b.total])).toEqual([
      ['Sonic', 2],
      ['Nordic', 1],
    ]);
    expect(filters.sizes).toEqual([]);
    expect([filters.min_price, filters.max_price]).toEqual([59.99, 449.99]);
    const searched = (await list('search=shirt')).filters;
    expect(searched.sizes.map((s: any) => s.name)).toEqual(['S', 'M', 'L']);
    expect([searched.min_price, searched.max_price]).toEqual([29.99, 29.99]);
  });
});

describe('GET /products pagination', () => {
  it('pages through every product exactly once, in order', async () => {
    const all = ids((await list('sort_type=top_selling&per_page=100')).products);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const data = await list(`sort_type=top_selling&per_page=2&page=${page}`);
      expect(data.total).toBe(all.length);
      expect(data.products).toHaveLength(2);
      seen.push(...ids(data.products));
    }
    expect(seen).toEqual(all);
  });

  it('a page past the end is empty and still tells the total', async () => {
    expect(await list('per_page=2&page=4')).toMatchObject({ total: shop.publicProducts.length, products: [] });
    expect(await list('page=999999')).toMatchObject({ total: shop.publicProducts.length, products: [] });
  });

  it('gives 10 per page unless told otherwise, and up to 100', async () => {
    const { shopId, categoryId } = shop.products.speaker;
    const extra: number[] = [];
    for (let k = 0; k < 5; k++) extra.push((await createProduct(api.db, { shopId, categoryId, name: `Extra ${k}` })).id);
    try {
      expect((await list('')).products).toHaveLength(10);
      expect((await list('per_page=100')).products).toHaveLength(shop.publicProducts.length + extra.length);
    } finally {
      await api.db.delete(products).where(inArray(products.id, extra));
      invalidateCatalog(api.db);
    }
  });
});

describe('GET /products bad parameters', () => {
  const cases: [string, string, string][] = [
    ['per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['page=-1', 'page', 'The page field must be at least 1.'],
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['page=two', 'page', 'The page field must be a number.'],
    ['page=1.5', 'page', 'The page field must be a number.'],
    ['sort_type=bogus', 'sort_type', 'The selected sort type is invalid.'],
    ['category_id=abc', 'category_id', 'The category id field must be a number.'],
    ['sub_category_id=-3', 'sub_category_id', 'The sub category id field must be at least 1.'],
    ['shop_id=99999999999', 'shop_id', 'The shop id field must not be greater than 2147483647.'],
    ['brand_id=1,x', 'brand_id', 'The brand id field must be a number.'],
    ['color_id=0', 'color_id', 'The color id field must be at least 1.'],
    ['size_id=1e400', 'size_id', 'The size id field must be a number.'],
    ['rating=6', 'rating', 'The rating field must not be greater than 5.'],
    ['min_price=-1', 'min_price', 'The min price field must be at least 0.'],
    ['max_price=cheap', 'max_price', 'The max price field must be a number.'],
    ['min_price=100&max_price=20', 'max_price', 'The max price must not be less than the min price.'],
    [`search=${'x'.repeat(10_240)}`, 'search', 'The search field must not be greater than 200 characters.'],
  ];
  const named = cases.map(([query, field, message]) => [query.length > 60 ? `${query.slice(0, 20)}… (${query.length} characters)` : query, query, field, message]);

  it.each(named)('%s is a 422 naming the field', async (_label, query, field, message) => {
    const { status, body } = await api.json(`/products?${query}`);
    expect(status).toBe(422);
    expect(body.errors[field]).toEqual([message]);
    expect(body.message).toBe(message);
  });

  it('reports every bad field at once', async () => {
    const { status, body } = await api.json('/products?per_page=0&page=-1&sort_type=bogus');
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'per_page', 'sort_type']);
  });
});

describe('is_favorite', () => {
  it('is true on the signed-in shopper’s favourites only', async () => {
    const user = await newShopper(api.db);
    await api.db.insert(favorites).values({ userId: user.id, productId: shop.products.phone.id });
    const { body } = await api.json('/products?per_page=100', { headers: user.auth });
    const favourite = body.data.products.filter((card: any) => card.is_favorite).map((card: any) => card.id);
    expect(favourite).toEqual([shop.products.phone.id]);
    expect((await list('per_page=100')).products.every((card) => !card.is_favorite)).toBe(true);
  });
});
