import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { violatedUniqueIndex } from '../../db/errors';
import {
  brands,
  categories,
  colors,
  orderItems,
  productColors,
  productImages,
  products,
  productSizes,
  productVatTaxes,
  sizes,
  subCategories,
  units,
  vatTaxes,
} from '../../db/schema';
import { slugify } from '../../db/seed/util';
import { cleanHtml } from '../../html';
import { productTranslations } from './product-translations';
import { matchesSearch } from '../catalog/search';
import { fromMinor, toMinor } from '@/lib/money';
import {
  LOW_STOCK_THRESHOLD,
  type SellerProduct,
  type SellerProductCreateData,
  type SellerProductDetails,
  type SellerProductListQuery,
  type SellerProductPayload,
} from '@/contracts/seller-product';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A seller's products (docs/decisions/017-sellers.md "Products"): every query is scoped to
 * the seller's shop, so another shop's product is simply not found.
 */

const stockConditions: Record<NonNullable<SellerProductListQuery['status']>, SQL> = {
  active: eq(products.isActive, true),
  inactive: eq(products.isActive, false),
  out_of_stock: eq(products.quantity, 0),
  low_stock: and(gt(products.quantity, 0), lte(products.quantity, LOW_STOCK_THRESHOLD))!,
};

/** The shop's products, newest first, with their real stock. */
export async function listSellerProducts(db: Db, shopId: number, query: SellerProductListQuery): Promise<{ total: number; products: SellerProduct[] }> {
  const conditions = [
    eq(products.shopId, shopId),
    query.search ? or(matchesSearch(products.searchName, query.search), eq(products.sku, query.search)) : undefined,
    query.category ? eq(products.categoryId, query.category) : undefined,
    query.brand ? eq(products.brandId, query.brand) : undefined,
    query.status ? stockConditions[query.status] : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = and(...conditions);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        thumbnail: products.thumbnail,
        price: products.price,
        discountPrice: products.discountPrice,
        quantity: products.quantity,
        totalSold: products.totalSold,
        brand: brands.name,
        category: categories.name,
        isActive: products.isActive,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ]);
  return {
    total: counted?.total ?? 0,
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      thumbnail: row.thumbnail,
      price: fromMinor(row.price),
      discount_price: fromMinor(row.discountPrice),
      quantity: row.quantity,
      total_sold: row.totalSold,
      brand: row.brand,
      category: row.category,
      is_active: row.isActive,
    })),
  };
}

/** What the product form offers: active categories with their sub-categories, options, active brands and taxes. */
export async function productCreateData(db: Db): Promise<SellerProductCreateData> {
  const [categoryRows, subRows, sizeRows, colorRows, brandRows, unitRows, taxRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, thumbnail: categories.thumbnail })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ id: subCategories.id, name: subCategories.name, categoryId: subCategories.categoryId })
      .from(subCategories)
      .where(eq(subCategories.isActive, true))
      .orderBy(asc(subCategories.sortOrder), asc(subCategories.id)),
    db.select({ id: sizes.id, name: sizes.name }).from(sizes).orderBy(asc(sizes.id)),
    db.select({ id: colors.id, name: colors.name, color_code: colors.colorCode }).from(colors).orderBy(asc(colors.id)),
    db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.isActive, true)).orderBy(asc(brands.name)),
    db.select({ id: units.id, name: units.name }).from(units).orderBy(asc(units.id)),
    db.select({ id: vatTaxes.id, name: vatTaxes.name, percentage: vatTaxes.percentage }).from(vatTaxes).where(eq(vatTaxes.isActive, true)).orderBy(asc(vatTaxes.id)),
  ]);
  return {
    categories: categoryRows.map((category) => ({
      ...category,
      sub_categories: subRows.filter((sub) => sub.categoryId === category.id).map(({ id, name }) => ({ id, name })),
    })),
    sizes: sizeRows,
    colors: colorRows,
    brands: brandRows,
    units: unitRows,
    vat_taxes: taxRows.map((tax) => ({ ...tax, percentage: Number(tax.percentage) })),
  };
}

/** The shop's product row, or null (another shop's product is not found). */
export async function ownProduct(db: Db | Tx, shopId: number, productId: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)));
  return row ?? null;
}

/** The product's pictures in order; the first is its thumbnail. */
export function productImageRows(db: Db | Tx, productId: number) {
  return db
    .select({ id: productImages.id, path: productImages.path })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
}

