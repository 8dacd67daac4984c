import { z } from 'zod';

/**
 * Building blocks for query-string and path schemas, so every route reads numbers, ids
 * and pages the same way and answers bad values with the same 422 field errors.
 */

/** Largest value of a PostgreSQL `integer` column: a bigger id would be a database error, not a 404. */
export const MAX_ID = 2_147_483_647;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
/** Far beyond any real catalogue; keeps the offset an exact JavaScript integer. */
export const MAX_PAGE = 1_000_000;

/** A form sent without JavaScript submits fields left empty as `name=`: that means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** An optional whole number within [min, max] given as text. */
export const queryInt = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());

/** An optional decimal number within [min, max] given as text (prices, ratings). */
export const queryNumber = (min: number, max: number) => z.preprocess(blankToUndefined, z.coerce.number().min(min).max(max).optional());

/** An optional record id. */
export const queryId = () => queryInt(1, MAX_ID);

/** A required record id (query or path). */
export const requiredId = () => z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_ID));

/** One id or several separated by commas (`brand_id=3,7`), for multi-select filters. */
export const queryIdList = (maxItems = 50) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? given.split(',').map((part) => part.trim()) : given;
    },
    z.array(z.coerce.number().int().min(1).max(MAX_ID)).max(maxItems).optional(),
  );

/** Optional free text, trimmed, with a length limit (search boxes). */
export const queryText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional()).transform((value) => value || undefined);

export const paginationShape = {
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PAGE).default(1)),
  per_page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE)),
};

export const PaginationQuery = z.object(paginationShape);

export interface Page {
  page: number;
  per_page: number;
}

/** LIMIT and OFFSET of a page; a page past the end simply finds no rows. */
export function pageWindow({ page, per_page }: Page): { limit: number; offset: number } {
  return { limit: per_page, offset: (page - 1) * per_page };
}

/** A path segment naming a record by id (`12`) or slug (`urban-threads`). */
export const idOrSlug = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i)
    .transform((value): number | string => (/^\d+$/.test(value) ? Number(value) : value.toLowerCase()))
    .refine((value) => typeof value === 'string' || (value >= 1 && value <= MAX_ID), { error: 'The selected {{attribute}} is invalid.' });

/** A path segment that is a slug. */
export const slugParam = (maxLength: number) => z.string().max(maxLength).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i).transform((value) => value.toLowerCase());
