/**
 * A yes/no field of a payload, read one way everywhere: true/false, 1/0, their text forms
 * "1"/"0"/"true"/"false", a checkbox's "on", or blank (a form's unticked box) for no.
 * No server imports: islands validate with it too. Loaded by plain Node through the
 * database schema (contracts/address.ts), so imports here keep their extensions.
 */
import { z } from 'zod';

const YesNo = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on', ''])]);

const isYes = (value: z.output<typeof YesNo>) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on';

/** A flag that is no when absent. */
export const Flag = YesNo.optional().transform((value) => value !== undefined && isYes(value));

/** A flag that stays absent when absent: an update that leaves the field as it is. */
export const OptionalFlag = YesNo.optional().transform((value) => (value === undefined ? undefined : isYes(value)));
