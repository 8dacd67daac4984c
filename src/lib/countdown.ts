/** Time left, split the way a countdown shows it. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms` (rounded down; never negative). */
export function splitDuration(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Two digits for hours, minutes and seconds; days as they are. */
export function padUnit(value: number): string {
  return String(value).padStart(2, '0');
}

export const COUNTDOWN_UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/** What each unit of a countdown shows for `ms` left: the server's first render and every tick alike. */
export function countdownUnits(ms: number): Record<(typeof COUNTDOWN_UNITS)[number], string> {
  const parts = splitDuration(ms);
  return { days: String(parts.days), hours: padUnit(parts.hours), minutes: padUnit(parts.minutes), seconds: padUnit(parts.seconds) };
}

export interface SaleDates {
  status: 'upcoming' | 'running' | 'ended';
  start_date: string;
  end_date: string;
}

/**
 * What a flash sale counts down to: its end while it runs, its start before that, and
 * nothing once it has ended. `remainingMs` is measured from `now`.
 */
export function saleCountdown(sale: SaleDates, now: number): { kind: 'ends' | 'starts'; target: string; remainingMs: number } | null {
  if (sale.status === 'ended') return null;
  const target = sale.status === 'running' ? sale.end_date : sale.start_date;
  return { kind: sale.status === 'running' ? 'ends' : 'starts', target, remainingMs: Math.max(0, Date.parse(target) - now) };
}
