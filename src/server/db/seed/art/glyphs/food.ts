import type { Glyph } from '../glyphs.ts';

const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;

/**
 * Groceries and pet supplies. Fresh food keeps its own colours (a banana is yellow in
 * every picture); packaging takes the picture's colours like every other glyph.
 */
export const FOOD_GLYPHS = {
  banana: (_f, i) =>
    `<path d="M20 30 C24 70 54 86 88 70 C91 68 90 63 86 64 C58 72 36 56 30 28 Z" fill="#FACC15" ${edge(i)}/>` +
    `<path d="M26 24 C38 58 62 70 90 56 C93 54 92 49 88 50 C64 58 44 46 36 22 Z" fill="#FDE047" ${edge(i)}/>` +
    `<path d="M20 32 L15 16 L24 13 L31 26" fill="#65743A" ${edge(i)}/>`,
  avocado: (_f, i) =>
    `<path d="M50 6 C66 6 74 30 80 52 C86 76 70 94 50 94 C30 94 14 76 20 52 C26 30 34 6 50 6 Z" fill="#3F6212" ${edge(i)}/>` +
    `<path d="M50 14 C62 14 68 34 73 54 C78 72 66 86 50 86 C34 86 22 72 27 54 C32 34 38 14 50 14 Z" fill="#D9F99D"/><circle cx="50" cy="62" r="14" fill="#92400E"/>` +
    `<path d="M44 56 C46 52 50 51 53 52" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`,
  leaf: (_f, i) =>
    `<path d="M54 92 C70 80 92 60 86 26 C66 32 54 62 54 92 Z" fill="#22C55E" ${edge(i)}/><path d="M54 92 C62 70 72 50 84 30" fill="none" stroke="#DCFCE7" stroke-width="2"/>` +
    `<path d="M50 92 C20 80 10 40 40 8 C60 30 70 70 50 92 Z" fill="#16A34A" ${edge(i)}/><path d="M50 90 C44 64 42 40 40 12" fill="none" stroke="#DCFCE7" stroke-width="2"/>`,
  tomato: (_f, i) =>
    [
      [50, 38, 17],
      [31, 64, 19],
      [69, 64, 19],
    ]
      .map(
        ([x, y, r]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="#EF4444" stroke="${i}" stroke-width="2.5"/>` +
          `<path d="M${x! - 7} ${y! - r! + 1} L${x} ${y! - r! + 5} L${x! + 7} ${y! - r! + 1} M${x} ${y! - r! + 5} L${x} ${y! - r! - 4}" fill="none" stroke="#15803D" stroke-width="3" stroke-linecap="round"/>` +
          `<circle cx="${x! - r! / 2.5}" cy="${y! - r! / 3}" r="${r! / 6}" fill="#fff" opacity="0.6"/>`,
      )
      .join(''),
  potato: (_f, i) =>
    `<path d="M10 56 C10 40 40 30 66 32 C86 34 94 46 88 58 C82 70 54 78 32 76 C18 74 10 68 10 56 Z" fill="#B45309" ${edge(i)}/>` +
    `<path d="M20 76 C24 66 44 62 62 66 C76 70 82 80 76 88 C68 96 40 96 28 92 C20 89 17 82 20 76 Z" fill="#C2410C" ${edge(i)}/>` +
    `<circle cx="34" cy="48" r="2" fill="${i}"/><circle cx="60" cy="44" r="2" fill="${i}"/><circle cx="70" cy="58" r="2" fill="${i}"/><circle cx="46" cy="82" r="2" fill="${i}"/>`,
  carton: (f, i) =>
    `<rect x="44" y="5" width="12" height="9" rx="2" fill="${i}"/><path d="M24 30 L38 12 L62 12 L76 30 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="24" y="30" width="52" height="62" fill="${f}" ${edge(i)}/><rect x="30" y="44" width="40" height="34" rx="4" fill="#fff" opacity="0.7"/>` +
    `<path d="M50 50 C58 60 58 70 50 70 C42 70 42 60 50 50 Z" fill="${i}" opacity="0.8"/>`,
  waterBottle: (f, i) =>
    `<rect x="42" y="4" width="16" height="9" rx="2" fill="${i}"/>` +
    `<path d="M42 13 L58 13 L58 20 C70 26 72 32 72 40 L72 88 C72 92 68 94 64 94 L36 94 C32 94 28 92 28 88 L28 40 C28 32 30 26 42 20 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="28" y="48" width="44" height="22" fill="${i}" opacity="0.4"/><path d="M32 80 L68 80 M32 86 L68 86" stroke="${i}" stroke-width="1.5"/>` +
    `<circle cx="40" cy="36" r="2" fill="#fff" opacity="0.8"/><circle cx="58" cy="30" r="1.6" fill="#fff" opacity="0.8"/><circle cx="50" cy="40" r="1.4" fill="#fff" opacity="0.8"/>`,
  oilBottle: (f, i) =>
    `<path d="M44 8 L56 8 L56 30 C66 36 70 44 70 54 L70 90 C70 93 68 95 65 95 L35 95 C32 95 30 93 30 90 L30 54 C30 44 34 36 44 30 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="42" y="3" width="16" height="8" rx="2" fill="${i}"/><rect x="35" y="56" width="30" height="28" rx="3" fill="#fff" opacity="0.65"/>` +
    `<ellipse cx="48" cy="71" rx="5" ry="7" fill="#65743A"/><path d="M53 66 C58 62 62 62 62 62 C60 66 56 68 53 66 Z" fill="#65743A"/>`,
  packet: (f, i) =>
    `<path d="M20 14 L80 14 L76 50 L82 90 L18 90 L24 50 Z" fill="${f}" ${edge(i)}/><rect x="20" y="14" width="60" height="7" fill="${i}"/>` +
    `<path d="M18 90 L24 86 L30 90 L36 86 L42 90 L48 86 L54 90 L60 86 L66 90 L72 86 L78 90" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<circle cx="50" cy="54" r="17" fill="#fff" opacity="0.65"/><circle cx="45" cy="52" r="5" fill="${i}" opacity="0.6"/><circle cx="56" cy="58" r="4" fill="${i}" opacity="0.6"/>`,
  chocolate: (f, i) =>
    `<rect x="14" y="16" width="48" height="32" fill="#7C4A21" stroke="${i}" stroke-width="2"/><path d="M30 16 L30 46 M46 16 L46 46 M14 31 L62 31" stroke="#4A2A12" stroke-width="2"/>` +
    `<rect x="14" y="44" width="72" height="40" rx="3" fill="${f}" ${edge(i)}/>` +
    `<path d="M14 44 L20 40 L26 44 L32 40 L38 44 L44 40 L50 44 L56 40 L62 44" fill="none" stroke="#D1D5DB" stroke-width="3"/><rect x="26" y="56" width="48" height="16" rx="3" fill="#fff" opacity="0.6"/>`,
  snackBar: (f, i) =>
    [20, 52]
      .map(
        (y) =>
          `<path d="M8 ${y} L16 ${y + 4} L16 ${y + 24} L8 ${y + 28} Z M92 ${y} L84 ${y + 4} L84 ${y + 24} L92 ${y + 28} Z" fill="${i}"/>` +
          `<rect x="16" y="${y + 2}" width="68" height="26" rx="4" fill="${f}" ${edge(i)}/>` +
          `<ellipse cx="38" cy="${y + 15}" rx="4" ry="3" fill="#D6C7A1"/><ellipse cx="50" cy="${y + 12}" rx="3" ry="2.5" fill="#D6C7A1"/><ellipse cx="62" cy="${y + 17}" rx="4" ry="3" fill="#D6C7A1"/>`,
      )
      .join(''),
  nuts: (f, i) =>
    [
      [-30, 34, 44],
      [10, 52, 38],
      [40, 68, 46],
    ]
      .map(
        ([angle, x, y]) =>
          `<g transform="rotate(${angle} ${x} ${y})"><path d="M${x} ${y! - 16} C${x! + 11} ${y! - 6} ${x! + 12} ${y! + 8} ${x! + 6} ${y! + 14} C${x! + 2} ${y! + 18} ${x! - 2} ${y! + 18} ${x! - 6} ${y! + 14} C${x! - 12} ${y! + 8} ${x! - 11} ${y! - 6} ${x} ${y! - 16} Z" fill="#B7793F" stroke="${i}" stroke-width="2"/>` +
          `<path d="M${x} ${y! - 10} L${x} ${y! + 12}" stroke="${i}" stroke-width="1.2" opacity="0.4"/></g>`,
      )
      .join('') +
    `<path d="M10 58 L90 58 C88 80 72 92 50 92 C28 92 12 80 10 58 Z" fill="${f}" ${edge(i)}/><path d="M20 70 C36 76 64 76 80 70" fill="none" stroke="${i}" stroke-width="2" opacity="0.5"/>`,
  sack: (f, i) =>
    `<path d="M26 12 L74 12 C70 18 70 24 76 30 C86 44 88 70 82 86 C80 90 76 92 70 92 L30 92 C24 92 20 90 18 86 C12 70 14 44 24 30 C30 24 30 18 26 12 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M28 26 L72 26" stroke="${i}" stroke-width="4" stroke-linecap="round"/><rect x="28" y="44" width="44" height="32" rx="5" fill="#fff" opacity="0.65"/>` +
    [
      [42, 56, -30],
      [52, 52, 20],
      [58, 62, -20],
      [46, 66, 40],
    ]
      .map(([x, y, a]) => `<ellipse cx="${x}" cy="${y}" rx="2.5" ry="5" fill="${i}" opacity="0.7" transform="rotate(${a} ${x} ${y})"/>`)
      .join(''),
  petFood: (f, i) =>
    `<path d="M26 12 L74 12 C70 18 70 24 76 30 C86 44 88 70 82 86 C80 90 76 92 70 92 L30 92 C24 92 20 90 18 86 C12 70 14 44 24 30 C30 24 30 18 26 12 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M28 26 L72 26" stroke="${i}" stroke-width="4" stroke-linecap="round"/><rect x="28" y="42" width="44" height="36" rx="5" fill="#fff" opacity="0.65"/>` +
    `<ellipse cx="50" cy="66" rx="8" ry="6.5" fill="${i}"/><circle cx="40" cy="57" r="3.2" fill="${i}"/><circle cx="46" cy="51" r="3.2" fill="${i}"/><circle cx="54" cy="51" r="3.2" fill="${i}"/><circle cx="60" cy="57" r="3.2" fill="${i}"/>`,
  litter: (f, i) =>
    `<path d="M10 46 L90 46 L84 88 C84 91 81 93 78 93 L22 93 C19 93 16 91 16 88 Z" fill="${f}" ${edge(i)}/><rect x="6" y="40" width="88" height="9" rx="4" fill="${i}"/>` +
    `<path d="M18 46 C30 38 42 42 50 36 C58 42 70 38 82 46 Z" fill="#D6C7A1" stroke="${i}" stroke-width="1.5"/>` +
    `<path d="M56 34 L78 8" stroke="${i}" stroke-width="5" stroke-linecap="round"/><path d="M40 30 L60 40 L66 28 L48 18 Z" fill="${f}" ${edge(i)}/>`,
  egg: (f, i) =>
    [24, 50, 76].map((x) => `<ellipse cx="${x}" cy="46" rx="11" ry="15" fill="#FDF6E3" stroke="${i}" stroke-width="2"/>`).join('') +
    `<path d="M6 54 L94 54 L88 84 L12 84 Z" fill="${f}" ${edge(i)}/><path d="M37 54 L37 84 M63 54 L63 84" stroke="${i}" stroke-width="2" opacity="0.5"/>`,
  tub: (f, i) =>
    `<rect x="16" y="18" width="68" height="12" rx="4" fill="${i}"/><path d="M20 30 L80 30 L72 88 L28 88 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="30" y="44" width="40" height="26" rx="4" fill="#fff" opacity="0.7"/><path d="M38 60 C44 52 56 52 62 60" fill="none" stroke="${i}" stroke-width="2.5"/>`,
  cheese: (_f, i) =>
    `<path d="M10 58 L90 58 L90 86 L10 86 Z" fill="#FACC15" ${edge(i)}/><path d="M10 58 L70 22 L90 58 Z" fill="#FDE68A" ${edge(i)}/>` +
    `<circle cx="30" cy="72" r="5" fill="#EAB308"/><circle cx="58" cy="76" r="4" fill="#EAB308"/><circle cx="76" cy="68" r="3" fill="#EAB308"/><circle cx="64" cy="46" r="4" fill="#EAB308"/>`,
  butter: (f, i) =>
    `<ellipse cx="50" cy="78" rx="44" ry="11" fill="${f}" ${edge(i)}/>` +
    `<path d="M20 50 L32 40 L82 40 L70 50 Z" fill="#FEF3C7" ${edge(i)}/><path d="M70 50 L82 40 L82 64 L70 74 Z" fill="#FCD34D" ${edge(i)}/>` +
    `<rect x="20" y="50" width="50" height="24" fill="#FDE68A" ${edge(i)}/><rect x="20" y="50" width="22" height="24" fill="#fff" opacity="0.6"/>`,
  ropeToy: (f, i) =>
    `<path d="M24 32 C40 52 60 48 76 68" fill="none" stroke="${i}" stroke-width="14" stroke-linecap="round"/><path d="M24 32 C40 52 60 48 76 68" fill="none" stroke="${f}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M34 40 L40 48 M44 44 L50 52 M54 48 L60 56 M64 54 L68 62" stroke="${i}" stroke-width="2"/>` +
    `<path d="M14 22 L6 12 M20 18 L16 6 M26 20 L30 8 M86 78 L94 88 M80 82 L84 94 M74 80 L70 92" stroke="${i}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="22" cy="28" r="11" fill="${f}" ${edge(i)}/><circle cx="78" cy="72" r="11" fill="${f}" ${edge(i)}/>`,
  leash: (f, i) =>
    `<ellipse cx="26" cy="24" rx="14" ry="18" fill="none" stroke="${i}" stroke-width="8"/><ellipse cx="26" cy="24" rx="14" ry="18" fill="none" stroke="${f}" stroke-width="4"/>` +
    `<path d="M34 40 C50 62 60 60 72 74" fill="none" stroke="${i}" stroke-width="7"/><path d="M34 40 C50 62 60 60 72 74" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="4 4"/>` +
    `<rect x="66" y="70" width="14" height="18" rx="4" fill="${i}" transform="rotate(-40 73 79)"/><circle cx="82" cy="90" r="6" fill="none" stroke="${i}" stroke-width="3"/>`,
  harness: (f, i) =>
    `<ellipse cx="26" cy="52" rx="11" ry="22" fill="none" stroke="${i}" stroke-width="9"/><ellipse cx="26" cy="52" rx="11" ry="22" fill="none" stroke="${f}" stroke-width="4.5"/>` +
    `<ellipse cx="68" cy="56" rx="14" ry="30" fill="none" stroke="${i}" stroke-width="9"/><ellipse cx="68" cy="56" rx="14" ry="30" fill="none" stroke="${f}" stroke-width="4.5"/>` +
    `<path d="M26 28 C40 20 56 20 70 26 L70 42 C56 36 40 36 26 44 Z" fill="${f}" ${edge(i)}/><path d="M30 36 C42 30 56 30 66 34" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="4 4"/>` +
    `<path d="M40 24 C40 8 58 8 58 22" fill="none" stroke="${i}" stroke-width="4"/><circle cx="68" cy="88" r="5" fill="none" stroke="${i}" stroke-width="3"/>`,
  petBed: (f, i) =>
    `<ellipse cx="50" cy="62" rx="45" ry="26" fill="${f}" ${edge(i)}/><ellipse cx="50" cy="58" rx="31" ry="14" fill="#fff" fill-opacity="0.6" stroke="${i}" stroke-width="2"/>` +
    `<ellipse cx="50" cy="62" rx="5" ry="4" fill="${i}" opacity="0.7"/><circle cx="43" cy="56" r="2" fill="${i}" opacity="0.7"/><circle cx="50" cy="53" r="2" fill="${i}" opacity="0.7"/><circle cx="57" cy="56" r="2" fill="${i}" opacity="0.7"/>`,
  scratchingPost: (f, i) =>
    `<rect x="14" y="84" width="72" height="10" rx="3" fill="${f}" ${edge(i)}/><rect x="40" y="24" width="20" height="60" fill="#D6C7A1" stroke="${i}" stroke-width="2.5"/>` +
    Array.from({ length: 7 }, (_, k) => `<path d="M40 ${30 + k * 8} L60 ${34 + k * 8}" stroke="#A16207" stroke-width="2"/>`).join('') +
    `<rect x="24" y="14" width="52" height="11" rx="4" fill="${f}" ${edge(i)}/><path d="M70 25 L70 50" stroke="${i}" stroke-width="1.5"/><circle cx="70" cy="54" r="5" fill="${i}"/>`,
  feather: (f, i) =>
    `<path d="M14 90 L62 30" stroke="${i}" stroke-width="4" stroke-linecap="round"/><path d="M62 30 C70 24 74 28 76 34" fill="none" stroke="${i}" stroke-width="1.5"/>` +
    `<path d="M72 36 C60 40 58 58 66 66 C62 54 66 44 72 36 Z" fill="${i}" opacity="0.5"/>` +
    `<path d="M76 34 C92 30 98 48 86 62 C80 68 70 64 72 56 C74 48 78 42 76 34 Z" fill="${f}" ${edge(i)}/><path d="M76 36 C80 44 80 54 74 62" fill="none" stroke="${i}" stroke-width="1.5"/>`,
  aquarium: (f, i) =>
    `<rect x="6" y="16" width="88" height="8" rx="2" fill="${i}"/><rect x="8" y="24" width="84" height="58" fill="#fff" fill-opacity="0.5" stroke="${i}" stroke-width="3"/>` +
    `<rect x="10" y="34" width="80" height="46" fill="${f}" opacity="0.55"/><rect x="14" y="82" width="72" height="10" fill="${i}"/>` +
    `<path d="M32 54 C38 46 50 46 54 54 C50 62 38 62 32 54 Z M54 54 L62 48 L62 60 Z" fill="${i}"/>` +
    `<path d="M76 80 C70 66 80 58 74 44 M84 80 C88 68 80 60 86 50" fill="none" stroke="${i}" stroke-width="3"/><circle cx="46" cy="42" r="2.5" fill="#fff"/><circle cx="50" cy="36" r="2" fill="#fff"/>`,
  aquariumFilter: (f, i) =>
    `<rect x="40" y="64" width="8" height="24" fill="${i}"/><rect x="37" y="82" width="14" height="12" rx="2" fill="${i}" opacity="0.6"/>` +
    `<path d="M74 30 L86 30 L86 38" fill="none" stroke="${i}" stroke-width="4"/><path d="M85 40 C80 56 92 60 86 78" fill="none" stroke="${i}" stroke-width="2" stroke-dasharray="3 3"/>` +
    `<rect x="30" y="10" width="44" height="56" rx="6" fill="${f}" ${edge(i)}/><rect x="28" y="6" width="48" height="8" rx="3" fill="${i}"/>` +
    `<path d="M36 28 L68 28 M36 36 L68 36 M36 44 L68 44" stroke="${i}" stroke-width="2" opacity="0.5"/>`,
  aquariumLight: (f, i) =>
    `<rect x="6" y="60" width="88" height="32" fill="${f}" opacity="0.5" stroke="${i}" stroke-width="2"/><path d="M6 60 C20 54 30 66 46 60 C60 54 72 66 94 60" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<path d="M20 40 L14 58 M40 40 L36 58 M60 40 L64 58 M80 40 L86 58" stroke="#FACC15" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="10" y="30" width="4" height="16" fill="${i}"/><rect x="86" y="30" width="4" height="16" fill="${i}"/><rect x="6" y="20" width="88" height="12" rx="5" fill="${i}"/>` +
    Array.from({ length: 7 }, (_, k) => `<circle cx="${16 + k * 11.3}" cy="32" r="3" fill="#FACC15"/>`).join(''),
} satisfies Record<string, Glyph>;
