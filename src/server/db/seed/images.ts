import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Art } from './art';

/**
 * Generated pictures live at `<DATA_DIR>/uploads/<kind>/<name>-<width>.webp` and are
 * served at `/uploads/<kind>/<name>-<width>.webp`. The database keeps the URL of the
 * largest width; smaller ones are found by replacing the width suffix.
 */
export const IMAGE_KINDS = [
  'products', 'categories', 'brands', 'shops', 'banners', 'flash-sales', 'ads', 'blogs', 'site', 'social', 'payments', 'avatars',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_WIDTHS = [200, 400, 800] as const;
/** Full-width banners also get a 1600 px variant for large screens. */
export const WIDE_IMAGE_WIDTHS = [200, 400, 800, 1600] as const;

const WIDE_KINDS: ReadonlySet<ImageKind> = new Set(['banners', 'flash-sales']);

/** Product pictures per sub-category: a product shows up to this many distinct ones. */
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

export const productImageName = (subCategorySlug: string, variant: number) => `${subCategorySlug}-${variant + 1}`;
export const productImageUrl = (subCategorySlug: string, variant: number) => uploadUrl('products', productImageName(subCategorySlug, variant));
export const GENERIC_AVATARS = 8;
export const genericAvatarUrl = (index: number) => uploadUrl('avatars', `shopper-${(index % GENERIC_AVATARS) + 1}`);

export interface ImageSpec {
  kind: ImageKind;
  name: string;
  art: () => Art | Promise<Art>;
}

function svgDocument(art: Art, width: number): Buffer {
  const height = Math.round((art.height * width) / art.width);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${art.width} ${art.height}">${art.body}</svg>`,
  );
}

async function renderSpec(root: string, spec: ImageSpec): Promise<number> {
  const dir = path.join(root, spec.kind);
  const missing = imageWidths(spec.kind).filter((width) => !existsSync(path.join(dir, `${spec.name}-${width}.webp`)));
  if (missing.length === 0) return 0;
  await mkdir(dir, { recursive: true });
  const art = await spec.art();
  for (const width of missing) {
    // Each width is drawn from the vector source, so small variants stay sharp.
    const data = await sharp(svgDocument(art, width))
      .webp(art.lossless ? { lossless: true } : { quality: 82, effort: 4 })
      .toBuffer();
    const file = path.join(dir, `${spec.name}-${width}.webp`);
    // Written aside and renamed, so an interrupted run never leaves a half file that a
    // later run would mistake for a finished one.
    await writeFile(`${file}.tmp`, data);
    await rename(`${file}.tmp`, file);
  }
  return missing.length;
}

/** Renders every image whose files are not there yet; returns how many files it wrote. */
export async function ensureImages(dataDir: string, specs: readonly ImageSpec[]): Promise<number> {
  const root = uploadsDir(dataDir);
  const names = new Set<string>();
  for (const spec of specs) {
    const key = `${spec.kind}/${spec.name}`;
    if (names.has(key)) throw new Error(`Image ${key} is defined twice`);
    names.add(key);
  }
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < specs.length) {
      const count = await renderSpec(root, specs[next++]!);
      written += count;
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return written;
}
