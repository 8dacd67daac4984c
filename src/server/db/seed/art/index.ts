import { glyph, type GlyphName } from './glyphs.ts';

/** An SVG drawing in its own coordinate box; the renderer scales it to each width. */
export interface Art {
  width: number;
  height: number;
  body: string;
  /** QR codes must stay crisp: lossy compression would blur the modules. */
  lossless?: boolean;
}

const FONT = `font-family="DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"`;

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360}, ${s}%, ${l}%)`;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Renderers cannot measure text, so fit by the average width of a bold glyph, about 0.64 em. */
function fitFont(text: string, maxWidth: number, preferred: number): number {
  return Math.min(preferred, Math.floor(maxWidth / (text.length * 0.64)));
}

function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

const gradient = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

/** Four looks per product type so a gallery of up to four pictures never repeats. */
export function productArt(name: GlyphName, hue: number, variant: number): Art {
  const h = hue + [0, 28, -24, 52][variant % 4]!;
  const fill = hsl(h, 62, 56);
  const ink = hsl(h, 48, 22);
  const bg = gradient('bg', hsl(h, 70, 95), hsl(h, 55, 82));
  let body = `${bg}<rect width="800" height="800" fill="url(#bg)"/>`;
  if (variant % 4 === 0) {
    body += `<circle cx="400" cy="390" r="300" fill="#fff" opacity="0.7"/>${glyph(name, 400, 390, 460, fill, ink)}`;
  } else if (variant % 4 === 1) {
    const stripes = Array.from(
      { length: 12 },
      (_, k) => `<rect x="${k * 140 - 400}" y="-100" width="50" height="1200" fill="#fff" opacity="0.35" transform="rotate(30 400 400)"/>`,
    ).join('');
    body += `${stripes}${glyph(name, 420, 400, 500, fill, ink, -12)}`;
  } else if (variant % 4 === 2) {
    body += `<rect width="800" height="800" fill="${hsl(h, 40, 30)}"/>${glyph(name, 430, 440, 760, hsl(h, 65, 62), hsl(h, 50, 16), 8)}`;
  } else {
    const swatches = [0, 120, 240].map((d, k) => `<circle cx="${300 + k * 100}" cy="700" r="34" fill="${hsl(h + d, 60, 55)}" stroke="#fff" stroke-width="8"/>`).join('');
    body += `<ellipse cx="400" cy="600" rx="260" ry="40" fill="${ink}" opacity="0.18"/>${glyph(name, 400, 340, 420, fill, ink)}${swatches}`;
  }
  return { width: 800, height: 800, body };
}

export function tileArt(name: GlyphName, hue: number): Art {
  const body =
    `${gradient('bg', hsl(hue, 75, 94), hsl(hue, 60, 84))}<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="200" cy="200" r="150" fill="#fff" opacity="0.75"/>${glyph(name, 200, 200, 220, hsl(hue, 62, 55), hsl(hue, 48, 22))}`;
  return { width: 400, height: 400, body };
}

const initials = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export function monogramArt(name: string, hue: number, round = true): Art {
  const text = initials(name);
  const shape = round ? `<circle cx="200" cy="200" r="200" fill="url(#bg)"/>` : `<rect width="400" height="400" rx="64" fill="url(#bg)"/>`;
  const body =
    `${gradient('bg', hsl(hue, 70, 52), hsl(hue + 30, 70, 38))}${shape}` +
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-size="${text.length > 1 ? 160 : 200}" fill="#fff" ${FONT}>${escapeXml(text)}</text>`;
  return { width: 400, height: 400, body };
}

export function wordmarkArt(name: string, hue: number): Art {
  const size = fitFont(name, 270, 64);
  const body =
    `<rect width="400" height="200" rx="24" fill="#fff"/><circle cx="70" cy="100" r="44" fill="${hsl(hue, 65, 48)}"/>` +
    `<text x="70" y="100" dy="0.35em" text-anchor="middle" font-size="48" fill="#fff" ${FONT}>${escapeXml(initials(name).slice(0, 1))}</text>` +
    `<text x="128" y="100" dy="0.35em" font-size="${size}" fill="${hsl(hue, 45, 22)}" ${FONT}>${escapeXml(name)}</text>`;
  return { width: 400, height: 200, body };
}

/** Wide promotional art with a headline, a tagline and a call to action. */
export function bannerArt(title: string, subtitle: string, hue: number, name: GlyphName, width = 1600, height = 500): Art {
  const s = height / 500;
  const r = Math.min(230 * s, width * 0.16);
  const cx = width - r - 90 * s;
  const left = 90 * s;
  const textWidth = cx - r - 60 * s - left;
  const charsAt = (size: number) => Math.max(8, Math.floor(textWidth / (size * 0.64)));
  let size = 84 * s;
  while (size > 44 * s && wrap(title, charsAt(size), 99).length > 2) size -= 4 * s;
  const lines = wrap(title, charsAt(size), 2);
  const subSize = Math.max(24 * s, Math.min(40 * s, fitFont(subtitle, textWidth, 40 * s)));
  const sub = wrap(subtitle, charsAt(subSize), 1)[0] ?? '';
  const lineHeight = size * 1.15;
  const block = lines.length * lineHeight + subSize * 1.4 + 110 * s;
  const top = (height - block) / 2 + size;
  const text = lines.map((line, k) => `<text x="${left}" y="${top + k * lineHeight}" font-size="${size}" fill="#fff" ${FONT}>${escapeXml(line)}</text>`).join('');
  const subY = top + (lines.length - 1) * lineHeight + subSize * 1.9;
  const body =
    `${gradient('bg', hsl(hue, 72, 46), hsl(hue + 35, 70, 30))}<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="${cx}" cy="${height / 2}" r="${r * 1.55}" fill="#fff" opacity="0.12"/><circle cx="${cx}" cy="${height / 2}" r="${r}" fill="#fff" opacity="0.9"/>` +
    glyph(name, cx, height / 2, r * 1.3, hsl(hue, 65, 55), hsl(hue, 50, 20)) +
    text +
    `<text x="${left}" y="${subY}" font-size="${subSize}" fill="#fff" opacity="0.92" ${FONT}>${escapeXml(sub)}</text>` +
    `<rect x="${left}" y="${subY + 30 * s}" width="${230 * s}" height="${64 * s}" rx="${32 * s}" fill="#fff"/>` +
    `<text x="${left + 115 * s}" y="${subY + 62 * s}" dy="0.35em" text-anchor="middle" font-size="${28 * s}" fill="${hsl(hue, 60, 30)}" ${FONT}>Shop now</text>`;
  return { width, height, body };
}

