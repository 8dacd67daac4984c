/**
 * Whole numbers in payloads and queries (ids, quantities, ratings), read one way: a JSON
 * integer, or text of decimal digits only (a form field, a query parameter). Anything
 * else is refused with the field's "must be a number" error rather than guessed at: with
 * JavaScript's Number(), "0x10" would be 16, true 1, "1e1" 10 and " 2 " 2. No server
 * imports: islands validate with these too.
 */
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column: a bigger id would be a database error, not a 404. */
export const MAX_ID = 2_147_483_647;

/**
 * Text of decimal digits becomes its number; everything else stays as given, for zod to
 * refuse as not a number. A leading minus is read too, so "-3" is refused as below the
 * minimum, which says more than "not a number".
 */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
}

/** A whole number from `min` to `max`, as a JSON integer or decimal digits. */
export const wholeNumber = (min: number, max: number) => z.preprocess(digitsToNumber, z.number({ error: 'The {{attribute}} field must be a number.' }).int().min(min).max(max));

/** A positive database id. */
export const recordId = () => wholeNumber(1, MAX_ID);
