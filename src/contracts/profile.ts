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
 * POST /update-profile, as JSON, a urlencoded form or multipart form data (the photo).
 * Absent fields stay as they are; a blank gender, date of birth or country clears it.
 * The e-mail and phone may be sent back unchanged (clients post the whole form); a
 * different one is not changed yet: a code goes to the new one, and POST
 * /update-profile/verify with that code makes the change. `profile_photo` is an image
 * file (multipart only): jpg, png or webp up to 2 MB, judged by its content. Unknown
 * fields are refused, not ignored, so a client learns that `wallet_balance` or
 * `is_active` are not its to set.
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
  /** A File from multipart form data; the route checks it (anything else is refused by name). */
  profile_photo: z.unknown().optional(),
});
export type UpdateProfilePayload = z.infer<typeof UpdateProfilePayload>;

/** The largest profile photo accepted, in bytes (2 MB). */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The largest multipart profile post: a 2 MB photo and the form around it; more is refused unread (413). */
export const PROFILE_UPLOAD_MAX_BYTES = PROFILE_PHOTO_MAX_BYTES + 512 * 1024;

export const CONTACT_FIELDS = ['email', 'phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** A new e-mail or phone waiting for its code: which one, and where the code went. */
export interface ContactChangeDto {
  field: ContactField;
  sent_to: string;
}

/**
 * POST /update-profile/verify: the code sent to the new e-mail or phone. `field` says
 * which change it confirms; without it, the latest one asked for.
 */
export const VerifyContactPayload = z.strictObject({
  otp: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string()
      .trim()
      .min(1)
      .refine((value) => /^\d{4}$/.test(value), { error: 'The otp field must be 4 digits.' }),
  ),
  field: z.preprocess((value) => (value === '' ? undefined : value), z.enum(CONTACT_FIELDS).optional()),
});

/** POST /update-profile/resend: a new code for the waiting change of `field`. */
export const ResendContactPayload = z.strictObject({
  field: z.enum(CONTACT_FIELDS),
});

/** POST /change-password (§7.4): the current password, the new one twice (§8.5 mismatch message). */
export const ChangePasswordPayload = z
  .strictObject({
    current_password: z.string().min(1).max(200),
    password: z.string().min(8).max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((payload) => payload.password === payload.password_confirmation, { path: ['password_confirmation'], error: 'Confirm Password does not match.' });
export type ChangePasswordPayload = z.infer<typeof ChangePasswordPayload>;
