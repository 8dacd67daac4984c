import { describe, expect, it } from 'vitest';
import { lineLimit, MAX_LINE_QUANTITY } from './cart-line';

describe('lineLimit: the most a cart line may hold, for the server and the "+" buttons alike', () => {
  it('is the stock, never above the per-order limit nor MAX_LINE_QUANTITY, never below 0', () => {
    expect(lineLimit(7, 10)).toBe(7);
    expect(lineLimit(50, 10)).toBe(10);
    expect(lineLimit(MAX_LINE_QUANTITY + 500, MAX_LINE_QUANTITY * 2)).toBe(MAX_LINE_QUANTITY);
    expect(lineLimit(0, 10)).toBe(0);
    expect(lineLimit(-3, 10)).toBe(0);
  });
});
