import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Translate } from '@/lib/i18n';
import { SELLER_IMAGE_MAX_BYTES } from '@/contracts/seller';
import type { FieldErrors } from '../../http/errors';

/**
 * A shop's logo and banner (docs/decisions/017-sellers.md), checked and stored as profile
 * photos are (modules/profile/photo.ts): jpg, png or webp judged by content whatever the
 * name says, at most SELLER_IMAGE_MAX_BYTES, metadata dropped, re-encoded as WebP at the
 * widths srcset uses (lib/images.ts), under a random name in `<DATA_DIR>/uploads/shops/`.
 * Nothing the client sent becomes part of a path.
 */

export type ShopImageKind = 'logo' | 'banner';

/**
 * The widths stored, smallest first, and each picture's height for a width: the logo is
 * square; the banner is 4:1 and also kept at the default srcset widths (200, 400, 800), so
 * any page giving it `imageSrcset(url)` finds every file it names.
 */
const SHAPES: Record<ShopImageKind, { widths: readonly number[]; height: (width: number) => number }> = {
  logo: { widths: [200, 400], height: (width) => width },
  banner: { widths: [200, 400, 800, 1600], height: (width) => Math.round(width / 4) },
};
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
const DIRECTORY = 'shops';
const OWN_IMAGE = /^\/uploads\/shops\/([0-9a-f]{32})-\d+\.webp$/;

const directoryOf = (dataDir: string) => path.resolve(dataDir, 'uploads', DIRECTORY);
const fileName = (name: string, width: number) => `${name}-${width}.webp`;

/** The resized pictures of an upload by width, or null when it is no JPEG, PNG or WebP image sharp reads whole. */
export async function renderShopImage(bytes: Uint8Array, kind: ShopImageKind): Promise<Map<number, Buffer> | null> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  const shape = SHAPES[kind];
  try {
    const { format } = await open().metadata();
    if (!ACCEPTED_FORMATS.has(format)) return null;
    const pictures = new Map<number, Buffer>();
    for (const width of shape.widths) {
      pictures.set(width, await open().rotate().resize(width, shape.height(width), { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer());
    }
    return pictures;
  } catch {
    return null;
  }
}

/**
 * The checked picture of a form field: undefined when none was sent (an empty file input
 * sends a nameless empty file), the pictures, or a field error added to `errors`.
 */
export async function shopImageOf(value: unknown, field: ShopImageKind, t: Translate, errors: FieldErrors): Promise<Map<number, Buffer> | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  const attribute = t(field);
  if (!(value instanceof File)) {
    errors[field] = [t('The {{attribute}} field must be an image.', { attribute })];
    return undefined;
  }
  if (value.size === 0 && value.name === '') return undefined;
  if (value.size > SELLER_IMAGE_MAX_BYTES) {
    errors[field] = [t('The {{attribute}} field must not be greater than {{max}} kilobytes.', { attribute, max: SELLER_IMAGE_MAX_BYTES / 1024 })];
    return undefined;
  }
  const pictures = await renderShopImage(new Uint8Array(await value.arrayBuffer()), field);
  if (!pictures) errors[field] = [t('The {{attribute}} field must be a file of type: {{values}}.', { attribute, values: 'jpg, jpeg, png, webp' })];
  return pictures ?? undefined;
}

/** Writes the pictures under a new random name; returns the URL to store (the largest width). */
export async function storeShopImage(dataDir: string, pictures: Map<number, Buffer>): Promise<string> {
  const directory = directoryOf(dataDir);
  await mkdir(directory, { recursive: true });
  const name = randomBytes(16).toString('hex');
  for (const [width, picture] of pictures) await writeFile(path.join(directory, fileName(name, width)), picture, { flag: 'wx' });
  return `/uploads/${DIRECTORY}/${fileName(name, Math.max(...pictures.keys()))}`;
}

/** Removes the files of an image this module stored; other URLs (the seed's pictures) are left alone. */
export async function removeShopImage(dataDir: string, url: string | null | undefined): Promise<void> {
  const name = url ? OWN_IMAGE.exec(url)?.[1] : undefined;
  if (!name) return;
  const directory = directoryOf(dataDir);
  const widths = new Set(Object.values(SHAPES).flatMap((shape) => shape.widths));
  await Promise.all(
    [...widths].map((width) =>
      unlink(path.join(directory, fileName(name, width))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}
