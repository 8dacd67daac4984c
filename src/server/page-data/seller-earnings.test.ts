import { describe, expect, it } from 'vitest';
import { csvCell } from './seller-earnings';

/** The statement's CSV (docs/decisions/017-sellers.md): no cell a spreadsheet would run as a formula. */
describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', `"'+1"`],
    ['-25.00', '-25.00'],
    ['-1+1', `"'-1+1"`],
    ['-2-3', `"'-2-3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTAB', `"'\tTAB"`],
    ['#TS000012', '#TS000012'],
    ['order_delivered', 'order_delivered'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    [12.5, '12.5'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
