/**
 * The profile contract (docs/product.md §7.4: GET /profile, POST /update-profile,
 * POST /change-password): payload schemas the API validates with; the answers carry the
 * UserDto of contracts/auth.ts. No server imports here.
 */
import { z } from 'zod';

export const GENDERS = ['male', 'female', 'other'] as const;

/** A blank form field ("" from a page without JavaScript) means "none". */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A calendar date written `YYYY-MM-DD` that exists (no 31 February). */
const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * POST /update-profile. Absent fields stay as they are; a blank gender, date of birth or
 * country clears it. The e-mail and phone may be sent back unchanged (clients post the
 * whole form); a different one needs the new address verified by a code first, which the
 * route refuses for now. Unknown fields are refused, not ignored, so a client learns
 * that `wallet_balance` or `is_active` are not its to set.
 */
export const UpdateProfilePayload = z.strictObject({
  name: z.string().trim().min(1).max(120),
  gender: z.preprocess(blankAsNull, z.enum(GENDERS).nullable().optional()),
  date_of_birth: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(10)
      .refine(isCalendarDate, { error: 'The date of birth field must be a valid date.' })
      .refine((value) => value >= '1900-01-01' && value < new Date().toISOString().slice(0, 10), { error: 'The date of birth field must be a date before today.' })
      .nullable()
      .optional(),
  ),
  country: z.preprocess(blankAsNull, z.string().trim().max(100).nullable().optional()),
  email: z.string().trim().max(190).optional(),
  phone: z.string().trim().max(30).optional(),
  phone_code: z.string().trim().max(8).optional(),
  /** Photo upload is not built yet; a photo sent is refused by name rather than dropped. */
  profile_photo: z.unknown().optional(),
});
export type UpdateProfilePayload = z.infer<typeof UpdateProfilePayload>;

/** POST /change-password (§7.4): the current password, the new one twice (§8.5 mismatch message). */
export const ChangePasswordPayload = z
  .strictObject({
    current_password: z.string().min(1).max(200),
    password: z.string().min(8).max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((payload) => payload.password === payload.password_confirmation, { path: ['password_confirmation'], error: 'Confirm Password does not match.' });
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayload>;
