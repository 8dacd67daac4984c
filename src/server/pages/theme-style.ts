import { createHash } from 'node:crypto';
import { themeCssVariables } from '../../lib/theme';

/**
 * The stylesheet that applies the shop's theme shades (served at /theme.css), with a
 * version that changes when the colours do, so the link can be cached for good.
 */
export function themeStyle(colors: Record<string, string>): { css: string; version: string } | null {
  const variables = themeCssVariables(colors);
  if (!variables) return null;
  const css = `:root{${variables}}`;
  return { css, version: createHash('sha256').update(css).digest('hex').slice(0, 12) };
}
