/**
 * The account contract (docs/product.md §3 Auth state and User, §7 login, user, shop):
 * payload schemas the API validates with and response shapes the stores and islands
 * read. No server imports here.
 */
import { z } from 'zod';
import { Flag } from './flag';
import type { ShopStatus } from './seller';

/** The User shape; the only form in which a user leaves the server. */
export interface UserDto {
  id: number;
  name: string;
  phone: string | null;
  phone_code: string | null;
  country: string | null;
  email: string | null;
  profile_photo: string | null;
  gender: string | null;
  date_of_birth: string | null;
  phone_verified: boolean;
  email_verified: boolean;
  account_verified: boolean;
  is_active: boolean;
  wallet: { balance: number };
  /**
   * Present when the user has a shop (lib/shop-entry.ts reads it): `status` is its review
   * state (contracts/seller.ts), `status_reason` why it was rejected or suspended.
   */
  shop?: { id: number; name: string; logo: string | null; is_active: boolean; status: ShopStatus; status_reason: string | null };
}

/** POST /login: `phone` holds an e-mail address or a phone number (§3 Login payload). */
export const LoginPayload = z.object({
  phone: z.string().trim().min(1).max(190),
  password: z.string().min(1).max(200),
});
export type LoginPayload = z.infer<typeof LoginPayload>;

/** POST /login, and later /registration: the Bearer token and the user. */
export interface SignedInDto {
  access: { token: string; expires_at: string };
  user: UserDto;
}

/** POST /shop: the user's shop (or null) and where the shop entry leads. */
export interface ShopEntryDto {
  shop: UserDto['shop'] | null;
  redirect: string;
}

/**
 * POST /send-otp (docs/product.md §3.4 Forgot password, §7.2): `phone` holds an e-mail
 * address or a phone number, `phone_code` the country code of a phone number.
 */
/** A phone number's country code as typed: digits, optionally after "+". */
export const PhoneCode = z
  .string()
  .trim()
  .max(8)
  .regex(/^\+?\d*$/)
  .optional();

export const SendOtpPayload = z.object({
  phone: z.string().trim().min(1).max(190),
  phone_code: PhoneCode,
  forgot_password: Flag,
});

/** POST /verify-otp: the identifier the code went to and the 4 characters of the code (§5.1, §9.3). */
export const VerifyOtpPayload = z.object({
  phone: z.string().trim().min(1).max(190),
  phone_code: PhoneCode,
  // A client that joins the four boxes into a number sends 1234 rather than "1234".
  otp: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string()
      .trim()
      .min(1)
      .refine((value) => /^\d{4}$/.test(value), { error: 'The otp field must be 4 digits.' }),
  ),
  forgot_password: Flag,
});

/**
 * POST /reset-password (§3.4 Reset payload, §5.1): the new password twice and the token
 * a verified forgot-password code handed out.
 */
export const ResetPasswordPayload = z
  .object({
    password: z.string().min(8).max(200),
    password_confirmation: z.string().max(200),
    token: z.string().trim().min(1).max(200),
  })
  .refine((payload) => payload.password === payload.password_confirmation, { path: ['password_confirmation'], error: 'Confirm Password does not match.' });

/**
 * POST /registration (§3.4 Registration payload): the country by name with its phone
 * code. Whether a phone is required and its length come from the site settings (§5.2),
 * so the server checks those; an e-mail is always required (codes and receipts go there).
 */
export const RegistrationPayload = z.object({
  name: z.string().trim().min(1).max(120),
  country: z.string().trim().min(1).max(100),
  phone_code: PhoneCode,
  phone: z.string().trim().max(30).optional(),
  email: z.string().trim().max(190).pipe(z.email()),
  password: z.string().min(8).max(200),
});
export type RegistrationPayload = z.infer<typeof RegistrationPayload>;
