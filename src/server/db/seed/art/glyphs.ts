import { BEAUTY_GLYPHS } from './glyphs/beauty.ts';
import { CORE_GLYPHS } from './glyphs/core.ts';
import { FOOD_GLYPHS } from './glyphs/food.ts';
import { HOME_GLYPHS } from './glyphs/home.ts';
import { PLAY_GLYPHS } from './glyphs/play.ts';
import { TECH_GLYPHS } from './glyphs/tech.ts';
import { WEAR_GLYPHS } from './glyphs/wear.ts';

/**
 * Flat pictograms of product types, drawn in a 100 x 100 box. `fill` is the body colour,
 * `ink` the detail colour. Simple shapes only: librsvg renders them identically everywhere.
 * Every product noun of the demo has its own (data/taxonomy.ts), so a picture shows what
 * the product's name says.
 */
export type Glyph = (fill: string, ink: string) => string;

const GLYPHS = { ...CORE_GLYPHS, ...WEAR_GLYPHS, ...TECH_GLYPHS, ...HOME_GLYPHS, ...BEAUTY_GLYPHS, ...PLAY_GLYPHS, ...FOOD_GLYPHS };

export type GlyphName = keyof typeof GLYPHS;

/** The glyph as SVG markup, scaled to `size` and centred on (cx, cy). */
export function glyph(name: GlyphName, cx: number, cy: number, size: number, fill: string, ink: string, rotate = 0): string {
  const scale = size / 100;
  const tx = cx - size / 2;
  const ty = cy - size / 2;
  return `<g transform="translate(${tx} ${ty}) scale(${scale}) rotate(${rotate} 50 50)">${GLYPHS[name](fill, ink)}</g>`;
}
