/**
 * A signed-in shopper's page built from the guest page's cached bytes
 * (docs/decisions/018-page-cache.md, "Signed-in pages from the guest copy").
 *
 * A page the page cache keeps for guests differs for a signed-in shopper only in what the
 * layout shows of them, each part a component of its own wrapped in `<Personal>`
 * (components/personal/Personal.astro), and in two attributes:
 * - the parts, between `<!--personal:NAME-->` and `<!--/personal:NAME-->`: the navbar's
 *   wishlist, cart and account; the "Become a Seller" link; the menu's account rows; the
 *   cart tab's figures; the session's dialogs;
 * - `data-signed-in` on `<body>`;
 * - each heart (`data-heart="ID" aria-pressed="false"`), pressed for their favourites.
 *
 * So their page is the guest's bytes with those put in: the parts rendered alone for them
 * (pages/personal-parts.astro), the attributes set from their favourites. A guest copy
 * whose marks are not each found once is never used (`personalPlan` answers null).
 */

export const PERSONAL_PARTS = ['seller-entry', 'navbar-account', 'menu-account', 'cart-tab-figures', 'session-dialogs'] as const;
export type PersonalPart = (typeof PERSONAL_PARTS)[number];

export const personalOpen = (name: PersonalPart) => `<!--personal:${name}-->`;
export const personalClose = (name: PersonalPart) => `<!--/personal:${name}-->`;

const GUEST_BODY_FLAG = 'data-signed-in="false"';
const HEART = /data-heart="(\d+)" aria-pressed="false"/g;
const PRESSED_FALSE = 'aria-pressed="false"';

type Slot =
  | { kind: 'part'; name: PersonalPart; start: number; end: number; islandPrefixes: string[] }
  | { kind: 'flag'; start: number; end: number }
  | { kind: 'heart'; productId: number; start: number; end: number };

/** Where a guest page's personal parts and attributes sit (byte offsets), in page order. */
export interface PersonalPlan {
  slots: Slot[];
  /** The products whose hearts the page shows. */
  heartIds: number[];
}

const plans = new WeakMap<Uint8Array, PersonalPlan | null>();

/** Each `prefix` of the islands in `html`, in order (React's id prefix of each island). */
const islandPrefixes = (html: string) => [...html.matchAll(/<astro-island [^>]*?\bprefix="([^"]*)"/g)].map((match) => match[1]!);

/** Where `mark` is in `text`: its offset when there once, -1 when absent, null when there more than once. */
function onlyOnce(text: string, mark: string): number | null {
  const at = text.indexOf(mark);
  return at >= 0 && text.indexOf(mark, at + mark.length) >= 0 ? null : at;
}

/**
 * The plan of a guest page's bytes (kept per body), or null when they cannot be
 * personalized: a part's marks not found exactly once each, or no guest `<body>` flag.
 * Offsets are bytes: the text is read as Latin-1, one character per byte.
 */
export function personalPlan(body: Uint8Array): PersonalPlan | null {
  const known = plans.get(body);
  if (known !== undefined) return known;
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
  const plan = planOf(text);
  plans.set(body, plan);
  return plan;
}

function planOf(text: string): PersonalPlan | null {
  const slots: Slot[] = [];
  for (const name of PERSONAL_PARTS) {
    const open = onlyOnce(text, personalOpen(name));
    const close = onlyOnce(text, personalClose(name));
    if (open === -1 && close === -1) continue; // this page's layout has no such part
    if (open === null || close === null || open < 0 || close < open) return null;
    const start = open + personalOpen(name).length;
    slots.push({ kind: 'part', name, start, end: close, islandPrefixes: islandPrefixes(text.slice(start, close)) });
  }
  if (!slots.some((slot) => slot.kind === 'part')) return null;
  const bodyTag = text.indexOf('<body');
  const flag = bodyTag < 0 ? -1 : text.indexOf(GUEST_BODY_FLAG, bodyTag);
  if (flag < 0 || flag > text.indexOf('>', bodyTag)) return null;
  slots.push({ kind: 'flag', start: flag, end: flag + GUEST_BODY_FLAG.length });
  const heartIds = new Set<number>();
  for (const match of text.matchAll(HEART)) {
    const productId = Number(match[1]);
    const start = match.index + match[0].length - PRESSED_FALSE.length;
    heartIds.add(productId);
    slots.push({ kind: 'heart', productId, start, end: start + PRESSED_FALSE.length });
  }
  slots.sort((a, b) => a.start - b.start);
  // A heart or the flag inside a part would be replaced twice: such a page is not personalized.
  for (let index = 1; index < slots.length; index += 1) if (slots[index]!.start < slots[index - 1]!.end) return null;
  return { slots, heartIds: [...heartIds] };
}

/** Each part of the shopper's own render (pages/personal-parts.astro), by name. */
export function personalPartsOf(html: string): Map<PersonalPart, string> {
  const parts = new Map<PersonalPart, string>();
  for (const name of PERSONAL_PARTS) {
    const open = html.indexOf(personalOpen(name));
    const close = html.indexOf(personalClose(name));
    if (open >= 0 && close > open) parts.set(name, html.slice(open + personalOpen(name).length, close));
  }
  return parts;
}

/** Astro's island runtime: the inline scripts and style a render puts before its first island. */
const RUNTIME = /<(script|style)>[\s\S]*?<\/\1>/g;

/**
 * A part as the shopper's own render gave it, made to fit the page it goes into:
 * - the island runtime a render puts before its first island (inline scripts, a style) is
 *   dropped when the page already has it outside this part (its first island came earlier);
 * - its islands take the id prefixes the page gave the guest's islands in the same place,
 *   so React's ids stay unique on the page.
 */
function fitted(html: string, page: Buffer, slot: Extract<Slot, { kind: 'part' }>): string {
  let fit = html.replace(RUNTIME, (element) => {
    const bytes = Buffer.from(element, 'utf8');
    const before = page.subarray(0, slot.start).indexOf(bytes) >= 0;
    return before || page.subarray(slot.end).indexOf(bytes) >= 0 ? '' : element;
  });
  let island = 0;
  fit = fit.replace(/(<astro-island [^>]*?\bprefix=")([^"]*)"/g, (whole, head: string) => {
    const prefix = slot.islandPrefixes[island++];
    return prefix === undefined ? whole : `${head}${prefix}"`;
  });
  return fit;
}

/**
 * The shopper's page: the guest's `body` with `parts` put in, the `<body>` flag set, and
 * the hearts of `favoriteIds` pressed. Throws when a part the page has is missing from
 * `parts` (the personal render and the layout disagree: a defect, never a guest's page).
 */
export function personalPage(body: Uint8Array, plan: PersonalPlan, parts: Map<PersonalPart, string>, favoriteIds: ReadonlySet<number>): Buffer {
  const page = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const pieces: Buffer[] = [];
  let at = 0;
  for (const slot of plan.slots) {
    let replacement: Buffer | null;
    if (slot.kind === 'part') {
      const html = parts.get(slot.name);
      if (html === undefined) throw new Error(`The personal part "${slot.name}" was not rendered.`);
      replacement = Buffer.from(fitted(html, page, slot), 'utf8');
    } else if (slot.kind === 'flag') {
      replacement = Buffer.from('data-signed-in="true"');
    } else {
      replacement = favoriteIds.has(slot.productId) ? Buffer.from('aria-pressed="true"') : null;
    }
    if (replacement === null) continue;
    pieces.push(page.subarray(at, slot.start), replacement);
    at = slot.end;
  }
  pieces.push(page.subarray(at));
  return Buffer.concat(pieces);
}
