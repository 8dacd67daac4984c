import { DEMO_ACCOUNTS } from '../../../lib/demo-accounts.ts';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import {
  addresses,
  banners,
  brands,
  categories,
  flashSaleProducts,
  flashSales,
  productColors,
  productImages,
  products,
  productSizes,
  reviews,
  shops,
  subCategories,
  users,
  vouchers,
} from '../schema/index.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { productImageKey, productImageUrl, uploadUrl } from './images.ts';
import { daysFrom, slugify } from './util.ts';

/**
 * Builders shared by the demo seed and the tests: each `create*` inserts one row with
 * sensible defaults, fills in missing parents, and returns the row. Defaults use a
 * counter so that rows made in one test never collide; the seed passes explicit values.
 */
export type User = typeof users.$inferSelect;
export type Shop = typeof shops.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type SubCategory = typeof subCategories.$inferSelect;
export type Brand = typeof brands.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Address = typeof addresses.$inferSelect;
export type Voucher = typeof vouchers.$inferSelect;
export type Review = typeof reviews.$inferSelect;

export const DEMO_PASSWORD = DEMO_ACCOUNTS.customer.password;

let counter = 0;
const next = () => ++counter;

const hashes = new Map<string, Promise<string>>();

/**
 * The argon2id hash of a demo password with a salt derived from the password itself:
 * the same password always gives the same hash, so seeded rows are reproducible and a
 * password is hashed once per process instead of 25 ms per user.
 */
export function demoPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    const salt = createHash('sha256').update(`shophub-demo:${password}`).digest().subarray(0, 16);
    hash = hashPassword(password, { salt });
    hashes.set(password, hash);
  }
  return hash;
}

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<User> {
  const n = next();
  const { password = DEMO_PASSWORD, ...values } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      name: `Test User ${n}`,
      email: `user${n}@example.test`,
      phoneCode: '1',
      phone: String(2_025_550_000 + n),
      country: 'United States',
      passwordHash: await demoPasswordHash(password),
      emailVerifiedAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

/** A shop, active unless `status` says otherwise; `isActive: false` is short for a shop still `pending`. */
export async function createShop(db: Db, { isActive, ...overrides }: Partial<typeof shops.$inferInsert> & { isActive?: boolean } = {}): Promise<Shop> {
  const n = next();
  const name = overrides.name ?? `Test Shop ${n}`;
  const userId = overrides.userId ?? (await createUser(db)).id;
  const [row] = await db
    .insert(shops)
    .values({
      name,
      slug: `${slugify(name)}-${n}`,
      logo: uploadUrl('shops', 'technest-electronics'),
      banner: uploadUrl('banners', 'shop-technest-electronics-1'),
      shortDescription: `${name} sells quality products at fair prices.`,
      description: `<p>${name} sells quality products at fair prices.</p>`,
      estimatedDeliveryTime: '2-4 days',
      deliveryCharge: 499,
      orderPrefix: 'TS',
      status: isActive === false ? 'pending' : 'active',
      ...overrides,
      userId,
    })
    .returning();
  return row!;
}

export async function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}): Promise<Category> {
  const n = next();
  const name = overrides.name ?? `Category ${n}`;
  const [row] = await db
    .insert(categories)
    .values({ name, slug: `${slugify(name)}-${n}`, thumbnail: uploadUrl('categories', 'category-electronics'), sortOrder: n, ...overrides })
    .returning();
  return row!;
}

export async function createSubCategory(db: Db, overrides: Partial<typeof subCategories.$inferInsert> = {}): Promise<SubCategory> {
  const n = next();
  const name = overrides.name ?? `Sub-category ${n}`;
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const [row] = await db
    .insert(subCategories)
    .values({ name, slug: `${slugify(name)}-${n}`, thumbnail: uploadUrl('categories', 'sub-audio'), sortOrder: n, ...overrides, categoryId })
    .returning();
  return row!;
}

export async function createBrand(db: Db, overrides: Partial<typeof brands.$inferInsert> = {}): Promise<Brand> {
  const n = next();
  const [row] = await db
    .insert(brands)
    .values({ name: `Brand ${n}`, logo: uploadUrl('brands', 'brand-voltix'), ...overrides })
    .returning();
  return row!;
}

