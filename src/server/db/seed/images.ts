import path from 'node:path';
import type { Art } from './art';

/**
 * Generated pictures live at `<DATA_DIR>/uploads/<kind>/<name>-<width>.webp` and are
 * served at `/uploads/<kind>/<name>-<width>.webp`. The database keeps the URL of the
 * largest width; smaller ones are found by replacing the width suffix.
 */
export const IMAGE_KINDS = ['products', 'categories', 'brands', 'shops', 'banners', 'flash-sales', 'ads', 'blogs', 'site', 'social', 'payments', 'avatars'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_WIDTHS = [200, 400, 800] as const;
/** Banners, ads and flash-sale art can span the page, so they also get 1600 px. */
export const WIDE_IMAGE_WIDTHS = [200, 400, 800, 1600] as const;

const WIDE_KINDS: ReadonlySet<ImageKind> = new Set(['banners', 'flash-sales', 'ads']);

/** Product pictures per product type: a product shows up to this many distinct ones. */
export const PRODUCT_IMAGE_VARIANTS = 4;

export function imageWidths(kind: ImageKind): readonly number[] {
  return WIDE_KINDS.has(kind) ? WIDE_IMAGE_WIDTHS : IMAGE_WIDTHS;
}

export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** The URL stored in the database: the largest variant. */
export function uploadUrl(kind: ImageKind, name: string): string {
  const widths = imageWidths(kind);
  return `/uploads/${kind}/${name}-${widths[widths.length - 1]}.webp`;
}

/**
 * Product pictures are drawn per category and product type (the noun's glyph, data/taxonomy.ts):
 * an air fryer shows an air fryer, in its category's colours.
 */
export const productImageKey = (categorySlug: string, glyph: string) => `${categorySlug}-${glyph.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
export const productImageName = (key: string, variant: number) => `${key}-${variant + 1}`;
export const productImageUrl = (key: string, variant: number) => uploadUrl('products', productImageName(key, variant));
export const GENERIC_AVATARS = 8;
export const genericAvatarUrl = (index: number) => uploadUrl('avatars', `shopper-${(index % GENERIC_AVATARS) + 1}`);

/** One picture to draw: the renderer (render.ts) writes it in every width of its kind. */
export interface ImageSpec {
  kind: ImageKind;
  name: string;
  art: () => Art | Promise<Art>;
}
