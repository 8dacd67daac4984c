import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { brands, categories, colors, productImages, sizes, subCategories, units, vatTaxes } from '../../db/schema';
import type { FieldErrors } from '../../http/errors';
import type { AppEnv } from '../../context';
import { PRODUCT_IMAGE_MAX_COUNT, SELLER_IMAGE_MAX_BYTES } from '@/contracts/seller';
import type { SellerProductPayload } from '@/contracts/seller-product';
import { renderProductImage, type RenderedImage } from './product-images';

type Translate = AppEnv['Variables']['t'];

/**
 * The checks of a product payload the schema cannot make alone (docs/decisions/017-sellers.md
 * "Products"): the ids it names exist (and the category, sub-category, brand and taxes are
 * active), the sub-category is the category's, and its pictures are pictures. All of them
 * run before anything is written, so a refused form leaves no row and no file behind.
 */

const invalid = (t: Translate, field: string) => [t('The selected {{attribute}} is invalid.', { attribute: t(field.replaceAll('_', ' ')) })];

async function existing(db: Db, table: typeof sizes | typeof colors | typeof units, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((row) => row.id));
}

/** Field errors for ids that name nothing (or nothing a product may use). */
export async function referenceErrors(db: Db, payload: SellerProductPayload, t: Translate): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, payload.category), eq(categories.isActive, true)));
  if (!category) errors.category = invalid(t, 'category');
  if (payload.sub_category !== undefined) {
    const [sub] = await db
      .select({ categoryId: subCategories.categoryId })
      .from(subCategories)
      .where(and(eq(subCategories.id, payload.sub_category), eq(subCategories.isActive, true)));
    if (!sub || sub.categoryId !== payload.category) errors.sub_category = invalid(t, 'sub_category');
  }
  if (payload.brand !== undefined) {
    const [brand] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, payload.brand), eq(brands.isActive, true)));
    if (!brand) errors.brand = invalid(t, 'brand');
  }
  if (payload.unit !== undefined && !(await existing(db, units, [payload.unit])).has(payload.unit)) errors.unit = invalid(t, 'unit');
  const sizeIds = payload.sizes.map((size) => size.id);
  const colorIds = payload.colors.map((color) => color.id);
  if (new Set(sizeIds).size !== sizeIds.length || (await existing(db, sizes, sizeIds)).size !== sizeIds.length) errors.sizes = invalid(t, 'sizes');
  if (new Set(colorIds).size !== colorIds.length || (await existing(db, colors, colorIds)).size !== colorIds.length) errors.colors = invalid(t, 'colors');
  const taxIds = [...new Set(payload.vat_taxes)];
  if (taxIds.length) {
    const found = await db
      .select({ id: vatTaxes.id })
      .from(vatTaxes)
      .where(and(inArray(vatTaxes.id, taxIds), eq(vatTaxes.isActive, true)));
    if (found.length !== taxIds.length) errors.vat_taxes = invalid(t, 'vat_taxes');
  }
  return errors;
}

/** A form's empty file input sends a nameless empty file: that is no file. */
const isNoFile = (value: unknown) => value === undefined || value === null || value === '' || (value instanceof File && value.size === 0);

/** One upload checked and resized, or a field error in `errors`. */
async function imageOf(value: unknown, field: string, t: Translate, errors: FieldErrors): Promise<RenderedImage | undefined> {
  const attribute = t(field);
  const refuse = (message: string) => {
    (errors[field] ??= []).push(message);
    return undefined;
  };
  if (!(value instanceof File)) return refuse(t('The {{attribute}} field must be an image.', { attribute }));
  if (value.size > SELLER_IMAGE_MAX_BYTES) {
    return refuse(t('The {{attribute}} field must not be greater than {{max}} kilobytes.', { attribute, max: SELLER_IMAGE_MAX_BYTES / 1024 }));
  }
  const pictures = await renderProductImage(new Uint8Array(await value.arrayBuffer()));
  return pictures ?? refuse(t('The {{attribute}} field must be a file of type: {{values}}.', { attribute, values: 'jpg, jpeg, png, webp' }));
}

export interface ImageUploads {
  thumbnail: RenderedImage | undefined;
  images: RenderedImage[];
}

/**
 * The uploaded pictures of a payload, checked by content and resized (nothing written yet).
 * `kept` is how many of the product's pictures stay (0 on create): the total is at most
 * PRODUCT_IMAGE_MAX_COUNT, and a product always has a picture.
 */
export async function imageUploads(payload: SellerProductPayload, kept: number, t: Translate, errors: FieldErrors): Promise<ImageUploads> {
  const given = payload.images.filter((file) => !isNoFile(file));
  const hasThumbnail = !isNoFile(payload.thumbnail);
  if (kept + (hasThumbnail ? 1 : 0) + given.length > PRODUCT_IMAGE_MAX_COUNT) {
    errors.images = [t('A product may have at most {{max}} images.', { max: PRODUCT_IMAGE_MAX_COUNT })];
    return { thumbnail: undefined, images: [] };
  }
  if (!hasThumbnail && kept === 0) {
    errors.thumbnail = [t('The {{attribute}} field is required.', { attribute: t('thumbnail') })];
  }
  const thumbnail = hasThumbnail ? await imageOf(payload.thumbnail, 'thumbnail', t, errors) : undefined;
  const images: RenderedImage[] = [];
  for (const file of given) {
    const image = await imageOf(file, 'images', t, errors);
    if (image) images.push(image);
  }
  return { thumbnail, images };
}

/** The ids of `keep` that are not pictures of the product (a 422 on `keep_images`). */
export async function foreignImageIds(db: Db, productId: number, keep: readonly number[]): Promise<boolean> {
  if (!keep.length) return false;
  const own = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, [...keep])));
  return own.length !== new Set(keep).size;
}