/** A product row without touching the database; the seed inserts these in batches. */
export function buildProduct(overrides: Partial<NewProduct> & Pick<NewProduct, 'shopId' | 'categoryId'>): NewProduct {
  const n = next();
  const name = overrides.name ?? `Test Product ${n}`;
  return {
    name,
    slug: `${slugify(name)}-t${n}`,
    sku: `T-${n}`,
    shortDescription: `${name}, ready to ship.`,
    description: `<p>${name}, ready to ship.</p>`,
    thumbnail: productImageUrl(productImageKey('electronics', 'plug'), 0),
    price: 1999,
    discountPrice: 0,
    quantity: 100,
    ...overrides,
  };
}

export type ProductOverrides = Partial<NewProduct> & {
  /** Gallery paths; defaults to the thumbnail alone. */
  images?: string[];
  sizes?: { sizeId: number; price?: number }[];
  colors?: { colorId: number; price?: number }[];
};

export async function createProduct(db: Db, overrides: ProductOverrides = {}): Promise<Product> {
  const { images, sizes, colors, ...values } = overrides;
  const shopId = values.shopId ?? (await createShop(db)).id;
  const categoryId = values.categoryId ?? (await createCategory(db)).id;
  const [row] = await db
    .insert(products)
    .values(buildProduct({ ...values, shopId, categoryId }))
    .returning();
  const product = row!;
  const gallery = images ?? [product.thumbnail];
  if (gallery.length) await db.insert(productImages).values(gallery.map((path, sortOrder) => ({ productId: product.id, path, sortOrder })));
  if (sizes?.length) await db.insert(productSizes).values(sizes.map((s) => ({ productId: product.id, sizeId: s.sizeId, price: s.price ?? 0 })));
  if (colors?.length) await db.insert(productColors).values(colors.map((c) => ({ productId: product.id, colorId: c.colorId, price: c.price ?? 0 })));
  return product;
}

export async function createAddress(db: Db, overrides: Partial<typeof addresses.$inferInsert> & { userId: number }): Promise<Address> {
  const [row] = await db
    .insert(addresses)
    .values({
      name: 'Alex Morgan',
      phone: '2025550143',
      area: 'Downtown',
      addressLine: '1600 Main Street',
      postCode: '94105',
      city: 'San Francisco',
      state: 'California',
      country: 'United States',
      addressType: 'home',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createVoucher(db: Db, overrides: Partial<typeof vouchers.$inferInsert> & { shopId: number }): Promise<Voucher> {
  const n = next();
  const now = new Date();
  const [row] = await db
    .insert(vouchers)
    .values({ code: `TEST${n}`, discountType: 'Percentage', discountPercent: '10', minOrderAmount: 0, startedAt: daysFrom(now, -1), expiredAt: daysFrom(now, 30), ...overrides })
    .returning();
  return row!;
}

/** A shop's banner (or a site-wide one without `shopId`), shown. */
export async function createBanner(db: Db, overrides: Partial<typeof banners.$inferInsert> = {}): Promise<typeof banners.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(banners)
    .values({ title: `Banner ${n}`, thumbnail: uploadUrl('banners', 'shop-technest-electronics-1'), ...overrides })
    .returning();
  return row!;
}

/** A review of a product; the shop is taken from the product when not given. */
export async function createReview(db: Db, overrides: Partial<typeof reviews.$inferInsert> & { productId: number; userId: number }): Promise<Review> {
  let shopId = overrides.shopId;
  if (shopId === undefined) {
    const [product] = await db.select({ shopId: products.shopId }).from(products).where(eq(products.id, overrides.productId));
    if (!product) throw new Error(`No product ${overrides.productId}`);
    shopId = product.shopId;
  }
  const [row] = await db
    .insert(reviews)
    .values({ rating: 5, review: 'Great product.', ...overrides, shopId })
    .returning();
  return row!;
}

export async function createFlashSale(
  db: Db,
  overrides: Partial<typeof flashSales.$inferInsert> = {},
  items: { productId: number; price: number; quantity?: number; sold?: number }[] = [],
) {
  const n = next();
  const now = new Date();
  const [sale] = await db
    .insert(flashSales)
    .values({ name: `Flash Sale ${n}`, startDate: daysFrom(now, -1), endDate: daysFrom(now, 3), ...overrides })
    .returning();
  if (items.length) {
    await db.insert(flashSaleProducts).values(items.map((item) => ({ quantity: 50, ...item, flashSaleId: sale!.id })));
  }
  return sale!;
}
