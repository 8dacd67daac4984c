import { describe, expect, it } from 'vitest';
import { lineLimit, MAX_LINE_QUANTITY } from './cart-line';

describe('lineLimit: the most a cart line may hold, for the server and the "+" buttons alike', () => {
  it('is the stock, never above MAX_LINE_QUANTITY, never below 0', () => {
    expect(lineLimit(7)).toBe(7);
    expect(lineLimit(MAX_LINE_QUANTITY + 500)).toBe(MAX_LINE_QUANTITY);
    expect(lineLimit(0)).toBe(0);
    expect(lineLimit(-3)).toBe(0);
  });
});
