/** Small rules for how catalogue numbers are presented by the API (prices: lib/price.ts). */

/** A count as a short label: 950, "1.2K", "12K", "3.4M" (docs/product.md §3.5: total_reviews). */
export function shortCount(value: number): string {
  const units: [number, string][] = [
    [1_000_000_000, 'B'],
    [1_000_000, 'M'],
    [1_000, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      // Truncated, not rounded: 1,999 reviews is "1.9K", never "2K".
      const scaled = Math.floor((value / size) * 10) / 10;
      return `${scaled >= 100 ? Math.floor(scaled) : scaled}${suffix}`;
    }
  }
  return String(value);
}

/** numeric(2,1) columns arrive as strings. */
export const ratingValue = (stored: string | number | null | undefined): number => Number(stored ?? 0);
