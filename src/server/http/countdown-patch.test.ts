import { describe, expect, it } from 'vitest';
import { keptCountdowns, patchCountdowns, shownSeconds } from './countdown-patch';

/** A countdown as components/flash-sale/SaleCountdown.astro writes it, showing `units`. */
const countdown = (target: string, remainingMs: number, units: [string, string, string, string]) =>
  `<div class="flex" data-countdown data-remaining-ms="${remainingMs}" data-target="${target}" data-done="Ended."><span>Ends in</span>` +
  `<time role="timer" datetime="${target}">` +
  ['days', 'hours', 'minutes', 'seconds'].map((unit, index) => `<span><span class="font-bold" data-unit="${unit}">${units[index]}</span><span>${unit}</span></span>`).join('') +
  `</time></div>`;

const bytes = (html: string) => new TextEncoder().encode(html);
const html = (body: Uint8Array) => new TextDecoder().decode(body);

describe('countdown patch', () => {
  const ends = '2026-12-01T10:00:00.500Z';
  const starts = '2026-11-30T09:00:00.000Z';
  const page = bytes(`<main><p>Sale</p>${countdown(ends, 1, ['1', '00', '00', '00'])}<p data-unit="x">kept</p>${countdown(starts, 1, ['0', '00', '00', '00'])}</main>`);

  it('finds the instants the countdowns count to, in page order', () => {
    expect(keptCountdowns(page)).toEqual([Date.parse(ends), Date.parse(starts)]);
    expect(keptCountdowns(bytes('<main><p>No sale</p></main>'))).toEqual([]);
  });

  it('counts whole seconds left, never below zero', () => {
    const now = Date.parse('2026-11-30T08:59:58.750Z');
    expect(shownSeconds([Date.parse(starts), Date.parse(ends), now - 5_000], now)).toEqual([1, 90_001, 0]);
  });

  it('writes each countdown’s time left into its own cells and nothing else', () => {
    const now = Date.parse('2026-11-30T08:59:58.750Z');
    const patched = html(patchCountdowns(page, now));
    // Ends: 1 day 1 h 0 min 1.75 s left; starts: 1.25 s left.
    expect(patched).toBe(
      html(page)
        .replace(countdown(ends, 1, ['1', '00', '00', '00']), countdown(ends, 90_001_750, ['1', '01', '00', '01']))
        .replace(countdown(starts, 1, ['0', '00', '00', '00']), countdown(starts, 1_250, ['0', '00', '00', '01'])),
    );
    expect(patched).toContain('<p data-unit="x">kept</p>');
  });

  it('hands back the same bytes for a page without a countdown', () => {
    const plain = bytes('<main><p>No sale</p></main>');
    expect(patchCountdowns(plain, Date.now())).toBe(plain);
  });
});
