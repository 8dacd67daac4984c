import type { Glyph } from '../glyphs.ts';

const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;
/** A thick line in the body colour with an outline: straps, ropes, handles. */
const band = (d: string, f: string, i: string, width = 6) =>
  `<path d="${d}" fill="none" stroke="${i}" stroke-width="${width + 4}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${f}" stroke-width="${width}" stroke-linecap="round"/>`;

/** Fitness, cycling, camping, team sports and toys. */
export const PLAY_GLYPHS = {
  yogaMat: (f, i) =>
    `<path d="M43 36 C43 18 63 18 63 36" fill="none" stroke="${i}" stroke-width="3"/>` +
    `<path d="M20 36 L82 36 A8 16 0 0 1 82 68 L20 68 Z" fill="${f}" ${edge(i)}/><ellipse cx="20" cy="52" rx="8" ry="16" fill="${f}" ${edge(i)}/>` +
    `<ellipse cx="20" cy="52" rx="4" ry="9" fill="none" stroke="${i}" stroke-width="2"/><rect x="38" y="36" width="6" height="32" fill="${i}"/><rect x="62" y="36" width="6" height="32" fill="${i}"/>`,
  band: (f, i) =>
    [
      [50, 30, 38, 14],
      [50, 54, 31, 12],
      [50, 76, 24, 10],
    ]
      .map(
        ([cx, cy, rx, ry]) =>
          `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${i}" stroke-width="9"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${f}" stroke-width="4.5"/>`,
      )
      .join(''),
  kettlebell: (f, i) =>
    `<path d="M30 48 C20 8 80 8 70 48" fill="none" stroke="${i}" stroke-width="9"/><circle cx="50" cy="64" r="28" fill="${f}" ${edge(i)}/>` +
    `<rect x="32" y="86" width="36" height="7" rx="2" fill="${i}"/><path d="M34 58 C36 50 42 46 48 45" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`,
  roller: (f, i) =>
    `<path d="M18 34 L82 34 A10 18 0 0 1 82 70 L18 70 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M34 34 L34 70 M48 34 L48 70 M62 34 L62 70 M76 34 L76 70 M18 46 L90 46 M18 58 L90 58" stroke="${i}" stroke-width="2" opacity="0.45"/>` +
    `<ellipse cx="18" cy="52" rx="10" ry="18" fill="${f}" ${edge(i)}/><ellipse cx="18" cy="52" rx="5" ry="9" fill="${i}"/>`,
  jumpRope: (f, i) =>
    `<path d="M17 62 C17 -4 83 -4 83 62" fill="none" stroke="${i}" stroke-width="3"/>` +
    `<rect x="11" y="60" width="12" height="32" rx="6" fill="${f}" ${edge(i)}/><rect x="77" y="60" width="12" height="32" rx="6" fill="${f}" ${edge(i)}/>`,
  helmet: (f, i) =>
    `<path d="M40 72 L52 90 L64 68" fill="none" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M10 68 C10 36 32 18 58 18 C80 18 92 34 92 52 C92 60 88 66 80 66 L62 66 L56 72 L10 72 Z" fill="${f}" ${edge(i)}/>` +
    `<path d="M26 42 L38 30 M44 34 L58 26 M64 32 L78 30 M32 54 L50 42 M58 46 L76 44" stroke="${i}" stroke-width="4.5" stroke-linecap="round"/><path d="M80 52 L96 48" stroke="${i}" stroke-width="4" stroke-linecap="round"/>`,
  bikeLight: (f, i) =>
    `<path d="M80 40 L98 28 M80 51 L100 51 M80 62 L98 74" stroke="${i}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="14" y="38" width="56" height="26" rx="8" fill="${f}" ${edge(i)}/><rect x="68" y="34" width="12" height="34" rx="4" fill="${i}"/>` +
    `<circle cx="28" cy="51" r="4" fill="${i}"/><rect x="34" y="64" width="16" height="8" rx="2" fill="${i}"/>` +
    `<rect x="16" y="78" width="28" height="12" rx="5" fill="${i}" opacity="0.6"/><rect x="10" y="81" width="6" height="6" rx="2" fill="${i}"/>`,
  glove: (f, i) =>
    `<path d="M30 92 L28 58 L16 46 C12 42 16 34 22 38 L32 48 L32 24 C32 16 40 16 40 24 L41 42 L42 16 C42 8 51 8 51 16 L51 42 L54 20 C54 12 63 12 62 20 L60 44 L66 30 C68 24 76 26 74 32 L70 60 C68 76 64 86 62 92 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="28" y="80" width="36" height="12" rx="3" fill="${i}"/><path d="M34 52 L64 52" stroke="${i}" stroke-width="2" opacity="0.5"/><circle cx="48" cy="66" r="5" fill="none" stroke="${i}" stroke-width="2"/>`,
  lock: (f, i) =>
    `<path d="M28 56 L28 30 C28 6 72 6 72 30 L72 56" fill="none" stroke="${i}" stroke-width="9"/>` +
    `<rect x="16" y="52" width="68" height="22" rx="8" fill="${f}" ${edge(i)}/><circle cx="50" cy="61" r="4" fill="${i}"/><rect x="48" y="61" width="4" height="7" fill="${i}"/>`,
  sleepingBag: (f, i) =>
    `<path d="M36 6 C58 2 70 14 70 30 L76 84 C76 92 66 96 50 96 C34 96 24 92 24 84 L30 30 C30 18 30 8 36 6 Z" fill="${f}" ${edge(i)}/>` +
    `<ellipse cx="50" cy="22" rx="12" ry="10" fill="${i}" opacity="0.55"/><path d="M30 44 L70 44 M28 60 L72 60 M26 76 L74 76" stroke="${i}" stroke-width="2" opacity="0.5"/>` +
    `<path d="M63 32 L68 90" stroke="${i}" stroke-width="2" stroke-dasharray="3 3"/>`,
  stove: (f, i) =>
    `<path d="M42 38 C36 28 44 22 44 14 C52 22 54 30 50 38 Z M54 38 C52 30 58 24 60 18 C66 26 64 34 58 38 Z" fill="#FACC15" stroke="${i}" stroke-width="2"/>` +
    `<rect x="34" y="38" width="32" height="6" rx="2" fill="${i}"/><path d="M20 36 L40 46 M80 36 L60 46" stroke="${i}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="42" y="44" width="16" height="12" fill="${i}"/><rect x="30" y="56" width="40" height="36" rx="8" fill="${f}" ${edge(i)}/><rect x="30" y="68" width="40" height="10" fill="${i}" opacity="0.4"/>`,
  poles: (f, i) =>
    [
      [-18, 34],
      [18, 66],
    ]
      .map(
        ([angle, x]) =>
          `<g transform="rotate(${angle} ${x} 50)"><rect x="${x! - 1.5}" y="14" width="3" height="80" fill="${i}"/><rect x="${x! - 6}" y="6" width="12" height="24" rx="5" fill="${f}" ${edge(i)}/>` +
          `<ellipse cx="${x}" cy="84" rx="8" ry="3" fill="${i}"/><path d="M${x! - 6} 10 C${x! - 16} 20 ${x! - 12} 32 ${x! - 6} 28" fill="none" stroke="${i}" stroke-width="2"/></g>`,
      )
      .join(''),
  basketball: (f, i) =>
    `<circle cx="50" cy="50" r="38" fill="${f}" stroke="${i}" stroke-width="3"/><path d="M12 50 L88 50 M50 12 L50 88" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M23 23 C36 36 36 64 23 77 M77 23 C64 36 64 64 77 77" fill="none" stroke="${i}" stroke-width="2.5"/>`,
  volleyball: (f, i) =>
    `<circle cx="50" cy="50" r="38" fill="${f}" stroke="${i}" stroke-width="3"/>` +
    `<path d="M50 50 C40 36 42 22 50 12 M50 50 C66 50 80 44 86 36 M50 50 C50 66 40 80 28 84" fill="none" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M38 16 C30 30 32 44 40 54 M86 52 C74 62 60 62 50 58 M20 72 C30 66 38 54 40 44" fill="none" stroke="${i}" stroke-width="2" opacity="0.6"/>`,
  bat: (f, i) =>
    `<g transform="rotate(-32 46 54)"><rect x="42" y="4" width="8" height="30" rx="3" fill="${i}"/>` +
    `<path d="M36 34 L56 34 L58 90 C58 94 54 96 46 96 C38 96 34 94 34 90 Z" fill="${f}" ${edge(i)}/><path d="M46 40 L46 88" stroke="${i}" stroke-width="1.5" opacity="0.5"/></g>` +
    `<circle cx="80" cy="80" r="9" fill="${i}"/><path d="M73 76 C78 80 82 80 87 76" fill="none" stroke="#fff" stroke-width="1.5"/>`,
  racket: (f, i) =>
    `<ellipse cx="38" cy="32" rx="20" ry="26" fill="${f}" fill-opacity="0.25" stroke="${i}" stroke-width="4"/>` +
    `<path d="M24 22 L52 22 M20 32 L56 32 M24 42 L52 42 M30 10 L30 54 M38 7 L38 57 M46 10 L46 54" stroke="${i}" stroke-width="1.2" opacity="0.6"/>` +
    `<path d="M38 58 L38 78" stroke="${i}" stroke-width="3"/><rect x="34" y="74" width="8" height="22" rx="3" fill="${f}" stroke="${i}" stroke-width="2"/>` +
    `<path d="M68 48 L88 48 L82 72 L74 72 Z" fill="#fff" stroke="${i}" stroke-width="2"/><circle cx="78" cy="76" r="5.5" fill="${i}"/>`,
  train: (f, i) =>
    `<rect x="38" y="26" width="8" height="14" fill="${i}"/><rect x="14" y="22" width="20" height="20" fill="${f}" ${edge(i)}/><rect x="18" y="26" width="12" height="10" fill="${i}" opacity="0.5"/>` +
    `<rect x="14" y="40" width="34" height="30" rx="3" fill="${f}" ${edge(i)}/><rect x="54" y="44" width="36" height="26" rx="3" fill="${f}" ${edge(i)}/>` +
    `<rect x="60" y="50" width="10" height="8" fill="${i}" opacity="0.5"/><rect x="74" y="50" width="10" height="8" fill="${i}" opacity="0.5"/><path d="M48 62 L54 62" stroke="${i}" stroke-width="3"/>` +
    [22, 40, 62, 82].map((x) => `<circle cx="${x}" cy="76" r="7" fill="${i}"/><circle cx="${x}" cy="76" r="2.5" fill="${f}"/>`).join(''),
  robot: (f, i) =>
    `<path d="M50 14 L50 6" stroke="${i}" stroke-width="3"/><circle cx="50" cy="5" r="3.5" fill="${i}"/>` +
    `<rect x="14" y="46" width="10" height="26" rx="5" fill="${i}"/><rect x="76" y="46" width="10" height="26" rx="5" fill="${i}"/><rect x="34" y="80" width="10" height="14" fill="${i}"/><rect x="56" y="80" width="10" height="14" fill="${i}"/>` +
    `<rect x="30" y="14" width="40" height="28" rx="6" fill="${f}" ${edge(i)}/><circle cx="42" cy="27" r="5" fill="${i}"/><circle cx="58" cy="27" r="5" fill="${i}"/><rect x="42" y="34" width="16" height="3" fill="${i}"/>` +
    `<rect x="26" y="44" width="48" height="36" rx="6" fill="${f}" ${edge(i)}/><circle cx="50" cy="60" r="7" fill="${i}"/><circle cx="50" cy="60" r="3" fill="${f}"/>`,
  doll: (f, i) =>
    `<path d="M28 32 C28 6 72 6 72 32 L74 54 L26 54 Z" fill="${i}"/>` +
    `<path d="M40 52 L28 66 M60 52 L72 66" stroke="#F5D0B5" stroke-width="5" stroke-linecap="round"/><rect x="40" y="82" width="6" height="12" fill="#F5D0B5"/><rect x="54" y="82" width="6" height="12" fill="#F5D0B5"/>` +
    `<circle cx="50" cy="28" r="15" fill="#F5D0B5" stroke="${i}" stroke-width="2"/><circle cx="44" cy="28" r="2" fill="${i}"/><circle cx="56" cy="28" r="2" fill="${i}"/>` +
    `<path d="M45 34 C48 36 52 36 55 34" fill="none" stroke="${i}" stroke-width="1.5"/><path d="M40 44 L60 44 L74 84 L26 84 Z" fill="${f}" ${edge(i)}/>`,
  figure: (f, i) =>
    `<path d="M36 30 L22 86 L78 86 L64 30 Z" fill="${i}" opacity="0.45"/>` +
    band('M38 34 L20 54', f, i, 7) +
    band('M62 34 L80 16', f, i, 7) +
    `<rect x="38" y="58" width="10" height="34" rx="2" fill="${i}"/><rect x="52" y="58" width="10" height="34" rx="2" fill="${i}"/>` +
    `<path d="M36 30 L64 30 L62 62 L38 62 Z" fill="${f}" ${edge(i)}/><path d="M50 38 L56 46 L50 54 L44 46 Z" fill="${i}"/>` +
    `<circle cx="50" cy="18" r="11" fill="${f}" ${edge(i)}/><rect x="39" y="14" width="22" height="6" rx="2" fill="${i}"/>`,
  dollhouse: (f, i) =>
    `<rect x="66" y="16" width="8" height="18" fill="${i}"/><path d="M8 46 L50 10 L92 46 Z" fill="${i}"/>` +
    `<rect x="16" y="44" width="68" height="48" fill="${f}" ${edge(i)}/><path d="M16 68 L84 68" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="24" y="50" width="14" height="12" fill="${i}" opacity="0.4"/><rect x="62" y="50" width="14" height="12" fill="${i}" opacity="0.4"/><rect x="44" y="74" width="12" height="18" fill="${i}"/>`,
  boardGame: (f, i) =>
    `<rect x="8" y="20" width="72" height="64" rx="4" fill="${f}" ${edge(i)}/><rect x="16" y="28" width="56" height="48" fill="none" stroke="${i}" stroke-width="2"/>` +
    `<path d="M16 40 L72 40 M16 64 L72 64 M28 28 L28 76 M60 28 L60 76" stroke="${i}" stroke-width="1.5"/>` +
    `<circle cx="40" cy="46" r="6" fill="${i}"/><path d="M34 64 L46 64 L42 50 L38 50 Z" fill="${i}"/>` +
    `<rect x="62" y="60" width="28" height="28" rx="5" fill="#fff" stroke="${i}" stroke-width="2.5"/><circle cx="69" cy="67" r="2.5" fill="${i}"/><circle cx="76" cy="74" r="2.5" fill="${i}"/><circle cx="83" cy="81" r="2.5" fill="${i}"/>`,
  cards: (f, i) =>
    `<rect x="30" y="14" width="40" height="60" rx="5" fill="#fff" stroke="${i}" stroke-width="2.5" transform="rotate(-20 50 84)"/>` +
    `<rect x="30" y="14" width="40" height="60" rx="5" fill="#fff" stroke="${i}" stroke-width="2.5" transform="rotate(20 50 84)"/>` +
    `<rect x="30" y="14" width="40" height="60" rx="5" fill="${f}" stroke="${i}" stroke-width="2.5"/><path d="M50 32 L60 44 L50 56 L40 44 Z" fill="${i}"/>`,
  chess: (f, i) =>
    `<rect x="22" y="84" width="56" height="9" rx="3" fill="${i}"/><rect x="28" y="74" width="44" height="11" rx="3" fill="${f}" ${edge(i)}/>` +
    `<path d="M34 74 C34 58 44 52 42 44 L30 48 C24 46 24 38 30 34 L44 18 L46 8 L54 16 C68 20 74 36 72 74 Z" fill="${f}" ${edge(i)}/>` +
    `<circle cx="44" cy="27" r="2.5" fill="${i}"/><path d="M58 22 C64 30 66 44 64 60" fill="none" stroke="${i}" stroke-width="2"/>`,
  scooter: (f, i) =>
    `<path d="M74 74 L66 14" stroke="${i}" stroke-width="6" stroke-linecap="round"/><path d="M54 14 L78 11" stroke="${i}" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="16" y="68" width="62" height="8" rx="4" fill="${f}" ${edge(i)}/>` +
    `<circle cx="22" cy="82" r="9" fill="${i}"/><circle cx="22" cy="82" r="4" fill="${f}"/><circle cx="76" cy="82" r="9" fill="${i}"/><circle cx="76" cy="82" r="4" fill="${f}"/>`,
  waterBlaster: (f, i) =>
    `<rect x="30" y="18" width="38" height="22" rx="9" fill="${f}" ${edge(i)}/><path d="M56 56 L70 56 L74 86 L62 88 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="8" y="40" width="84" height="16" rx="6" fill="${f}" ${edge(i)}/><rect x="2" y="44" width="8" height="8" fill="${i}"/>` +
    `<rect x="16" y="56" width="28" height="9" rx="4" fill="${i}"/><path d="M52 56 C52 64 50 66 46 66" fill="none" stroke="${i}" stroke-width="3"/>` +
    `<circle cx="5" cy="64" r="2.5" fill="${i}" opacity="0.6"/><circle cx="10" cy="70" r="2" fill="${i}" opacity="0.6"/>`,
  kite: (f, i) =>
    `<path d="M50 76 C40 84 60 88 50 96" fill="none" stroke="${i}" stroke-width="2.5"/><path d="M43 82 L50 85 L43 88 Z M57 88 L50 91 L57 94 Z" fill="${i}"/>` +
    `<path d="M50 6 L78 36 L50 76 L22 36 Z" fill="${f}" ${edge(i)}/><path d="M50 6 L50 76 M22 36 L78 36" stroke="${i}" stroke-width="2"/>` +
    `<path d="M50 6 L78 36 L50 36 Z" fill="${i}" opacity="0.25"/><path d="M50 36 L22 36 L50 76 Z" fill="${i}" opacity="0.25"/>`,
  bucket: (f, i) =>
    `<path d="M22 36 C22 10 70 10 70 36" fill="none" stroke="${i}" stroke-width="3"/><path d="M22 34 L70 34 L64 88 L28 88 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="18" y="30" width="56" height="8" rx="3" fill="${i}"/><path d="M30 58 C40 52 52 64 62 58" fill="none" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="79" y="10" width="6" height="50" rx="3" fill="${i}"/><path d="M72 58 L92 58 L90 80 C90 87 74 87 74 80 Z" fill="${f}" ${edge(i)}/>`,
  flask: (f, i) =>
    `<path d="M42 10 L58 10 L58 36 L82 82 C84 88 80 92 74 92 L26 92 C20 92 16 88 18 82 L42 36 Z" fill="#fff" ${edge(i)}/>` +
    `<path d="M31 62 L69 62 L81 84 C83 88 80 90 74 90 L26 90 C20 90 17 88 19 84 Z" fill="${f}"/><rect x="38" y="5" width="24" height="7" rx="2" fill="${i}"/>` +
    `<circle cx="44" cy="76" r="4" fill="#fff" opacity="0.8"/><circle cx="57" cy="70" r="3" fill="#fff" opacity="0.8"/><circle cx="52" cy="50" r="2.5" fill="${f}"/><circle cx="48" cy="42" r="2" fill="${f}"/>`,
  microscope: (f, i) =>
    `<rect x="18" y="84" width="64" height="10" rx="3" fill="${i}"/><path d="M66 84 L66 60 C66 44 58 34 48 30" fill="none" stroke="${i}" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="24" y="64" width="42" height="6" rx="2" fill="${i}"/>` +
    `<g transform="rotate(-22 40 34)"><rect x="32" y="12" width="15" height="44" rx="3" fill="${f}" ${edge(i)}/><rect x="30" y="4" width="19" height="9" rx="2" fill="${i}"/><rect x="35" y="56" width="9" height="9" fill="${i}"/></g>`,
} satisfies Record<string, Glyph>;
