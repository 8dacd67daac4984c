import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PROFILE_PHOTO_MAX_BYTES } from '@/contracts/profile';
import type { Translate } from '@/lib/i18n';
import type { FieldErrors } from '../../http/errors';

/**
 * Profile photos: jpg/png/webp up to 2 MB, checked by content, resized. The
 * upload is decoded by sharp whatever its name or declared type says; only JPEG, PNG and
 * WebP pass. Each is stored as square WebP pictures at the widths srcset uses
 * (lib/images.ts), under a random name in `<DATA_DIR>/uploads/profile-photos/`, which the
 * server publishes at /uploads/ (http/serve.ts). Nothing the client sent, not even the
 * file name, becomes part of a path.
 */

/** The widths stored, smallest first: 200 px covers the 32–56 px avatars at 3x, 400 px the profile page. */
export const PHOTO_WIDTHS = [200, 400] as const;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;
const DIRECTORY = 'profile-photos';
/** The URL of a stored photo: the largest width, as the database keeps it. */
const OWN_PHOTO = /^\/uploads\/profile-photos\/([0-9a-f]{32})-\d+\.webp$/;

const directoryOf = (dataDir: string) => path.resolve(dataDir, 'uploads', DIRECTORY);
const fileName = (name: string, width: number) => `${name}-${width}.webp`;

/**
 * The resized pictures of an upload, one per width, or null when it is no JPEG, PNG or
 * WebP image sharp can read whole (a PDF renamed .jpg, a truncated file, garbage). EXIF
 * orientation is applied and all metadata (location, camera) dropped.
 */
export async function renderPhoto(bytes: Uint8Array): Promise<Map<number, Buffer> | null> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const { format } = await open().metadata();
    if (!ACCEPTED_FORMATS.has(format)) return null;
    const pictures = new Map<number, Buffer>();
    for (const width of PHOTO_WIDTHS) {
      pictures.set(width, await open().rotate().resize(width, width, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer());
    }
    return pictures;
  } catch {
    return null;
  }
}

/** Writes the pictures under a new random name; returns the URL to store. */
export async function storePhoto(dataDir: string, pictures: Map<number, Buffer>): Promise<string> {
  const directory = directoryOf(dataDir);
  await mkdir(directory, { recursive: true });
  const name = randomBytes(16).toString('hex');
  for (const [width, picture] of pictures) await writeFile(path.join(directory, fileName(name, width)), picture, { flag: 'wx' });
  return `/uploads/${DIRECTORY}/${fileName(name, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!)}`;
}

/**
 * Removes the files of a photo this module stored. Other URLs (the seed's shared
 * avatars, external pictures) are left alone: only a name of this module's own pattern
 * is turned into a path.
 */
export async function removePhoto(dataDir: string, url: string | null): Promise<void> {
  const name = url ? OWN_PHOTO.exec(url)?.[1] : undefined;
  if (!name) return;
  const directory = directoryOf(dataDir);
  await Promise.all(
    PHOTO_WIDTHS.map((width) =>
      unlink(path.join(directory, fileName(name, width))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}

/**
 * The checked photo of a post: undefined when none was sent (an empty file input sends a
 * nameless empty file), the resized pictures, or a field error in `errors`.
 */
export async function photoOf(value: unknown, t: Translate, errors: FieldErrors): Promise<Map<number, Buffer> | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  const attribute = t('profile photo');
  if (!(value instanceof File)) {
    errors.profile_photo = [t('The {{attribute}} field must be an image.', { attribute })];
    return undefined;
  }
  if (value.size === 0 && value.name === '') return undefined;
  if (value.size > PROFILE_PHOTO_MAX_BYTES) {
    errors.profile_photo = [t('The {{attribute}} field must not be greater than {{max}} kilobytes.', { attribute, max: PROFILE_PHOTO_MAX_BYTES / 1024 })];
    return undefined;
  }
  const pictures = await renderPhoto(new Uint8Array(await value.arrayBuffer()));
  if (!pictures) errors.profile_photo = [t('The {{attribute}} field must be a file of type: {{values}}.', { attribute, values: 'jpg, jpeg, png, webp' })];
  return pictures ?? undefined;
}
