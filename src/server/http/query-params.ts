import { z } from 'zod';
import { MAX_ID, recordId, wholeNumber } from '../../contracts/numbers';

/**
 * Building blocks for query-string and path schemas, so every route reads numbers and ids
 * the same way and answers bad values with the same 422 field errors. Blank parameters
 * never reach these: `validQuery` drops them first (validation.ts), so `brand_id=` is
 * simply absent. `page` and `per_page` are read by `paginationFields` (lib/pagination.ts).
 */

export { MAX_ID };

/** An optional whole number within [min, max] given as decimal digits (contracts/numbers.ts: "0x10" or "1e1" is refused). */
export const queryInt = (min: number, max: number) => wholeNumber(min, max).optional();

/** An optional decimal number within [min, max] given as text (prices, ratings). */
export const queryNumber = (min: number, max: number) => z.coerce.number().min(min).max(max).optional();

/** An optional record id. */
export const queryId = () => queryInt(1, MAX_ID);

/** A required record id (query or path); absent, it is "required" rather than "not a number". */
export const requiredId = () => recordId();

/** One id or several separated by commas (`brand_id=3,7`), for multi-select filters. */
export const queryIdList = (maxItems = 50) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(recordId()).max(maxItems).optional(),
  );

/** Optional free text, trimmed, with a length limit (search boxes). */
export const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

/** A path segment naming a record by id (`12`) or slug (`urban-threads`). */
/**
 * A slug: letters and digits of any script in hyphen-joined runs, so the Arabic and Persian
 * slugs of translated content (docs/product.md §9.1) are slugs too.
 */
const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

export const idOrSlug = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(SLUG)
    .transform((value): number | string => (/^\d+$/.test(value) ? Number(value) : value.toLowerCase()))
    .refine((value) => typeof value === 'string' || (value >= 1 && value <= MAX_ID), { error: 'The selected {{attribute}} is invalid.' });

/** A path segment that is a slug. */
export const slugParam = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(SLUG)
    .transform((value) => value.toLowerCase());
