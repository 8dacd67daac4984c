import path from 'node:path';
import sharp from 'sharp';
import type { FieldErrors } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { TICKET_ATTACHMENT_EXTENSIONS, TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_MAX_COUNT } from '@/contracts/support';

/**
 * A ticket's files, checked by what they hold, never by their name or declared type
 * (docs/decisions/020-support-and-live-updates.md): a JPEG or PNG that sharp decodes as
 * one, or a PDF that starts and ends as PDFs do. Their names are kept only for the
 * download, cleaned and given the extension of what they are.
 */

export interface CheckedFile {
  fileName: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  bytes: Uint8Array;
}

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;
const MAX_INPUT_PIXELS = 40_000_000;

/** A form's empty file input sends a nameless empty file: that is no file. */
const isNoFile = (value: unknown) => value === undefined || value === null || value === '' || (value instanceof File && value.size === 0 && value.name === '');

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

async function imageType(bytes: Uint8Array): Promise<CheckedFile['contentType'] | null> {
  const jpeg = startsWith(bytes, [0xff, 0xd8, 0xff]);
  const png = startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!jpeg && !png) return null;
  try {
    const { format, width, height } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if (!width || !height) return null;
    if (format === 'jpeg' && jpeg) return 'image/jpeg';
    if (format === 'png' && png) return 'image/png';
  } catch {
    // Not an image sharp reads: refused below.
  }
  return null;
}

/** A PDF: the `%PDF-1.x` or `%PDF-2.x` header first, and `%%EOF` in its last kilobyte. */
function isPdf(bytes: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d/.test(Buffer.from(bytes.subarray(0, 8)).toString('latin1'))) return false;
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024)))
    .toString('latin1')
    .includes('%%EOF');
}

/** The download name: the base name without control or path characters, with the true extension. */
export function cleanFileName(name: string, contentType: CheckedFile['contentType']): string {
  const base = path.basename(name.replaceAll('\\', '/'));
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}\p{Cf}"<>|:*?/\\]/gu, '')
    .trim()
    .slice(0, 100);
  return `${stem || 'attachment'}.${EXTENSION[contentType]}`;
}

/**
 * The uploads of `field` checked; every refusal goes into `errors` under `field`, and then
 * nothing is returned to write.
 */
export async function checkAttachments(values: readonly unknown[], field: string, t: Translate, errors: FieldErrors): Promise<CheckedFile[]> {
  const given = values.filter((value) => !isNoFile(value));
  const attribute = t(field);
  const refuse = (message: string) => {
    (errors[field] ??= []).push(message);
  };
  if (given.length > TICKET_ATTACHMENT_MAX_COUNT) {
    refuse(t('The {{attribute}} field must not have more than {{max}} items.', { attribute, max: TICKET_ATTACHMENT_MAX_COUNT }));
    return [];
  }
  const checked: CheckedFile[] = [];
  for (const value of given) {
    if (!(value instanceof File)) {
      refuse(t('The {{attribute}} field must be a file.', { attribute }));
      continue;
    }
    if (value.size > TICKET_ATTACHMENT_MAX_BYTES) {
      refuse(t('The {{attribute}} field must not be greater than {{max}} kilobytes.', { attribute, max: TICKET_ATTACHMENT_MAX_BYTES / 1024 }));
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    const contentType = (await imageType(bytes)) ?? (isPdf(bytes) ? 'application/pdf' : null);
    if (!contentType) {
      refuse(t('The {{attribute}} field must be a file of type: {{values}}.', { attribute, values: TICKET_ATTACHMENT_EXTENSIONS }));
      continue;
    }
    checked.push({ fileName: cleanFileName(value.name, contentType), contentType, bytes });
  }
  return errors[field] ? [] : checked;
}
