import type { Glyph } from '../glyphs.ts';

/** The first pictograms: category tiles, banners and the product types they were drawn for. */
export const CORE_GLYPHS = {
  shirt: (f, i) =>
    `<path d="M34 14 L14 26 L6 44 L20 50 L24 44 L24 88 L76 88 L76 44 L80 50 L94 44 L86 26 L66 14 C62 22 38 22 34 14 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M34 14 C38 24 62 24 66 14" fill="none" stroke="${i}" stroke-width="2.5"/>`,
  dress: (f, i) =>
    `<path d="M38 8 L38 20 L32 34 L40 44 L20 90 L80 90 L60 44 L68 34 L62 20 L62 8 L56 8 C54 16 46 16 44 8 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M36 44 L64 44" stroke="${i}" stroke-width="3"/>`,
  shoe: (f, i) =>
    `<path d="M8 62 L10 40 C16 42 24 42 30 36 L40 44 C52 52 70 56 86 58 C94 60 96 68 94 72 L8 72 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="8" y="72" width="86" height="8" rx="3" fill="${i}"/><path d="M34 40 L40 46 M40 36 L46 44" stroke="${i}" stroke-width="2"/>`,
  boot: (f, i) =>
    `<path d="M28 10 L58 10 L58 56 C72 58 86 62 90 72 L90 78 L24 78 L24 40 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="22" y="78" width="70" height="9" rx="3" fill="${i}"/><path d="M28 22 L58 22" stroke="${i}" stroke-width="2"/>`,
  phone: (f, i) =>
    `<rect x="28" y="6" width="44" height="88" rx="8" fill="${i}"/><rect x="32" y="14" width="36" height="68" rx="3" fill="${f}"/>` + `<circle cx="50" cy="88" r="3" fill="${f}"/>`,
  laptop: (f, i) =>
    `<rect x="18" y="18" width="64" height="44" rx="4" fill="${i}"/><rect x="22" y="22" width="56" height="36" rx="2" fill="${f}"/>` +
    `<path d="M6 66 L94 66 L88 76 L12 76 Z" fill="${i}"/>`,
  headphones: (f, i) =>
    `<path d="M18 60 L18 48 C18 26 32 14 50 14 C68 14 82 26 82 48 L82 60" fill="none" stroke="${i}" stroke-width="7"/>` +
    `<rect x="10" y="54" width="20" height="32" rx="7" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="70" y="54" width="20" height="32" rx="7" fill="${f}" stroke="${i}" stroke-width="2.5"/>`,
  camera: (f, i) =>
    `<path d="M12 32 L32 32 L38 22 L62 22 L68 32 L88 32 L88 80 L12 80 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="55" r="17" fill="${i}"/><circle cx="50" cy="55" r="9" fill="${f}"/><rect x="74" y="38" width="8" height="5" fill="${i}"/>`,
  watch: (f, i) =>
    `<rect x="38" y="6" width="24" height="88" rx="6" fill="${i}"/><circle cx="50" cy="50" r="24" fill="${f}" stroke="${i}" stroke-width="5"/>` +
    `<path d="M50 36 L50 50 L60 56" stroke="${i}" stroke-width="3" stroke-linecap="round" fill="none"/>`,
  plug: (f, i) =>
    `<rect x="28" y="30" width="44" height="40" rx="8" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="38" y="14" width="6" height="16" fill="${i}"/>` +
    `<rect x="56" y="14" width="6" height="16" fill="${i}"/><path d="M50 70 C50 84 62 84 70 92" stroke="${i}" stroke-width="5" fill="none"/>`,
  pot: (f, i) =>
    `<path d="M18 38 L82 38 L78 82 C77 86 74 88 70 88 L30 88 C26 88 23 86 22 82 Z" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="12" y="30" width="76" height="9" rx="4" fill="${i}"/><rect x="42" y="20" width="16" height="10" rx="3" fill="${i}"/><path d="M18 46 L6 44 M82 46 L94 44" stroke="${i}" stroke-width="5"/>`,
  kettle: (f, i) =>
    `<path d="M26 34 L74 34 L80 86 L20 86 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M32 34 C32 14 68 14 68 34" fill="none" stroke="${i}" stroke-width="5"/><path d="M24 48 L8 36" stroke="${i}" stroke-width="6" stroke-linecap="round"/>`,
  chair: (f, i) =>
    `<rect x="26" y="10" width="48" height="40" rx="6" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="20" y="50" width="60" height="12" rx="4" fill="${i}"/>` +
    `<path d="M26 62 L22 92 M74 62 L78 92" stroke="${i}" stroke-width="5" stroke-linecap="round"/>`,
  bed: (f, i) =>
    `<rect x="8" y="48" width="84" height="24" rx="4" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="14" y="36" width="24" height="14" rx="5" fill="${i}" opacity="0.5"/>` +
    `<rect x="8" y="26" width="7" height="60" fill="${i}"/><rect x="85" y="50" width="7" height="36" fill="${i}"/>`,
  lamp: (f, i) =>
    `<path d="M30 14 L70 14 L84 50 L16 50 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="47" y="50" width="6" height="30" fill="${i}"/><rect x="30" y="80" width="40" height="8" rx="3" fill="${i}"/>`,
  bottle: (f, i) =>
    `<rect x="40" y="8" width="20" height="14" rx="2" fill="${i}"/><path d="M36 22 L64 22 L64 30 C76 34 78 42 78 50 L78 86 C78 90 75 92 72 92 L28 92 C25 92 22 90 22 86 L22 50 C22 42 24 34 36 30 Z" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="30" y="52" width="40" height="24" rx="3" fill="${i}" opacity="0.35"/>`,
  lipstick: (f, i) =>
    `<path d="M40 12 L60 22 L60 46 L40 46 Z" fill="${f}"/><rect x="36" y="46" width="28" height="14" fill="${i}" opacity="0.6"/>` +
    `<rect x="32" y="60" width="36" height="32" rx="3" fill="${i}"/>`,
  ball: (f, i) =>
    `<circle cx="50" cy="50" r="38" fill="${f}" stroke="${i}" stroke-width="3"/><path d="M50 30 L66 42 L60 60 L40 60 L34 42 Z" fill="${i}"/>` +
    `<path d="M50 30 L50 12 M66 42 L86 36 M60 60 L72 80 M40 60 L28 80 M34 42 L14 36" stroke="${i}" stroke-width="2.5"/>`,
  dumbbell: (f, i) =>
    `<rect x="28" y="45" width="44" height="10" fill="${i}"/><rect x="14" y="28" width="14" height="44" rx="3" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<rect x="72" y="28" width="14" height="44" rx="3" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="6" y="38" width="8" height="24" rx="2" fill="${i}"/><rect x="86" y="38" width="8" height="24" rx="2" fill="${i}"/>`,
  bike: (f, i) =>
    `<circle cx="24" cy="64" r="17" fill="none" stroke="${i}" stroke-width="5"/><circle cx="76" cy="64" r="17" fill="none" stroke="${i}" stroke-width="5"/>` +
    `<path d="M24 64 L42 36 L66 36 L76 64 M42 36 L52 64 L66 36 M38 28 L48 28 M62 26 L70 26" fill="none" stroke="${f}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`,
  tent: (f, i) =>
    `<path d="M50 12 L92 84 L8 84 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/><path d="M50 40 L64 84 L36 84 Z" fill="${i}"/>` +
    `<path d="M4 88 L96 88" stroke="${i}" stroke-width="4"/>`,
  book: (f, i) =>
    `<path d="M10 20 C24 14 38 14 50 22 L50 86 C38 78 24 78 10 84 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M90 20 C76 14 62 14 50 22 L50 86 C62 78 76 78 90 84 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M18 34 L40 34 M18 44 L40 44 M18 54 L36 54 M60 34 L82 34 M60 44 L82 44" stroke="${i}" stroke-width="2"/>`,
  blocks: (f, i) =>
    `<rect x="12" y="52" width="36" height="36" rx="3" fill="${f}" stroke="${i}" stroke-width="2.5"/><rect x="52" y="52" width="36" height="36" rx="3" fill="${i}"/>` +
    `<rect x="32" y="14" width="36" height="36" rx="3" fill="${f}" stroke="${i}" stroke-width="2.5"/><circle cx="50" cy="32" r="6" fill="${i}"/>`,
  bear: (f, i) =>
    `<circle cx="26" cy="24" r="12" fill="${f}" stroke="${i}" stroke-width="2.5"/><circle cx="74" cy="24" r="12" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<circle cx="50" cy="50" r="34" fill="${f}" stroke="${i}" stroke-width="2.5"/><circle cx="38" cy="44" r="4" fill="${i}"/><circle cx="62" cy="44" r="4" fill="${i}"/>` +
    `<ellipse cx="50" cy="62" rx="12" ry="9" fill="${i}" opacity="0.4"/><circle cx="50" cy="59" r="4" fill="${i}"/>`,
  puzzle: (f, i) =>
    `<path d="M14 14 L42 14 C40 4 60 4 58 14 L86 14 L86 42 C96 40 96 60 86 58 L86 86 L14 86 L14 58 C24 60 24 40 14 42 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M50 14 L50 86 M14 50 L86 50" stroke="${i}" stroke-width="2" opacity="0.5"/>`,
  apple: (f, i) =>
    `<path d="M50 30 C36 18 12 24 14 52 C16 76 32 92 50 86 C68 92 84 76 86 52 C88 24 64 18 50 30 Z" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M50 30 C50 20 52 14 56 8" stroke="${i}" stroke-width="4" fill="none"/><path d="M56 16 C64 6 76 8 78 12 C70 20 62 20 56 16 Z" fill="${i}"/>`,
  cup: (f, i) =>
    `<path d="M20 28 L74 28 L68 88 L26 88 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="M72 40 C92 40 92 66 70 68" fill="none" stroke="${i}" stroke-width="5"/><path d="M36 8 C30 16 42 18 36 24 M52 8 C46 16 58 18 52 24" stroke="${i}" stroke-width="3" fill="none"/>`,
  paw: (f, i) =>
    `<ellipse cx="50" cy="66" rx="22" ry="18" fill="${f}" stroke="${i}" stroke-width="2.5"/><ellipse cx="22" cy="42" rx="9" ry="12" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<ellipse cx="40" cy="24" rx="9" ry="12" fill="${f}" stroke="${i}" stroke-width="2.5"/><ellipse cx="60" cy="24" rx="9" ry="12" fill="${f}" stroke="${i}" stroke-width="2.5"/><ellipse cx="78" cy="42" rx="9" ry="12" fill="${f}" stroke="${i}" stroke-width="2.5"/>`,
  fish: (f, i) =>
    `<path d="M10 50 C30 22 62 22 78 50 C62 78 30 78 10 50 Z" fill="${f}" stroke="${i}" stroke-width="2.5"/><path d="M76 50 L94 32 L94 68 Z" fill="${i}"/>` +
    `<circle cx="28" cy="46" r="4" fill="${i}"/>`,
  bag: (f, i) =>
    `<path d="M34 34 C34 12 66 12 66 34" fill="none" stroke="${i}" stroke-width="5"/><path d="M16 34 L84 34 L90 90 L10 90 Z" fill="${f}" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="40" y="46" width="20" height="8" rx="2" fill="${i}"/>`,
  bolt: (f, i) =>
    `<path d="M60 4 L20 56 L46 56 L36 96 L82 38 L54 38 Z" fill="#FACC15" stroke="${i}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M60 4 L54 38 L82 38" fill="${f}" opacity="0.25"/>`,
} satisfies Record<string, Glyph>;
