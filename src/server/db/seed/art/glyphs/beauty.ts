import type { Glyph } from '../glyphs.ts';

const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;

/** Skincare, makeup, hair care and fragrance. */
export const BEAUTY_GLYPHS = {
  serum: (f, i) =>
    `<path d="M42 8 C42 1 58 1 58 8 L58 22 L42 22 Z" fill="${i}"/><rect x="38" y="22" width="24" height="10" rx="2" fill="${i}" opacity="0.7"/>` +
    `<path d="M34 32 L66 32 C72 32 74 36 74 42 L74 86 C74 90 70 94 66 94 L34 94 C30 94 26 90 26 86 L26 42 C26 36 28 32 34 32 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="32" y="50" width="36" height="28" rx="3" fill="#fff" opacity="0.6"/><path d="M50 55 C57 64 57 71 50 71 C43 71 43 64 50 55 Z" fill="${i}"/>`,
  jar: (f, i) =>
    `<rect x="16" y="22" width="68" height="21" rx="6" fill="${i}"/>` +
    `<path d="M18 43 L82 43 L80 82 C80 88 76 90 70 90 L30 90 C24 90 20 88 20 82 Z" fill="${f}" ${edge(i)}/><rect x="28" y="54" width="44" height="22" rx="4" fill="#fff" opacity="0.55"/>`,
  tube: (f, i) =>
    `<path d="M28 10 L72 10 L64 72 L36 72 Z" fill="${f}" ${edge(i)}/><path d="M29 17 L71 17" stroke="${i}" stroke-width="2"/>` +
    `<rect x="38" y="72" width="24" height="20" rx="4" fill="${i}"/><circle cx="50" cy="40" r="8" fill="${i}"/>` +
    `<path d="M50 26 L50 29 M50 51 L50 54 M36 40 L39 40 M61 40 L64 40 M40 30 L42 32 M58 48 L60 50 M60 30 L58 32 M40 50 L42 48" stroke="${i}" stroke-width="2" stroke-linecap="round"/>`,
  mascara: (f, i) =>
    `<rect x="22" y="12" width="20" height="80" rx="7" fill="${f}" ${edge(i)}/><rect x="22" y="12" width="20" height="32" rx="7" fill="${i}"/>` +
    `<rect x="58" y="6" width="10" height="42" rx="3" fill="${i}"/><rect x="62" y="48" width="2.5" height="22" fill="${i}"/><rect x="58" y="68" width="10" height="24" rx="5" fill="${i}"/>` +
    Array.from({ length: 5 }, (_, k) => `<path d="M54 ${72 + k * 4} L72 ${72 + k * 4}" stroke="${i}" stroke-width="1.5"/>`).join(''),
  palette: (f, i) =>
    `<rect x="8" y="22" width="84" height="56" rx="8" fill="${i}"/><rect x="12" y="26" width="76" height="48" rx="5" fill="${f}"/>` +
    [28, 50, 72]
      .flatMap((x, k) => [
        `<circle cx="${x}" cy="40" r="8.5" fill="${i}" opacity="${[0.25, 0.55, 0.85][k]}"/>`,
        `<circle cx="${x}" cy="60" r="8.5" fill="${k === 1 ? '#fff' : i}" opacity="${[0.7, 0.8, 0.4][k]}"/>`,
      ])
      .join(''),
  compact: (f, i) =>
    `<circle cx="50" cy="28" r="24" fill="${i}"/><circle cx="50" cy="28" r="18" fill="#fff" opacity="0.7"/><rect x="43" y="50" width="14" height="6" fill="${i}"/>` +
    `<circle cx="50" cy="74" r="24" fill="${i}"/><circle cx="50" cy="74" r="18" fill="${f}"/><circle cx="50" cy="74" r="9" fill="#fff" opacity="0.45"/>`,
  hairDryer: (f, i) =>
    `<path d="M36 90 C36 97 20 97 14 92" fill="none" stroke="${i}" stroke-width="3"/>` +
    `<path d="M32 36 L48 36 L44 86 C44 90 40 92 36 90 L30 88 Z" fill="${f}" ${edge(i)}/><rect x="37" y="48" width="6" height="10" rx="2" fill="${i}"/>` +
    `<path d="M12 24 C12 12 22 8 32 8 L72 8 C80 8 86 14 86 24 C86 34 80 40 72 40 L32 40 C22 40 12 36 12 24 Z" fill="${f}" ${edge(i)}/>` +
    `<rect x="86" y="15" width="10" height="18" rx="2" fill="${i}"/><circle cx="26" cy="24" r="8" fill="${i}"/><circle cx="26" cy="24" r="3" fill="${f}"/>`,
  straightener: (f, i) =>
    `<g transform="rotate(-9 50 88)"><rect x="40" y="8" width="13" height="82" rx="6" fill="${f}" ${edge(i)}/><rect x="48" y="12" width="5" height="38" fill="${i}"/></g>` +
    `<g transform="rotate(9 50 88)"><rect x="47" y="8" width="13" height="82" rx="6" fill="${f}" ${edge(i)}/><rect x="47" y="12" width="5" height="38" fill="${i}"/></g>` +
    `<circle cx="50" cy="88" r="6" fill="${i}"/><path d="M50 94 C50 98 64 98 70 94" fill="none" stroke="${i}" stroke-width="3"/>`,
  perfume: (f, i) =>
    `<rect x="40" y="8" width="20" height="16" rx="3" fill="${i}"/><rect x="45" y="24" width="10" height="8" fill="${i}"/>` +
    `<circle cx="68" cy="14" r="1.8" fill="${i}"/><circle cx="74" cy="9" r="1.8" fill="${i}"/><circle cx="75" cy="18" r="1.8" fill="${i}"/>` +
    `<rect x="20" y="32" width="60" height="60" rx="12" fill="${f}" ${edge(i)}/><rect x="30" y="42" width="40" height="40" rx="6" fill="#fff" opacity="0.35"/>`,
} satisfies Record<string, Glyph>;
