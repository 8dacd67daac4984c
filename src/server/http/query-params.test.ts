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
