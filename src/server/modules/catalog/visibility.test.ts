import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('one rule for what shoppers may see and buy (catalog/visibility.ts)', () => {
  it('is spelled nowhere else: no query re-states "product active" and "shop active" itself', () => {
    const copies = sources(join(root, 'server'))
      .map((path) => relative(root, path))
      // The schema declares the columns; the seed picks its own rows.
      .filter((path) => !path.startsWith('server/db/') && path !== 'server/modules/catalog/visibility.ts')
      .filter((path) => /eq\(shops\.isActive, true\)/.test(readFileSync(join(root, path), 'utf8')));
    expect(copies).toEqual([]);
  });
});
