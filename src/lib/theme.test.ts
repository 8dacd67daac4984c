import { describe, expect, it } from 'vitest';
import { THEME_SHADES, themeCssVariables } from './theme';

const complete = Object.fromEntries(THEME_SHADES.map((shade, index) => [shade, `#0000${(index + 10).toString(16).padStart(2, '0')}`]));

describe('theme colours (spec, section 2: applied only when all twelve are present)', () => {
  it('turns all twelve shades into CSS variables', () => {
    const css = themeCssVariables(complete)!;
    expect(css.split('; ')).toHaveLength(12);
    expect(css).toContain('--color-primary: #00000a');
    expect(css).toContain('--color-primary-950: #000015');
  });

  it('applies nothing when a shade is missing', () => {
    const { primary950: _dropped, ...partial } = complete;
    expect(themeCssVariables(partial)).toBeNull();
    expect(themeCssVariables({})).toBeNull();
    expect(themeCssVariables(null)).toBeNull();
  });

  it('refuses values that are not plain colours (they end up in a style element)', () => {
    expect(themeCssVariables({ ...complete, primary500: 'red;}</style><script>' })).toBeNull();
  });
});