export function blogArt(title: string, hue: number, name: GlyphName): Art {
  const lines = wrap(title, 26, 3);
  const text = lines.map((line, k) => `<text x="48" y="${300 - (lines.length - 1 - k) * 50}" font-size="40" fill="#fff" ${FONT}>${escapeXml(line)}</text>`).join('');
  const body =
    `${gradient('bg', hsl(hue, 55, 40), hsl(hue + 40, 60, 22))}<rect width="800" height="450" fill="url(#bg)"/>` +
    glyph(name, 650, 130, 200, hsl(hue, 60, 70), hsl(hue, 40, 92), 10) +
    text +
    `<rect x="48" y="340" width="120" height="8" rx="4" fill="#fff" opacity="0.8"/>`;
  return { width: 800, height: 450, body };
}

export function logoArt(appName: string, onDark: boolean): Art {
  const split = Math.ceil(appName.length / 2);
  const first = onDark ? '#FB7190' : '#1F2937';
  const body =
    `<rect x="8" y="40" width="120" height="120" rx="28" fill="#E11D56"/>${glyph('bag', 68, 100, 92, '#FFF1F3', '#4C051D')}` +
    `<text x="150" y="100" dy="0.35em" font-size="104" ${FONT}><tspan fill="${first}">${escapeXml(appName.slice(0, split))}</tspan><tspan fill="#E11D56">${escapeXml(appName.slice(split))}</tspan></text>`;
  return { width: 800, height: 200, body };
}

const SOCIAL: Record<string, (size: number) => string> = {
  facebook: () =>
    `<circle cx="100" cy="100" r="100" fill="#1877F2"/><path d="M110 170 L110 110 L132 110 L136 84 L110 84 L110 68 C110 60 113 55 124 55 L137 55 L137 32 C133 31 124 30 114 30 C92 30 82 43 82 64 L82 84 L60 84 L60 110 L82 110 L82 170 Z" fill="#fff"/>`,
  x: () => `<circle cx="100" cy="100" r="100" fill="#000"/><path d="M52 50 L88 50 L150 150 L114 150 Z" fill="#fff"/><path d="M140 50 L62 150" stroke="#fff" stroke-width="12"/>`,
  instagram: () =>
    `${gradient('ig', '#F58529', '#8134AF')}<rect width="200" height="200" rx="48" fill="url(#ig)"/><rect x="45" y="45" width="110" height="110" rx="32" fill="none" stroke="#fff" stroke-width="12"/><circle cx="100" cy="100" r="26" fill="none" stroke="#fff" stroke-width="12"/><circle cx="136" cy="64" r="8" fill="#fff"/>`,
  youtube: () => `<rect y="30" width="200" height="140" rx="40" fill="#FF0000"/><path d="M80 65 L140 100 L80 135 Z" fill="#fff"/>`,
};

export function socialArt(name: string): Art {
  const draw = SOCIAL[name];
  if (!draw) throw new Error(`No icon for social network ${name}`);
  return { width: 200, height: 200, body: draw(200) };
}

const PAYMENT_COLOURS: Record<string, string> = { stripe: '#635BFF', paypal: '#003087', bkash: '#E2136E', razorpay: '#0C2451' };

export function paymentArt(name: string, title: string): Art {
  const colour = PAYMENT_COLOURS[name] ?? '#374151';
  const body =
    `<rect width="400" height="200" rx="24" fill="#fff" stroke="#E5E7EB" stroke-width="4"/>` +
    `<text x="200" y="100" dy="0.35em" text-anchor="middle" font-size="${fitFont(title, 320, 80)}" fill="${colour}" ${FONT}>${escapeXml(title)}</text>`;
  return { width: 400, height: 200, body };
}

/** A silhouette avatar for shoppers who never uploaded a photo. */
export function personArt(hue: number): Art {
  const body =
    `<rect width="400" height="400" fill="${hsl(hue, 55, 88)}"/><circle cx="200" cy="160" r="80" fill="${hsl(hue, 40, 45)}"/>` +
    `<path d="M50 400 C50 290 120 250 200 250 C280 250 350 290 350 400 Z" fill="${hsl(hue, 40, 45)}"/>`;
  return { width: 400, height: 400, body };
}

/** Flash sales get a lightning bolt in the picture circle. */
export function flashSaleArt(title: string, subtitle: string, hue: number): Art {
  return bannerArt(title, subtitle, hue, 'bolt');
}
