import { describe, expect, it } from 'vitest';
import { isolate, isolateValues, MINUS, paragraphDirection, RUN_DIRECTION, signed } from './bidi';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('isolated runs (lib/bidi.ts)', () => {
  it('writes codes left to right and typed text in its own direction', () => {
    expect(RUN_DIRECTION).toEqual({ code: 'ltr', text: 'auto' });
    expect(isolate('#TN000001', 'code')).toBe(`${LRI}#TN000001${PDI}`);
    expect(isolate('120 Market Street')).toBe(`${FSI}120 Market Street${PDI}`);
    expect(isolate('')).toBe('');
  });

  it('keeps a sign in front of its amount, with the minus sign rather than a hyphen', () => {
    expect(MINUS).toBe('−');
    expect(signed('$50.00', '-')).toBe('−$50.00');
    expect(signed('$3.00', '+')).toBe('+$3.00');
    expect(signed('$3.00', undefined)).toBe('$3.00');
  });

  it('isolates the strings of a message’s values and leaves counts as numbers', () => {
    expect(isolateValues({ code: '#TN000001', count: 3, none: null })).toEqual({ code: `${FSI}#TN000001${PDI}`, count: 3, none: null });
  });
});

describe('paragraphDirection', () => {
  it('goes by most words, not the first letter: a Persian sentence opening with a brand name is right to left', () => {
    expect(paragraphDirection('ShopHub صدها فروشگاه مستقل را یک‌جا گرد هم آورده است.')).toBe('rtl');
    expect(paragraphDirection('Nike حذاء رياضي للجري')).toBe('rtl');
    expect(paragraphDirection('Meet me at شارع الملك فهد tomorrow morning, please.')).toBe('ltr');
    expect(paragraphDirection('120 Market Street')).toBe('ltr');
    expect(paragraphDirection('شارع 12، الرياض')).toBe('rtl');
    expect(paragraphDirection('#1234 — 56')).toBe('auto');
    expect(paragraphDirection('')).toBe('auto');
  });
});
