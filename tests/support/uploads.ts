import sharp from 'sharp';

/** A plain picture of one colour in a format sharp writes, for upload tests. */
export const testPicture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** A field of a multipart post: text, repeated text (`name[]`), or a file. */
export type FormFields = Record<string, string | string[] | { bytes: Uint8Array; name: string; type: string }>;

/** The multipart body a page or an app posts. */
export function formData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(key, value);
    else if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else form.set(key, new File([value.bytes as Uint8Array<ArrayBuffer>], value.name, { type: value.type }));
  }
  return form;
}
