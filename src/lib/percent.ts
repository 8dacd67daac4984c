/**
 * Percentages of money in integer arithmetic. Rates are stored as numeric(5,2) text
 * ("7.50"); amounts are minor units. Integer maths means a half cent is never a float's
 * 0.4999 and the same figures always round the same way.
 */

/** "7.5" / "7.50" / 7.5 → 750 (hundredths of a percent). Anything else is a programming error. */
export function basisPoints(percent: string | number): number {
  const text = typeof percent === 'number' ? percent.toFixed(2) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a percentage: ${String(percent)}`);
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (points > 10_000) throw new RangeError(`A percentage above 100: ${String(percent)}`);
  return points;
}

/** `points` hundredths of a percent of `amount` minor units, rounded half up to a whole minor unit. */
export function percentOf(amount: number, points: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`An amount in minor units, got ${amount}`);
  return Math.floor((2 * amount * points + 10_000) / 20_000);
}