/** Everything the edit form shows of one of the shop's products, or null. */
export async function sellerProductDetails(db: Db, shopId: number, productId: number): Promise<SellerProductDetails | null> {
  const product = await ownProduct(db, shopId, productId);
  if (!product) return null;
  const [images, [category], subs, sizeRows, colorRows, [brand], [unit], taxRows] = await Promise.all([
    productImageRows(db, product.id),
    db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, product.categoryId)),
    product.subCategoryId ? db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories).where(eq(subCategories.id, product.subCategoryId)) : [],
    db
      .select({ id: sizes.id, name: sizes.name, price: productSizes.price })
      .from(productSizes)
      .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
      .where(eq(productSizes.productId, product.id))
      .orderBy(asc(sizes.id)),
    db
      .select({ id: colors.id, name: colors.name, color_code: colors.colorCode, price: productColors.price })
      .from(productColors)
      .innerJoin(colors, eq(colors.id, productColors.colorId))
      .where(eq(productColors.productId, product.id))
      .orderBy(asc(colors.id)),
    product.brandId ? db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, product.brandId)) : [],
    product.unitId ? db.select({ id: units.id, name: units.name }).from(units).where(eq(units.id, product.unitId)) : [],
    db
      .select({ id: vatTaxes.id, name: vatTaxes.name, percentage: vatTaxes.percentage })
      .from(productVatTaxes)
      .innerJoin(vatTaxes, eq(vatTaxes.id, productVatTaxes.vatTaxId))
      .where(eq(productVatTaxes.productId, product.id))
      .orderBy(asc(vatTaxes.id)),
  ]);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    price: fromMinor(product.price),
    discount_price: fromMinor(product.discountPrice),
    quantity: product.quantity,
    sku: product.sku,
    thumbnail: product.thumbnail,
    additional_thumbnail: images.map((image) => ({ id: image.id, thumbnail: image.path })),
    category: category ?? { id: product.categoryId, name: '' },
    sub_categories: subs,
    sizes: sizeRows.map((size) => ({ ...size, price: fromMinor(size.price) })),
    colors: colorRows.map((color) => ({ ...color, price: fromMinor(color.price) })),
    brand: brand ?? null,
    unit: unit ?? null,
    vat_taxes: taxRows.map((tax) => ({ ...tax, percentage: Number(tax.percentage) })),
    short_description: product.shortDescription,
    description: product.description === null ? null : cleanHtml(product.description),
    is_active: product.isActive,
    translations: product.translations,
  };
}

/** The columns a payload sets (stock aside: see `applyStock`). Descriptions are stored sanitised. */
function columnsOf(payload: SellerProductPayload) {
  return {
    name: payload.name,
    shortDescription: payload.short_description ?? null,
    description: payload.description ? cleanHtml(payload.description) : null,
    categoryId: payload.category,
    subCategoryId: payload.sub_category ?? null,
    brandId: payload.brand ?? null,
    unitId: payload.unit ?? null,
    price: toMinor(payload.price),
    discountPrice: toMinor(payload.discount_price),
  };
}

async function writeOptions(tx: Tx, productId: number, payload: SellerProductPayload): Promise<void> {
  await tx.delete(productSizes).where(eq(productSizes.productId, productId));
  await tx.delete(productColors).where(eq(productColors.productId, productId));
  await tx.delete(productVatTaxes).where(eq(productVatTaxes.productId, productId));
  if (payload.sizes.length) await tx.insert(productSizes).values(payload.sizes.map((size) => ({ productId, sizeId: size.id, price: toMinor(size.price) })));
  if (payload.colors.length) await tx.insert(productColors).values(payload.colors.map((color) => ({ productId, colorId: color.id, price: toMinor(color.price) })));
  const taxes = [...new Set(payload.vat_taxes)];
  if (taxes.length) await tx.insert(productVatTaxes).values(taxes.map((vatTaxId) => ({ productId, vatTaxId })));
}

/** A slug of the name no other product has: the name's own, else with the first free number (random for names without Latin letters). */
async function freeSlug(tx: Tx, name: string, attempt: number): Promise<string> {
  const base = (slugify(name) || 'product').slice(0, 180);
  if (attempt > 0) return `${base}-${randomBytes(4).toString('hex')}`;
  const taken = new Set(
    (
      await tx
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), like(products.slug, `${base.replace(/[%_\\]/g, '\\$&')}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const newSku = (shopId: number) => `S${shopId}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Runs a write that draws a slug and SKU, again with random ones when another write took
 * the same at the same moment (the unique indexes decide).
 */
async function withFreshNames<T>(write: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write(attempt);
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (attempt >= 2 || index === null || !/slug|sku/.test(index)) throw error;
    }
  }
}

/** Creates the shop's product with its pictures (URLs already stored, the first the thumbnail); returns its id. */
export async function createSellerProduct(db: Db, shopId: number, payload: SellerProductPayload, imageUrls: string[]): Promise<number> {
  return withFreshNames((attempt) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          ...columnsOf(payload),
          shopId,
          slug: await freeSlug(tx, payload.name, attempt),
          translations: await productTranslations(tx, payload, {}, null, attempt),
          sku: newSku(shopId),
          thumbnail: imageUrls[0]!,
          quantity: payload.quantity,
          isActive: payload.is_active ?? true,
        })
        .returning({ id: products.id });
      const productId = row!.id;
      await tx.insert(productImages).values(imageUrls.map((path, sortOrder) => ({ productId, path, sortOrder })));
      await writeOptions(tx, productId, payload);
      return productId;
    }),
  );
}

