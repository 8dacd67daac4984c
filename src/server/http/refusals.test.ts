import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, validationError } from './errors';

/**
 * A 422 names the fields at fault in `errors` (docs/product.md §7.1): it is made by
 * validationError only. A refusal where no field is at fault (an empty cart at placement,
 * an order that can no longer be cancelled) is another status, 409 for a conflict with
 * the state of things.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('422 refusals', () => {
  it('are made with their field errors, never as a bare 422', () => {
    const bare = sources(path.resolve('src/server')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/ApiError\(\s*422\b/.test(line) ? [`${path.relative(process.cwd(), file)}:${index + 1}`] : [])),
    );
    expect(bare.filter((where) => !where.startsWith('src/server/http/errors.ts'))).toEqual([]);
  });

  it('validationError carries the errors and the first message', () => {
    const error = validationError({ quantity: ['Only 2 left in stock.'], product_id: ['x'] });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Only 2 left in stock.');
    expect(error.errors).toEqual({ quantity: ['Only 2 left in stock.'], product_id: ['x'] });
  });
});
