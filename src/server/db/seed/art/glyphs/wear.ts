import type { Glyph } from '../glyphs.ts';

/** Outline of a body shape, as every glyph draws it. */
const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;

const trousers: Glyph = (f, i) =>
  `<path d="M28 8 L72 8 L78 92 L56 92 L50 34 L44 92 L22 92 Z" fill="${f}" ${edge(i)}/>` +
  `<path d="M28 16 L72 16 M50 16 L50 32" stroke="${i}" stroke-width="2.5"/><path d="M30 16 C32 24 38 26 42 26 M70 16 C68 24 62 26 58 26" fill="none" stroke="${i}" stroke-width="2"/>`;

const tee: Glyph = (f, i) => `<path d="M34 14 L14 26 L6 44 L20 50 L24 44 L24 88 L76 88 L76 44 L80 50 L94 44 L86 26 L66 14 C62 22 38 22 34 14 Z" fill="${f}" ${edge(i)}/>`;

/** Clothes, bags, jewellery and shoes (the fashion and shoe categories, sportswear). */
export const WEAR_GLYPHS = {
  buttonShirt: (f, i) =>
    `<path d="M36 12 L16 20 L6 70 L18 72 L24 40 L24 90 L76 90 L76 40 L82 72 L94 70 L84 20 L64 12 L50 22 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M36 12 L42 28 L50 22 L58 28 L64 12" fill="${f}" ${edge(i)}/><path d="M50 22 L50 90" stroke="${i}" stroke-width="2"/>` +
    `<circle cx="50" cy="38" r="2.2" fill="${i}"/><circle cx="50" cy="52" r="2.2" fill="${i}"/><circle cx="50" cy="66" r="2.2" fill="${i}"/><circle cx="50" cy="80" r="2.2" fill="${i}"/>` +
    `<rect x="30" y="40" width="12" height="10" fill="none" stroke="${i}" stroke-width="2"/>`,
  polo: (f, i) =>
    tee(f, i) +
    `<path d="M34 14 L42 26 L50 20 L58 26 L66 14" fill="${f}" ${edge(i)}/><path d="M50 20 L50 40" stroke="${i}" stroke-width="2"/>` +
    `<circle cx="50" cy="28" r="2" fill="${i}"/><circle cx="50" cy="35" r="2" fill="${i}"/>`,
  hoodie: (f, i) =>
    `<path d="M30 24 L14 32 L6 78 L18 80 L24 50 L24 90 L76 90 L76 50 L82 80 L94 78 L86 32 L70 24 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M30 26 C26 4 74 4 70 26 C62 34 38 34 30 26 Z" fill="${f}" ${edge(i)}/><path d="M38 24 C40 14 60 14 62 24" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<path d="M44 32 L44 46 M56 32 L56 46" stroke="${i}" stroke-width="2" stroke-linecap="round"/><path d="M34 64 L66 64 L70 84 L30 84 Z" fill="none" stroke="${i}" stroke-width="2"/>`,
  jacket: (f, i) =>
    `<path d="M34 12 L16 20 L6 74 L18 76 L24 42 L24 90 L76 90 L76 42 L82 76 L94 74 L84 20 L66 12 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M34 12 L40 26 L50 30 L60 26 L66 12" fill="none" stroke="${i}" stroke-width="2.5"/><path d="M50 30 L50 90" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="30" y="38" width="12" height="10" fill="none" stroke="${i}" stroke-width="2"/><rect x="58" y="38" width="12" height="10" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<path d="M30 66 L42 66 M58 66 L70 66" stroke="${i}" stroke-width="3"/>`,
  coat: (f, i) =>
    `<path d="M36 8 L18 16 L8 70 L20 72 L26 38 L22 94 L78 94 L74 38 L80 72 L92 70 L82 16 L64 8 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M36 8 L44 30 L50 40 L56 30 L64 8" fill="none" stroke="${i}" stroke-width="2.5"/><path d="M50 40 L50 94" stroke="${i}" stroke-width="2"/>` +
    `<rect x="24" y="54" width="52" height="6" fill="${i}"/><rect x="45" y="51" width="10" height="12" rx="1" fill="${f}" stroke="${i}" stroke-width="2"/>` +
    `<circle cx="43" cy="46" r="2" fill="${i}"/><circle cx="57" cy="46" r="2" fill="${i}"/><circle cx="43" cy="70" r="2" fill="${i}"/><circle cx="57" cy="70" r="2" fill="${i}"/>`,
  shorts: (f, i) =>
    `<path d="M18 22 L82 22 L88 76 L58 80 L50 46 L42 80 L12 76 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M18 30 L82 30 M50 30 L50 44" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="20" y="48" width="14" height="14" rx="2" fill="none" stroke="${i}" stroke-width="2"/><rect x="66" y="48" width="14" height="14" rx="2" fill="none" stroke="${i}" stroke-width="2"/>`,
  trousers,
  skirt: (f, i) =>
    `<path d="M32 22 L68 22 L84 86 L16 86 Z" fill="${f}" ${edge(i)}/><rect x="31" y="14" width="38" height="9" rx="2" fill="${i}"/>` +
    `<path d="M41 23 L32 86 M50 23 L50 86 M59 23 L68 86" stroke="${i}" stroke-width="1.8" opacity="0.6"/>`,
  tank: (f, i) =>
    `<path d="M36 8 L36 20 C36 32 28 36 26 42 L26 90 L74 90 L74 42 C72 36 64 32 64 20 L64 8 L56 8 C56 22 44 22 44 8 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M34 52 L34 86 M42 50 L42 86 M50 50 L50 86 M58 50 L58 86 M66 52 L66 86" stroke="${i}" stroke-width="1.5" opacity="0.4"/>`,
  overalls: (f, i) =>
    `<path d="M26 52 L74 52 L78 94 L56 94 L50 66 L44 94 L22 94 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="34" y="28" width="32" height="26" rx="3" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="42" y="34" width="16" height="10" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<path d="M36 30 L30 6 M64 30 L70 6" stroke="${i}" stroke-width="5" stroke-linecap="round"/><circle cx="37" cy="33" r="3" fill="${i}"/><circle cx="63" cy="33" r="3" fill="${i}"/>`,
  pyjamas: (f, i) =>
    `<g transform="translate(0 4) scale(0.58)">${tee(f, i)}<circle cx="40" cy="40" r="3" fill="${i}"/><circle cx="60" cy="56" r="3" fill="${i}"/><circle cx="44" cy="72" r="3" fill="${i}"/></g>` +
    `<g transform="translate(46 26) scale(0.56)">${trousers(f, i)}<circle cx="36" cy="44" r="3.5" fill="${i}"/><circle cx="64" cy="64" r="3.5" fill="${i}"/><circle cx="34" cy="78" r="3.5" fill="${i}"/></g>`,
  crossbody: (f, i) =>
    `<path d="M24 56 C16 8 84 8 76 56" fill="none" stroke="${i}" stroke-width="4"/><rect x="18" y="50" width="64" height="38" rx="10" fill="${f}" ${edge(i)}/>` +
    `<path d="M18 60 L82 60 L82 68 Q50 82 18 68 Z" fill="${i}" opacity="0.4"/><circle cx="50" cy="72" r="4" fill="${i}"/>`,
  backpack: (f, i) =>
    `<path d="M40 14 C40 4 60 4 60 14" fill="none" stroke="${i}" stroke-width="4"/><rect x="22" y="14" width="56" height="78" rx="16" fill="${f}" ${edge(i)}/>` +
    `<path d="M22 36 C36 26 64 26 78 36" fill="none" stroke="${i}" stroke-width="2.5"/><rect x="30" y="54" width="40" height="30" rx="6" fill="none" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M36 62 L64 62" stroke="${i}" stroke-width="2"/>`,
  wallet: (f, i) =>
    `<rect x="18" y="16" width="34" height="24" rx="3" fill="${i}" opacity="0.5"/><rect x="10" y="26" width="80" height="52" rx="8" fill="${f}" ${edge(i)}/>` +
    `<rect x="16" y="32" width="68" height="40" rx="5" fill="none" stroke="${i}" stroke-width="1.5" stroke-dasharray="4 3"/>` +
    `<rect x="68" y="43" width="22" height="18" rx="4" fill="${i}"/><circle cx="79" cy="52" r="3" fill="${f}"/>`,
  duffel: (f, i) =>
    `<path d="M34 34 C34 14 66 14 66 34" fill="none" stroke="${i}" stroke-width="5"/>` +
    `<path d="M10 50 C10 36 20 32 30 32 L70 32 C80 32 90 36 90 50 L90 74 C90 82 84 86 76 86 L24 86 C16 86 10 82 10 74 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M22 42 L78 42" stroke="${i}" stroke-width="2"/><path d="M30 32 L30 86 M70 32 L70 86" stroke="${i}" stroke-width="3" opacity="0.5"/>`,
  ring: (f, i) =>
    `<circle cx="50" cy="62" r="28" fill="none" stroke="${i}" stroke-width="13"/><circle cx="50" cy="62" r="28" fill="none" stroke="${f}" stroke-width="7"/>` +
    `<path d="M36 30 L44 18 L56 18 L64 30 L50 44 Z" fill="${f}" ${edge(i)}/><path d="M36 30 L64 30 M44 18 L50 30 L56 18" fill="none" stroke="${i}" stroke-width="1.8"/>`,
  necklace: (f, i) =>
    `<path d="M16 8 C16 48 40 62 50 62 C60 62 84 48 84 8" fill="none" stroke="${i}" stroke-width="3"/>` +
    `<circle cx="50" cy="64" r="3.5" fill="none" stroke="${i}" stroke-width="2.5"/><path d="M50 68 L63 80 L50 96 L37 80 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M37 80 L63 80" stroke="${i}" stroke-width="1.8"/>`,
  earrings: (f, i) =>
    [30, 70]
      .map(
        (x) =>
          `<path d="M${x} 40 L${x} 26" stroke="${i}" stroke-width="3"/><circle cx="${x}" cy="24" r="5" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
          `<circle cx="${x}" cy="60" r="19" fill="none" stroke="${i}" stroke-width="8"/><circle cx="${x}" cy="60" r="19" fill="none" stroke="${f}" stroke-width="3.5"/>`,
      )
      .join(''),
  bracelet: (f, i) =>
    `<ellipse cx="50" cy="40" rx="34" ry="22" fill="none" stroke="${i}" stroke-width="6"/><ellipse cx="50" cy="40" rx="34" ry="22" fill="none" stroke="${f}" stroke-width="2.5"/>` +
    `<path d="M30 58 L30 64 M50 62 L50 66 M70 58 L70 64" stroke="${i}" stroke-width="2"/><circle cx="30" cy="70" r="6" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M50 66 L58 74 L50 82 L42 74 Z" fill="${f}" ${edge(i)}/><circle cx="70" cy="70" r="6" fill="${f}" stroke="${i}" stroke-width="2.5"/>`,
  dressShoe: (f, i) =>
    `<path d="M6 68 C6 54 14 48 24 48 C36 48 44 52 54 56 C68 61 86 60 92 66 C96 70 94 74 88 74 L6 74 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="4" y="74" width="90" height="6" rx="2" fill="${i}"/><rect x="6" y="76" width="20" height="11" rx="1" fill="${i}"/>` +
    `<path d="M28 51 C34 57 44 59 52 58" fill="none" stroke="${i}" stroke-width="2"/><path d="M70 61 C74 64 75 70 73 74" fill="none" stroke="${i}" stroke-width="2"/>`,
  sandal: (f, i) =>
    `<path d="M50 6 C68 6 74 22 72 40 C70 56 76 70 72 84 C68 96 32 96 28 84 C24 70 30 56 28 40 C26 22 32 6 50 6 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M50 22 L30 54 M50 22 L70 54" stroke="${i}" stroke-width="6" stroke-linecap="round"/><circle cx="50" cy="22" r="4.5" fill="${i}"/>`,
  slipper: (f, i) =>
    `<rect x="6" y="65" width="38" height="7" rx="3" fill="${f}" stroke="${i}" stroke-width="2"/>` +
    `<path d="M38 72 C40 50 58 42 76 46 C88 49 94 58 94 68 L94 72 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M6 72 L94 72 C94 78 90 80 84 80 L12 80 C8 80 6 78 6 72 Z" fill="${i}"/>` +
    `<circle cx="56" cy="56" r="2.5" fill="${i}" opacity="0.5"/><circle cx="68" cy="52" r="2.5" fill="${i}" opacity="0.5"/><circle cx="64" cy="63" r="2.5" fill="${i}" opacity="0.5"/><circle cx="78" cy="60" r="2.5" fill="${i}" opacity="0.5"/>`,
} satisfies Record<string, Glyph>;