/** A stock edit that would take the stock below zero, because orders took units since the form was shown. */
export class StockConflict extends Error {
  constructor(readonly current: number) {
    super('stock conflict');
  }
}

/**
 * The stock after a seller's edit (docs/decisions/017-sellers.md "Stock"), read under the
 * product's row lock, the lock orders take stock under (modules/orders/place.ts): with
 * `quantity_seen`, the seller's change is applied to what is there now, so units ordered
 * since the form was shown are not given back; without it, the quantity is set as sent.
 */
export function applyStock(current: number, quantity: number, seen: number | undefined): number {
  if (seen === undefined || seen === current) return quantity;
  const next = current + (quantity - seen);
  if (next < 0) throw new StockConflict(current);
  return next;
}

export interface ImageChanges {
  /** The kept pictures' ids in their new order. */
  keep: number[];
  /** A new thumbnail, put first. */
  thumbnail: string | undefined;
  /** New pictures, put after the kept ones. */
  added: string[];
}

/**
 * Updates the shop's product under its row lock; answers the URLs of pictures it removed
 * (their files go once the change is committed), or null when the product is not the shop's.
 */
export async function updateSellerProduct(db: Db, shopId: number, productId: number, payload: SellerProductPayload, images: ImageChanges): Promise<{ removed: string[] } | null> {
  return withFreshNames((attempt) =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ quantity: products.quantity, translations: products.translations })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
        .for('update');
      if (!locked) return null;
      const current = await productImageRows(tx, productId);
      const keep = images.keep.filter((id) => current.some((image) => image.id === id));
      const removed = current.filter((image) => !keep.includes(image.id));
      if (removed.length)
        await tx.delete(productImages).where(
          inArray(
            productImages.id,
            removed.map((image) => image.id),
          ),
        );
      const order = [...(images.thumbnail ? [{ path: images.thumbnail }] : []), ...keep.map((id) => ({ id })), ...images.added.map((path) => ({ path }))];
      let thumbnail = '';
      for (const [sortOrder, entry] of order.entries()) {
        if ('id' in entry) {
          const [row] = await tx.update(productImages).set({ sortOrder }).where(eq(productImages.id, entry.id)).returning({ path: productImages.path });
          if (sortOrder === 0) thumbnail = row!.path;
        } else {
          await tx.insert(productImages).values({ productId, path: entry.path, sortOrder });
          if (sortOrder === 0) thumbnail = entry.path;
        }
      }
      await tx
        .update(products)
        .set({
          ...columnsOf(payload),
          thumbnail,
          quantity: applyStock(locked.quantity, payload.quantity, payload.quantity_seen),
          translations: await productTranslations(tx, payload, locked.translations, productId, attempt),
          ...(payload.is_active === undefined ? {} : { isActive: payload.is_active }),
          updatedAt: new Date(),
        })
        .where(eq(products.id, productId));
      await writeOptions(tx, productId, payload);
      return { removed: removed.map((image) => image.path) };
    }),
  );
}

/** Switches the shop's product on or off; false when it is not the shop's. */
export async function toggleSellerProduct(db: Db, shopId: number, productId: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ isActive: sql`NOT ${products.isActive}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export type ImageDeletion = { removed: string } | 'not_found' | 'last_image';

/** Removes one picture of the shop's product, never its last; the next one becomes the thumbnail. */
export async function deleteSellerProductImage(db: Db, shopId: number, productId: number, imageId: number): Promise<ImageDeletion> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
      .for('update');
    if (!locked) return 'not_found';
    const images = await productImageRows(tx, productId);
    const image = images.find((row) => row.id === imageId);
    if (!image) return 'not_found';
    if (images.length === 1) return 'last_image';
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    const rest = images.filter((row) => row.id !== imageId);
    await tx.update(products).set({ thumbnail: rest[0]!.path, updatedAt: new Date() }).where(eq(products.id, productId));
    return { removed: image.path };
  });
}

export type ProductRemoval = { outcome: 'deleted'; files: string[] } | { outcome: 'deactivated' } | null;

/**
 * Deletes the shop's product, or deactivates it when it was ever ordered: order lines keep
 * copies of what was bought, but reviews, refunds and the seller's statement still lead to
 * it (docs/decisions/017-sellers.md "Products"). Under the product's lock, so an order
 * being placed either lands first (deactivated) or finds it gone.
 */
export async function removeSellerProduct(db: Db, shopId: number, productId: number): Promise<ProductRemoval> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
      .for('update');
    if (!locked) return null;
    const [ordered] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, productId)).limit(1);
    if (ordered) {
      await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, productId));
      return { outcome: 'deactivated' };
    }
    const images = await productImageRows(tx, productId);
    await tx.delete(products).where(eq(products.id, productId));
    return { outcome: 'deleted', files: images.map((image) => image.path) };
  });
}
