/**
 * A shop's opening hours (docs/decisions/017-sellers.md): "HH:MM" 24-hour times and the
 * week days it is closed. The seller app shows "Online" or "Offline" from them. There is
 * no shop time zone yet, so the hours are read in UTC.
 * Loaded by plain Node for the operator commands (ADR 004): no imports with aliases.
 */
import { WEEK_DAYS, type WeekDay } from '../contracts/seller.ts';

export type OpenState = 'Online' | 'Offline';

/** "Online" from opening (included) to closing (excluded) on a day that is not an off day, in UTC; "Offline" otherwise or without hours. */
export function shopOpenState(hours: { openingTime: string | null; closingTime: string | null; offDays: readonly string[] }, now: Date): OpenState {
  const { openingTime, closingTime, offDays } = hours;
  if (!openingTime || !closingTime) return 'Offline';
  const day: WeekDay = WEEK_DAYS[now.getUTCDay()]!;
  if (offDays.includes(day)) return 'Offline';
  const time = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
  return time >= openingTime && time < closingTime ? 'Online' : 'Offline';
}

/** The stored off days a seller may see: known days only, in week order. */
export function weekDaysOf(stored: unknown): WeekDay[] {
  const given = Array.isArray(stored) ? stored : [];
  return WEEK_DAYS.filter((day) => given.includes(day));
}
