import { describe, expect, it } from 'vitest';
import { countdownUnits, padUnit, saleCountdown, splitDuration } from './countdown';

describe('splitDuration', () => {
  it('splits milliseconds into whole days, hours, minutes and seconds', () => {
    const ms = (((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000 + 999;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('never goes below zero', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('rolls over at each unit boundary', () => {
    expect(splitDuration(59_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(splitDuration(60_000)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(splitDuration(86_400_000 - 1)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
  });
});

describe('padUnit', () => {
  it('gives two digits', () => {
    expect(padUnit(7)).toBe('07');
    expect(padUnit(42)).toBe('42');
  });
});

describe('saleCountdown', () => {
  const sale = { start_date: '2030-01-02T00:00:00.000Z', end_date: '2030-01-05T00:00:00.000Z' };
  const now = Date.parse('2030-01-01T00:00:00.000Z');

  it('counts down to the end of a running sale', () => {
    expect(saleCountdown({ ...sale, status: 'running' }, now)).toEqual({ kind: 'ends', target: sale.end_date, remainingMs: 4 * 86_400_000 });
  });

  it('counts down to the start of an upcoming sale', () => {
    expect(saleCountdown({ ...sale, status: 'upcoming' }, now)).toEqual({ kind: 'starts', target: sale.start_date, remainingMs: 86_400_000 });
  });

  it('has nothing to count for an ended sale', () => {
    expect(saleCountdown({ ...sale, status: 'ended' }, now)).toBeNull();
  });

  it('does not count below zero when the status is a moment old', () => {
    expect(saleCountdown({ ...sale, status: 'running' }, Date.parse(sale.end_date) + 10)?.remainingMs).toBe(0);
  });
});

describe('countdownUnits', () => {
  it('shows days as they are and the other units in two digits', () => {
    expect(countdownUnits(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: '2', hours: '03', minutes: '04', seconds: '05' });
    expect(countdownUnits(0)).toEqual({ days: '0', hours: '00', minutes: '00', seconds: '00' });
  });
});
