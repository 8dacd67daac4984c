import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@/lib/images';

/**
 * A seller's product pictures (docs/decisions/017-sellers.md "Products"), handled like
 * profile photos (profile/photo.ts): decoded by sharp whatever the file is called, only
 * JPEG, PNG and WebP pass, and each is stored as square WebP pictures at the widths the
 * storefront's srcset asks for (lib/images.ts), named `<random>-<width>.webp` under
 * `<DATA_DIR>/uploads/products/` like the seed's (db/seed/images.ts). Pictures are fitted
 * whole on white rather than cropped: the product cards are square, and a crop could cut
 * the product off.
 */

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger canvases are refused before decoding (a small file can claim a huge one). */
const MAX_INPUT_PIXELS = 40_000_000;
const DIRECTORY = 'products';
const OWN_IMAGE = /^\/uploads\/products\/([0-9a-f]{32})-\d+\.webp$/;

export type RenderedImage = Map<number, Buffer>;

const directoryOf = (dataDir: string) => path.resolve(dataDir, 'uploads', DIRECTORY);
const fileName = (name: string, width: number) => `${name}-${width}.webp`;

/** The resized pictures of an upload, or null when it is no JPEG, PNG or WebP sharp reads whole. */
export async function renderProductImage(bytes: Uint8Array): Promise<RenderedImage | null> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const { format } = await open().metadata();
    if (!ACCEPTED_FORMATS.has(format)) return null;
    const pictures: RenderedImage = new Map();
    for (const width of IMAGE_WIDTHS) {
      pictures.set(
        width,
        await open()
          .rotate()
          .resize(width, width, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 82 })
          .toBuffer(),
      );
    }
    return pictures;
  } catch {
    return null;
  }
}

/** Writes the pictures under a new random name; returns the URL the database keeps (the largest width). */
export async function storeProductImage(dataDir: string, pictures: RenderedImage): Promise<string> {
  const directory = directoryOf(dataDir);
  await mkdir(directory, { recursive: true });
  const name = randomBytes(16).toString('hex');
  for (const [width, picture] of pictures) await writeFile(path.join(directory, fileName(name, width)), picture, { flag: 'wx' });
  return `/uploads/${DIRECTORY}/${fileName(name, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)}`;
}

/**
 * Removes the files of pictures this module stored. The seed's shared pictures (named
 * after their sub-category) and any other URL are left alone: only a name of this
 * module's own pattern becomes a path.
 */
export async function removeProductImages(dataDir: string, urls: readonly string[]): Promise<void> {
  const directory = directoryOf(dataDir);
  const names = urls.map((url) => OWN_IMAGE.exec(url)?.[1]).filter((name): name is string => Boolean(name));
  await Promise.all(
    names.flatMap((name) =>
      IMAGE_WIDTHS.map((width) =>
        unlink(path.join(directory, fileName(name, width))).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    ),
  );
}
