/** Widths every uploaded image is stored at; the database keeps the largest one's URL. */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

const SIZED = /-(\d+)\.(webp|avif|jpe?g|png)$/;

/**
 * A srcset for an uploaded image named `<name>-<width>.<ext>`; other URLs (external
 * images, SVG logos) get none.
 */
export function imageSrcset(url: string, widths: readonly number[] = IMAGE_WIDTHS): string | undefined {
  const match = SIZED.exec(url);
  if (!match) return undefined;
  const largest = Number(match[1]);
  return widths
    .filter((width) => width <= largest)
    .map((width) => `${url.replace(SIZED, `-${width}.${match[2]}`)} ${width}w`)
    .join(', ');
}
