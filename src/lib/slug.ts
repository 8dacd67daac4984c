/**
 * A slug of a text in any script (docs/product.md §9.1: an Arabic or Persian name gives an
 * Arabic or Persian slug): letters and digits kept, Latin accents and Arabic diacritics and
 * tatweel dropped (hamza forms stay the letters they are), every other run (spaces,
 * punctuation, the zero-width non-joiner) one hyphen.
 */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
