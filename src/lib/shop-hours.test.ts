import { describe, expect, it } from 'vitest';
import { shopOpenState, weekDaysOf } from './shop-hours';

const hours = { openingTime: '09:00', closingTime: '18:00', offDays: ['fri'] };
// 2026-11-26 is a Thursday, 2026-11-27 a Friday.
const at = (iso: string) => new Date(iso);

describe('shopOpenState (UTC)', () => {
  it('is Online from opening to just before closing on a working day', () => {
    expect(shopOpenState(hours, at('2026-11-26T09:00:00Z'))).toBe('Online');
    expect(shopOpenState(hours, at('2026-11-26T17:59:00Z'))).toBe('Online');
  });

  it('is Offline before opening, from closing on, on an off day and without hours', () => {
    expect(shopOpenState(hours, at('2026-11-26T08:59:00Z'))).toBe('Offline');
    expect(shopOpenState(hours, at('2026-11-26T18:00:00Z'))).toBe('Offline');
    expect(shopOpenState(hours, at('2026-11-27T12:00:00Z'))).toBe('Offline');
    expect(shopOpenState({ openingTime: null, closingTime: null, offDays: [] }, at('2026-11-26T12:00:00Z'))).toBe('Offline');
  });
});

describe('weekDaysOf', () => {
  it('keeps known days in week order and drops anything else', () => {
    expect(weekDaysOf(['sat', 'sun', 'funday', 3])).toEqual(['sun', 'sat']);
    expect(weekDaysOf(null)).toEqual([]);
  });
});
