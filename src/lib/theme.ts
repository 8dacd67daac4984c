/** The twelve theme shades of `/master` theme_colors (docs/product.md §2.7, §9.5). */
export const THEME_SHADES = [
  'primary',
  'primary50',
  'primary100',
  'primary200',
  'primary300',
  'primary400',
  'primary500',
  'primary600',
  'primary700',
  'primary800',
  'primary900',
  'primary950',
] as const;

export type ThemeShade = (typeof THEME_SHADES)[number];

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|oklch\([\d\s.,%/]+\))$/i;

/**
 * CSS custom properties for the theme, or null unless all twelve shades are present and
 * are plain colours (they end up inside a style attribute, so nothing else may pass).
 */
export function themeCssVariables(colors: Partial<Record<string, string>> | null | undefined): string | null {
  if (!colors) return null;
  const declarations: string[] = [];
  for (const shade of THEME_SHADES) {
    const value = colors[shade]?.trim();
    if (!value || !CSS_COLOR.test(value)) return null;
    const name = shade === 'primary' ? '--color-primary' : `--color-primary-${shade.slice('primary'.length)}`;
    declarations.push(`${name}: ${value}`);
  }
  return declarations.join('; ');
}
