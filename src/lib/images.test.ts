import { describe, expect, it } from 'vitest';
import { imageSrcset } from './images';

describe('imageSrcset', () => {
  it('lists the stored widths up to the largest', () => {
    expect(imageSrcset('/uploads/products/p-1-800.webp')).toBe('/uploads/products/p-1-200.webp 200w, /uploads/products/p-1-400.webp 400w, /uploads/products/p-1-800.webp 800w');
    expect(imageSrcset('/uploads/logos/a-400.webp')).toBe('/uploads/logos/a-200.webp 200w, /uploads/logos/a-400.webp 400w');
  });

  it('gives nothing for images without a width suffix', () => {
    expect(imageSrcset('/favicon.svg')).toBeUndefined();
  });
});
