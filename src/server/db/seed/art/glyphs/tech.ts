import type { Glyph } from '../glyphs.ts';

const edge = (i: string) => `stroke="${i}" stroke-width="2.5" stroke-linejoin="round"`;

/** Electronics and their accessories. */
export const TECH_GLYPHS = {
  earbuds: (f, i) =>
    `<rect x="24" y="56" width="52" height="36" rx="16" fill="${f}" ${edge(i)}/><path d="M26 70 L74 70" stroke="${i}" stroke-width="2"/><circle cx="50" cy="82" r="2.5" fill="${i}"/>` +
    [34, 66]
      .map(
        (x) =>
          `<rect x="${x - 4}" y="30" width="8" height="24" rx="4" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
          `<circle cx="${x}" cy="26" r="12" fill="${f}" stroke="${i}" stroke-width="2.5"/><circle cx="${x}" cy="26" r="5" fill="${i}"/>`,
      )
      .join(''),
  speaker: (f, i) =>
    `<rect x="26" y="8" width="48" height="84" rx="8" fill="${f}" ${edge(i)}/><circle cx="50" cy="30" r="10" fill="${i}"/><circle cx="50" cy="30" r="4" fill="${f}"/>` +
    `<circle cx="50" cy="64" r="17" fill="${i}"/><circle cx="50" cy="64" r="7" fill="${f}"/>`,
  soundbar: (f, i) =>
    `<path d="M38 30 C44 24 56 24 62 30 M30 22 C42 10 58 10 70 22" fill="none" stroke="${i}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="4" y="40" width="92" height="22" rx="10" fill="${f}" ${edge(i)}/>` +
    Array.from({ length: 9 }, (_, k) => `<circle cx="${18 + k * 8}" cy="51" r="2" fill="${i}" opacity="0.6"/>`).join('') +
    `<rect x="16" y="62" width="10" height="5" fill="${i}"/><rect x="74" y="62" width="10" height="5" fill="${i}"/>`,
  webcam: (f, i) =>
    `<path d="M26 88 L74 88 L66 76 L34 76 Z" fill="${f}" ${edge(i)}/><rect x="46" y="64" width="8" height="13" fill="${i}"/>` +
    `<circle cx="50" cy="40" r="26" fill="${f}" ${edge(i)}/><circle cx="50" cy="40" r="12" fill="${i}"/><circle cx="50" cy="40" r="5" fill="${f}"/><circle cx="69" cy="25" r="2.5" fill="${i}"/>`,
  smartwatch: (f, i) =>
    `<rect x="36" y="4" width="28" height="92" rx="6" fill="${i}"/><rect x="26" y="24" width="48" height="52" rx="12" fill="${i}"/>` +
    `<rect x="31" y="29" width="38" height="42" rx="8" fill="${f}"/><rect x="73" y="42" width="6" height="12" rx="2" fill="${i}"/>` +
    `<path d="M35 51 L43 51 L47 41 L53 61 L57 51 L65 51" fill="none" stroke="${i}" stroke-width="2.5" stroke-linejoin="round"/>`,
  powerBank: (f, i) =>
    `<rect x="22" y="10" width="56" height="80" rx="10" fill="${f}" ${edge(i)}/>` +
    `<rect x="36" y="28" width="28" height="8" rx="2" fill="${i}"/><rect x="36" y="42" width="28" height="8" rx="2" fill="${i}"/><rect x="36" y="56" width="28" height="8" rx="2" fill="${i}" opacity="0.3"/>` +
    `<rect x="42" y="78" width="16" height="4" rx="2" fill="${i}"/><path d="M52 14 L46 21 L51 21 L48 26" fill="none" stroke="${i}" stroke-width="1.8"/>`,
  cable: (f, i) =>
    `<path d="M20 72 C20 36 80 64 80 28" fill="none" stroke="${i}" stroke-width="6"/><path d="M20 72 C20 36 80 64 80 28" fill="none" stroke="${f}" stroke-width="2" stroke-dasharray="3 3"/>` +
    `<rect x="12" y="70" width="16" height="16" rx="4" fill="${f}" ${edge(i)}/><rect x="15" y="86" width="10" height="8" rx="2" fill="${i}"/>` +
    `<rect x="72" y="14" width="16" height="16" rx="4" fill="${f}" ${edge(i)}/><rect x="75" y="6" width="10" height="8" rx="2" fill="${i}"/>`,
  chargingPad: (f, i) =>
    `<path d="M38 38 C44 32 56 32 62 38 M30 28 C40 18 60 18 70 28" fill="none" stroke="${i}" stroke-width="3.5" stroke-linecap="round"/>` +
    `<ellipse cx="50" cy="68" rx="40" ry="14" fill="${i}"/><ellipse cx="50" cy="63" rx="40" ry="14" fill="${f}" stroke="${i}" stroke-width="2.5"/>` +
    `<path d="M53 54 L45 64 L51 64 L47 72 L57 61 L51 61 Z" fill="${i}"/>`,
  phoneCase: (f, i) =>
    `<rect x="26" y="6" width="48" height="88" rx="12" fill="${f}" ${edge(i)}/><rect x="32" y="12" width="20" height="26" rx="6" fill="${i}"/>` +
    `<circle cx="42" cy="20" r="4" fill="${f}"/><circle cx="42" cy="31" r="4" fill="${f}"/><rect x="74" y="26" width="4" height="14" rx="2" fill="${i}"/>` +
    `<circle cx="50" cy="64" r="8" fill="none" stroke="${i}" stroke-width="2.5"/>`,
  laptopSleeve: (f, i) =>
    `<rect x="14" y="12" width="72" height="20" rx="3" fill="${i}"/><rect x="8" y="22" width="84" height="62" rx="10" fill="${f}" ${edge(i)}/>` +
    `<path d="M8 34 L92 34" stroke="${i}" stroke-width="2" stroke-dasharray="3 3"/><rect x="78" y="30" width="8" height="12" rx="2" fill="${i}"/>` +
    `<rect x="34" y="52" width="32" height="14" rx="3" fill="none" stroke="${i}" stroke-width="2"/>`,
} satisfies Record<string, Glyph>;
