import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryId, queryIdList, queryInt, requiredId } from './query-params';

describe('ids and whole numbers in queries and paths (contracts/numbers.ts)', () => {
  const hostile = ['0x10', '1e1', ' 2 ', '2.0', '+2', '-1', 'true', '1_000'];

  it('take decimal digits only, where Number() would have guessed', () => {
    for (const value of hostile) {
      expect(requiredId().safeParse(value).success, value).toBe(false);
      expect(queryId().safeParse(value).success, value).toBe(false);
      expect(queryInt(0, 100).safeParse(value).success, value).toBe(false);
      // A list trims around its commas ("3, 7"): spaces are the one thing it takes there.
      if (value.trim() === value) expect(queryIdList().safeParse(`3,${value}`).success, value).toBe(false);
    }
    expect(requiredId().safeParse(true).success).toBe(false);
  });

  it('read plain digits, and a list with spaces after its commas', () => {
    expect(requiredId().parse('16')).toBe(16);
    expect(queryId().parse(undefined)).toBeUndefined();
    expect(queryInt(0, 100).parse('0')).toBe(0);
    expect(queryIdList().parse('3, 7')).toEqual([3, 7]);
  });
});

describe('one reading of whole numbers', () => {
  it('no contract or query schema coerces ids or quantities itself (z.coerce reads "0x10" as 16)', () => {
    const contracts = join(import.meta.dirname, '../../contracts');
    const files = [...readdirSync(contracts).map((name) => join(contracts, name)), join(import.meta.dirname, 'query-params.ts')];
    const coercing = files.filter((path) => /z\.coerce\.number\(\)\.int\(\)|z\.coerce\.number\(\{[^}]*\}\)\.int\(\)/.test(readFileSync(path, 'utf8')));
    expect(coercing).toEqual([]);
  });
});
