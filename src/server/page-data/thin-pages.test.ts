import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Pages stay thin (docs/product.md §10): a page calls one loader of
 * src/server/page-data and renders; components and layouts render what they are given.
 * Query strings, API calls and error recovery belong to the loaders (links come from the
 * helpers of src/lib), so an .astro file holding one of these fails here.
 */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /\bsearchParams\b/, what: 'reads or writes a query string (searchParams)' },
  { pattern: /\bURLSearchParams\b/, what: 'builds a query string (URLSearchParams)' },
  { pattern: /\bapi(?:Get|Post)\b|server\/pages\/page-api/, what: 'calls the API itself' },
  { pattern: /\btry\s*\{/, what: 'recovers from errors (try)' },
  { pattern: /\bcatch\s*[({]|\.catch\(/, what: 'recovers from errors (catch)' },
];

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['pages', 'components', 'layouts'];

function astroFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(SRC, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
      .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name))),
  );
}

/** `file:line: what` for each forbidden token. */
function violations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `src/${file}:${index + 1}: ${what}`));
}

describe('thin pages', () => {
  const files = astroFiles();

  it('finds the pages, components and layouts', () => {
    expect(files).toContain(path.join('pages', 'products.astro'));
    expect(files).toContain(path.join('components', 'Pagination.astro'));
    expect(files).toContain(path.join('layouts', 'StorefrontLayout.astro'));
  });

  it('leaves query strings, API calls and error recovery to the loaders in src/server/page-data', () => {
    const found = files.flatMap((file) => violations(file, readFileSync(path.join(SRC, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('recognises each forbidden token', () => {
    const sample = [
      'const q = Astro.url.searchParams.get("page");',
      'const query = new URLSearchParams();',
      "const data = await apiGet('/home', call);",
      'try {',
      '} catch (error) {',
      'const x = await load().catch(() => null);',
    ];
    expect(violations('pages/sample.astro', sample.join('\n'))).toHaveLength(sample.length);
    expect(violations('pages/sample.astro', 'const outcome = await loadShopsPage(pageRequest(Astro));\nconst entry = country.try;')).toEqual([]);
  });
});
