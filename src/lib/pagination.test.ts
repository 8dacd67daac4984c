import { describe, expect, it } from 'vitest';
import { lastPage, pageWindow } from './pagination';

describe('pagination', () => {
  it('shows at most five page numbers centred on the current page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('counts pages, one at least', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(101, 10)).toBe(11);
  });
});
