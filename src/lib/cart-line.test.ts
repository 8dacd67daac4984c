import { describe, expect, it } from 'vitest';
import { latestLineShop, lineLimit, lineOption, MAX_LINE_QUANTITY, needsChoice } from './cart-line';

describe('lineLimit: the most a cart line may hold, for the server and the "+" buttons alike', () => {
  it('is the stock, never above the per-order limit nor MAX_LINE_QUANTITY, never below 0', () => {
    expect(lineLimit(7, 10)).toBe(7);
    expect(lineLimit(50, 10)).toBe(10);
    expect(lineLimit(MAX_LINE_QUANTITY + 500, MAX_LINE_QUANTITY * 2)).toBe(MAX_LINE_QUANTITY);
    expect(lineLimit(0, 10)).toBe(0);
    expect(lineLimit(-3, 10)).toBe(0);
  });
});

describe('lineOption: a line never gets a size or colour the shopper did not choose (docs/product.md §3.2)', () => {
  it('takes the chosen one when offered, refuses one that is not', () => {
    expect(lineOption([3, 5], 5)).toBe(5);
    expect(lineOption([3, 5], 4)).toBe('invalid');
    expect(lineOption([], 4)).toBe('invalid');
  });

  it('asks for a choice among several, takes the only one, and none of none', () => {
    expect(lineOption([3, 5], undefined)).toBe('choose');
    expect(lineOption([3, 5], null)).toBe('choose');
    expect(lineOption([3], undefined)).toBe(3);
    expect(lineOption([], null)).toBeNull();
  });

  it('needsChoice: several sizes or several colours', () => {
    expect(needsChoice({ sizes: [1, 2], colors: [] })).toBe(true);
    expect(needsChoice({ sizes: [1], colors: [1, 2] })).toBe(true);
    expect(needsChoice({ sizes: [1], colors: [1] })).toBe(false);
    expect(needsChoice({ sizes: [], colors: [] })).toBe(false);
  });
});

describe('latestLineShop: where a selection nobody made starts (docs/product.md §4.6)', () => {
  it('is the shop of the highest line id, null for an empty cart', () => {
    const group = (shopId: number, lineIds: number[]) => ({ shop_id: shopId, products: lineIds.map((id) => ({ line_id: id })) });
    expect(latestLineShop([group(4, [3, 9]), group(7, [5])])).toBe(4);
    expect(latestLineShop([group(4, [3]), group(7, [5, 1])])).toBe(7);
    expect(latestLineShop([])).toBeNull();
  });
});
