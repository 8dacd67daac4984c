/**
 * A kept page's flash-sale countdowns, brought to the second it is served
 * (components/flash-sale/SaleCountdown.astro; docs/decisions/018-page-cache.md "Countdowns").
 *
 * A countdown's HTML shows whole days, hours, minutes and seconds left: true for one second.
 * Rather than render a page with one again every second, the page cache keeps it like any
 * other and, as it serves it, writes each countdown's time left as of that second into the
 * kept bytes: the four `data-unit` cells (lib/countdown.ts countdownUnits, the rule of the
 * first render and of the script's ticks) and `data-remaining-ms`, which the script counts
 * down from. So the HTML is as true as a fresh render's, with JavaScript or without, however
 * old the copy.
 */
import { countdownUnits } from '../../lib/countdown';

/** A countdown's opening tag, as SaleCountdown.astro writes it: the time left, then the instant counted to. */
const COUNTDOWN = /data-countdown data-remaining-ms="\d+" data-target="([^"]+)"/g;
/** A unit's cell: `data-unit="seconds">07<`. */
const UNIT = /(data-unit="(days|hours|minutes|seconds)">)[^<]*</g;
const MARKER = 'data-countdown ';

const bytes = (body: Uint8Array) => Buffer.from(body.buffer, body.byteOffset, body.byteLength);

/**
 * The instants (ms) a kept page's countdowns count to, in page order (NaN for one that names
 * none); none for a page without one, found in its bytes without decoding them.
 */
export function keptCountdowns(body: Uint8Array): number[] {
  const raw = bytes(body);
  if (!raw.includes(MARKER)) return [];
  return [...raw.toString('utf8').matchAll(COUNTDOWN)].map((match) => Date.parse(match[1]!));
}

/** The whole seconds each countdown shows at `now`: what a served copy's countdowns say, the same within one such second. */
export function shownSeconds(targets: readonly number[], now: number): number[] {
  return targets.map((target) => (Number.isFinite(target) ? Math.max(0, Math.floor((target - now) / 1000)) : Number.NaN));
}

/**
 * The page with its countdowns as of `now` (ms): their cells showing the whole seconds left,
 * `data-remaining-ms` the time left to the millisecond. Served for the rest of that second
 * shown, it says up to a second more than is left, as a render served a moment later would.
 */
export function patchCountdowns(body: Uint8Array, now: number): Uint8Array {
  const html = bytes(body).toString('utf8');
  let out = '';
  let from = 0;
  for (const start of html.matchAll(COUNTDOWN)) {
    const target = Date.parse(start[1]!);
    if (!Number.isFinite(target)) continue;
    const left = Math.max(0, target - now);
    const units = countdownUnits(left);
    // Its cells: from its own tag to the end of its <time>.
    const close = html.indexOf('</time>', start.index);
    const end = close === -1 ? start.index + start[0].length : close;
    const own = html
      .slice(start.index, end)
      .replace(/data-remaining-ms="\d+"/, `data-remaining-ms="${left}"`)
      .replace(UNIT, (_cell, open: string, unit: keyof typeof units) => `${open}${units[unit]}<`);
    out += html.slice(from, start.index) + own;
    from = end;
  }
  return from === 0 ? body : new Uint8Array(Buffer.from(out + html.slice(from), 'utf8'));
}
