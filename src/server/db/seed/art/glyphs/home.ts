import type { Glyph } from '../glyphs.ts';

const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;

/** Cookware, kitchen appliances, furniture, bedding and decor. */
export const HOME_GLYPHS = {
  pan: (f, i) =>
    `<rect x="58" y="44" width="40" height="11" rx="5" fill="${i}"/><circle cx="36" cy="50" r="31" fill="${i}"/><circle cx="36" cy="50" r="24" fill="${f}"/>` +
    `<path d="M22 38 C26 32 32 28 38 28" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`,
  saucepan: (f, i) =>
    `<path d="M66 46 L96 38" stroke="${i}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M14 42 L66 42 L62 84 C62 88 58 90 54 90 L26 90 C22 90 18 88 18 84 Z" fill="${f}" ${edge(i)}/><rect x="10" y="36" width="60" height="7" rx="3" fill="${i}"/>` +
    `<path d="M14 36 C18 20 62 20 66 36 Z" fill="${f}" ${edge(i)}/><rect x="34" y="16" width="12" height="7" rx="2" fill="${i}"/>`,
  airFryer: (f, i) =>
    `<path d="M24 8 L76 8 C84 8 88 14 88 22 L88 84 C88 90 84 94 78 94 L22 94 C16 94 12 90 12 84 L12 22 C12 14 16 8 24 8 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="34" y="16" width="32" height="14" rx="3" fill="${i}"/><circle cx="42" cy="23" r="2" fill="${f}"/><circle cx="58" cy="23" r="2" fill="${f}"/>` +
    `<rect x="18" y="44" width="64" height="42" rx="6" fill="none" stroke="${i}" stroke-width="2.5"/><rect x="36" y="58" width="28" height="9" rx="4" fill="${i}"/>`,
  espresso: (f, i) =>
    `<path d="M16 10 L84 10 L84 32 L76 32 L76 84 L84 84 L84 94 L16 94 L16 84 L24 84 L24 32 L16 32 Z" fill="${f}" ${edge(i)}/>` +
    `<circle cx="32" cy="21" r="3.5" fill="${i}"/><circle cx="50" cy="21" r="3.5" fill="${i}"/><circle cx="68" cy="21" r="3.5" fill="${i}"/>` +
    `<rect x="36" y="32" width="28" height="8" fill="${i}"/><path d="M62 40 L86 46" stroke="${i}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M46 44 L46 58 M54 44 L54 58" stroke="${i}" stroke-width="2" stroke-dasharray="3 3"/><path d="M39 64 L61 64 L58 84 L42 84 Z" fill="${i}" opacity="0.6"/>`,
  mixer: (f, i) =>
    `<rect x="70" y="38" width="14" height="50" fill="${f}" ${edge(i)}/><rect x="12" y="86" width="76" height="8" rx="2" fill="${i}"/>` +
    `<path d="M22 20 C22 12 28 8 36 8 L80 8 C88 8 92 14 92 22 L92 40 L30 40 C24 40 22 34 22 28 Z" fill="${f}" ${edge(i)}/><rect x="38" y="40" width="6" height="14" fill="${i}"/>` +
    `<path d="M18 58 L66 58 C66 74 58 86 42 86 C26 86 18 74 18 58 Z" fill="${f}" ${edge(i)}/><rect x="16" y="54" width="52" height="5" rx="2" fill="${i}"/>`,
  blender: (f, i) =>
    `<path d="M26 12 L74 12 L66 64 L34 64 Z" fill="${f}" ${edge(i)}/><rect x="23" y="6" width="54" height="9" rx="3" fill="${i}"/>` +
    `<path d="M62 24 L70 24 M60 34 L68 34 M58 44 L66 44" stroke="${i}" stroke-width="2"/><path d="M38 58 L62 52 M38 52 L62 58" stroke="${i}" stroke-width="3"/>` +
    `<path d="M28 64 L72 64 L78 92 L22 92 Z" fill="${i}"/><circle cx="50" cy="78" r="6" fill="${f}"/>`,
  toaster: (f, i) =>
    `<path d="M26 44 L26 22 C26 14 46 14 46 22 L46 44 Z" fill="${i}" opacity="0.35" ${edge(i)}/><path d="M54 44 L54 22 C54 14 74 14 74 22 L74 44 Z" fill="${i}" opacity="0.35" ${edge(i)}/>` +
    `<rect x="12" y="36" width="76" height="52" rx="16" fill="${f}" ${edge(i)}/><rect x="88" y="50" width="7" height="16" rx="2" fill="${i}"/>` +
    `<circle cx="50" cy="64" r="6" fill="${i}"/><rect x="22" y="88" width="10" height="5" fill="${i}"/><rect x="68" y="88" width="10" height="5" fill="${i}"/>`,
  table: (f, i) =>
    `<path d="M16 50 L12 86 M84 50 L88 86" stroke="${i}" stroke-width="5" stroke-linecap="round"/><rect x="14" y="66" width="72" height="6" rx="2" fill="${i}" opacity="0.5"/>` +
    `<rect x="6" y="40" width="88" height="10" rx="3" fill="${f}" ${edge(i)}/>`,
  bookshelf: (f, i) =>
    `<rect x="18" y="6" width="64" height="88" rx="2" fill="${f}" ${edge(i)}/><path d="M18 34 L82 34 M18 62 L82 62" stroke="${i}" stroke-width="3"/>` +
    [
      [24, 14, 6, 20],
      [32, 18, 6, 16],
      [40, 12, 7, 22],
      [26, 42, 7, 20],
      [35, 46, 6, 16],
      [58, 44, 6, 18],
      [66, 40, 7, 22],
      [24, 72, 6, 20],
      [32, 70, 7, 22],
      [62, 74, 14, 18],
    ]
      .map(([x, y, w, h], k) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${i}" opacity="${[1, 0.55, 0.8][k % 3]}"/>`)
      .join(''),
  nightstand: (f, i) =>
    `<path d="M40 14 L60 14 L64 26 L36 26 Z" fill="${f}" stroke="${i}" stroke-width="2"/><rect x="48" y="26" width="4" height="8" fill="${i}"/>` +
    `<rect x="18" y="34" width="64" height="50" rx="4" fill="${f}" ${edge(i)}/><rect x="24" y="40" width="52" height="18" rx="2" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<rect x="24" y="62" width="52" height="16" rx="2" fill="none" stroke="${i}" stroke-width="2"/><circle cx="50" cy="49" r="2.5" fill="${i}"/><circle cx="50" cy="70" r="2.5" fill="${i}"/>` +
    `<rect x="22" y="84" width="6" height="8" fill="${i}"/><rect x="72" y="84" width="6" height="8" fill="${i}"/>`,
  desk: (f, i) =>
    `<rect x="22" y="8" width="32" height="21" rx="2" fill="${i}"/><rect x="36" y="29" width="4" height="6" fill="${i}"/>` +
    `<rect x="4" y="34" width="92" height="8" rx="2" fill="${f}" ${edge(i)}/><rect x="10" y="42" width="6" height="48" fill="${i}"/>` +
    `<rect x="62" y="42" width="28" height="48" fill="${f}" ${edge(i)}/><path d="M62 58 L90 58 M62 74 L90 74" stroke="${i}" stroke-width="2"/>` +
    `<rect x="72" y="49" width="8" height="3" fill="${i}"/><rect x="72" y="65" width="8" height="3" fill="${i}"/><rect x="72" y="81" width="8" height="3" fill="${i}"/>`,
  pillow: (f, i) =>
    `<path d="M14 22 C30 28 70 28 86 22 C82 40 82 60 86 78 C70 72 30 72 14 78 C18 60 18 40 14 22 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M22 30 C36 34 64 34 78 30 C75 44 75 56 78 70 C64 66 36 66 22 70 C25 56 25 44 22 30 Z" fill="none" stroke="${i}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
  towel: (f, i) =>
    [
      [14, 64, 72],
      [18, 44, 64],
      [22, 24, 56],
    ]
      .map(
        ([x, y, w]) =>
          `<rect x="${x}" y="${y}" width="${w}" height="20" rx="6" fill="${f}" ${edge(i)}/><rect x="${x}" y="${y! + 12}" width="${w}" height="4" fill="${i}" opacity="0.5"/>`,
      )
      .join(''),
  blanket: (f, i) =>
    `<rect x="10" y="22" width="80" height="58" rx="8" fill="${f}" ${edge(i)}/><path d="M10 42 L90 42" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M10 61 L90 61 M36 42 L36 80 M64 42 L64 80" stroke="${i}" stroke-width="1.5" stroke-dasharray="4 3"/>` +
    Array.from({ length: 10 }, (_, k) => `<path d="M${16 + k * 7.5} 80 L${16 + k * 7.5} 90" stroke="${i}" stroke-width="2"/>`).join(''),
  vase: (f, i) =>
    `<path d="M40 8 L60 8 L58 20 C76 30 80 52 72 72 C68 84 62 90 50 90 C38 90 32 84 28 72 C20 52 24 30 42 20 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="38" y="5" width="24" height="6" rx="2" fill="${i}"/><path d="M29 50 C44 57 56 57 71 50 M31 62 C44 68 56 68 69 62" fill="none" stroke="${i}" stroke-width="2.5"/>`,
  candle: (f, i) =>
    `<rect x="26" y="36" width="48" height="56" rx="8" fill="${f}" ${edge(i)}/><rect x="26" y="56" width="48" height="18" fill="${i}" opacity="0.35"/>` +
    `<path d="M50 36 L50 28" stroke="${i}" stroke-width="2"/><path d="M50 6 C58 16 58 26 50 28 C42 26 42 16 50 6 Z" fill="#FACC15" stroke="${i}" stroke-width="2"/>`,
  mirror: (f, i) =>
    `<circle cx="50" cy="8" r="3" fill="none" stroke="${i}" stroke-width="2"/><path d="M47 10 L40 16 M53 10 L60 16" stroke="${i}" stroke-width="2"/>` +
    `<circle cx="50" cy="54" r="38" fill="${i}"/><circle cx="50" cy="54" r="31" fill="${f}"/>` +
    `<path d="M32 46 L46 32 M34 60 L60 34" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`,
  clock: (f, i) =>
    `<circle cx="50" cy="50" r="40" fill="${f}" stroke="${i}" stroke-width="5"/><path d="M50 14 L50 22 M86 50 L78 50 M50 86 L50 78 M14 50 L22 50" stroke="${i}" stroke-width="3"/>` +
    `<path d="M50 50 L50 28 M50 50 L66 58" stroke="${i}" stroke-width="4" stroke-linecap="round"/><circle cx="50" cy="50" r="4" fill="${i}"/>`,
} satisfies Record<string, Glyph>;
