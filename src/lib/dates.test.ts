import { describe, expect, it } from 'vitest';
import { dayMonthYear } from './dates';

describe('dayMonthYear', () => {
  it('writes "d M, Y" in UTC: two-digit day, English short month, year', () => {
    expect(dayMonthYear(new Date('2025-05-05T10:00:00Z'))).toBe('05 May, 2025');
    expect(dayMonthYear(new Date('2026-12-31T23:59:59Z'))).toBe('31 Dec, 2026');
    expect(dayMonthYear(new Date('2026-01-01T00:30:00+02:00'))).toBe('31 Dec, 2025');
  });
});
