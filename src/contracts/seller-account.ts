/**
 * The seller account contract (docs/product.md §6.3, docs/decisions/017-sellers.md): shop
 * registration, the seller's sign-in, the seller's own profile and shop settings under
 * `/api/seller`. The answers keep the original seller app's `SellerUser` shape; ours adds
 * the review `status` and `status_reason`. No server imports here.
 */
import { z } from 'zod';
import { PhoneCode, VerifyOtpPayload } from './auth';
import { Flag, OptionalFlag } from './flag';
import { recordId } from './numbers';
import { UpdateProfilePayload } from './profile';
import { WEEK_DAYS, type ShopStatus, type WeekDay } from './seller';
import { nestFormTranslations, translationsSchema, type TextFieldSpec, type Translations } from './translations';

/** The seller's shop as the seller sees it (not the shoppers' Shop of docs/product.md §3.5). */
export interface SellerShopDto {
  id: number;
  name: string;
  logo: string | null;
  banner: string | null;
  address: string | null;
  /** "HH:mm", 24-hour; null when not set. */
  open_time: string | null;
  close_time: string | null;
  off_day: WeekDay[];
  /** The shop's order codes start with it ("#RS000123"). */
  prefix: string;
  estimated_delivery_time: string | null;
  /** Decimals in the site's default currency (amounts are kept in minor units). */
  min_order_amount: number;
  delivery_charge: number;
  /** "Online" between opening and closing on a day that is not an off day (UTC), else "Offline". */
  shop_status: ShopOpenState;
  total_products: number;
  total_categories: number;
  rating: number;
  total_reviews: number;
  short_description: string | null;
  /** The seller's own text, plain (shoppers see it as sanitised HTML). */
  description: string | null;
  phone: string | null;
  email: string | null;
  /** Where the shop is in its review: only an active shop sells. */
  status: ShopStatus;
  /** Why it was rejected or suspended; null otherwise. */
  status_reason: string | null;
  /** The shop's name and descriptions in its other languages (docs/product.md §9.1), descriptions plain as above. */
  translations: Translations<'name' | 'short_description' | 'description' | 'estimated_delivery_time'>;
}

export type ShopOpenState = 'Online' | 'Offline';

/** GET /api/seller/details and the other account answers: the seller and the shop. */
export interface SellerUser {
  id: number;
  first_name: string;
  last_name: null;
  phone: string | null;
  email: string | null;
  gender: string | null;
  date_of_birth: string | null;
  profile_photo: string | null;
  is_active: boolean;
  shop_status: ShopOpenState;
  shop: SellerShopDto;
  banners: { id: number; title: string; thumbnail: string }[];
}

/** POST /api/seller/login: the token as the original seller app reads it. */
export interface SellerSignedIn {
  user: SellerUser;
  /** `expires_at` is "Y-m-d H:i:s" in UTC. */
  access: { auth_type: 'Bearer'; token: string; expires_at: string };
}

/** A blank form field ("" from a page without JavaScript) means "none". */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** A blank form field means "not sent" (the value stays as it is). */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** "HH:MM", 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const Time = z.preprocess(blankAsNull, z.string().trim().max(5).regex(TIME_OF_DAY).nullable().optional());

/**
 * A list sent as JSON (`["fri"]`), as repeated form fields (`off_days[]=fri&off_days[]=sat`,
 * read as an array) or as one field (`off_days=fri` or `fri,sat`).
 */
const dayList = (value: unknown) => {
  if (value === undefined || value === null) return value;
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .flatMap((item) => (typeof item === 'string' ? (item.trim() ? [item.trim().toLowerCase()] : []) : [item]));
};
const OffDays = z.preprocess(dayList, z.array(z.enum(WEEK_DAYS)).max(7).optional());

/** A decimal amount of money in the default currency, at least 0, at most two decimals. */
const Amount = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number()
    .min(0)
    .max(10_000_000)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: 'The {{attribute}} field must have at most two decimals.' })
    .optional(),
);

/** Closing comes after opening when both are given (a shop open past midnight is not modelled). */
const hoursInOrder = (value: { opening_time?: string | null | undefined; closing_time?: string | null | undefined }) =>
  !value.opening_time || !value.closing_time || value.closing_time > value.opening_time;
const HOURS_ERROR = { error: 'The closing time must be after the opening time.', path: ['closing_time'] };

/** Files come from multipart bodies; the route checks them (content, size), anything else is refused by name. */
const Upload = z.unknown().optional();

/**
 * POST /api/seller/shop: a signed-in user's shop registration (or a rejected shop sent
 * again). Multipart for the logo and banner, or JSON without them. `terms` must be accepted.
 */
export const RegisterShopPayload = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    description: z.preprocess(blankAsNull, z.string().trim().max(1000).nullable().optional()),
    phone: z.preprocess(
      blankAsNull,
      z
        .string()
        .trim()
        .max(20)
        .regex(/^\+?[\d\s()-]{6,20}$/)
        .nullable()
        .optional(),
    ),
    email: z.preprocess(blankAsNull, z.string().trim().max(190).pipe(z.email()).nullable().optional()),
    address: z.preprocess(blankAsNull, z.string().trim().max(255).nullable().optional()),
    opening_time: Time,
    closing_time: Time,
    off_days: OffDays,
    terms: Flag.refine((accepted) => accepted, { error: 'You must accept the terms and conditions.' }),
    logo: Upload,
    banner: Upload,
  })
  .refine(hoursInOrder, HOURS_ERROR);
export type RegisterShopPayload = z.infer<typeof RegisterShopPayload>;

/** The shop's texts a seller writes in each of the shop's languages (the shop profile form). */
export const SHOP_TEXT_FIELDS = [
  { name: 'name', label: 'Shop Name', max: 120, required: true, input: 'text' },
  { name: 'short_description', label: 'Short description', max: 500, required: false, input: 'text' },
  { name: 'description', label: 'Description', max: 1000, required: false, input: 'textarea' },
] as const satisfies readonly TextFieldSpec[];

/**
 * POST /api/seller/shop-update (active shops): the shop's face. Absent fields stay as they
 * are; `translations` (docs/product.md §9.1; `translations.ar.name` from a form) replaces
 * the languages it sends and keeps the others.
 */
export const ShopUpdatePayload = z.preprocess(
  nestFormTranslations,
  z.strictObject({
    name: z.preprocess(blankAsAbsent, z.string().trim().min(1).max(SHOP_TEXT_FIELDS[0].max).optional()),
    address: z.preprocess(blankAsNull, z.string().trim().max(255).nullable().optional()),
    short_description: z.preprocess(blankAsNull, z.string().trim().max(SHOP_TEXT_FIELDS[1].max).nullable().optional()),
    description: z.preprocess(blankAsNull, z.string().trim().max(SHOP_TEXT_FIELDS[2].max).nullable().optional()),
    logo: Upload,
    banner: Upload,
    translations: translationsSchema(SHOP_TEXT_FIELDS),
  }),
);
export type ShopUpdatePayload = z.output<typeof ShopUpdatePayload>;

/**
 * POST /api/seller/shop-setting-update (active shops): how the shop sells. Absent fields
 * stay as they are: a missing delivery charge is never read as 0.
 */
export const ShopSettingUpdatePayload = z
  .strictObject({
    min_order_amount: Amount,
    delivery_charge: Amount,
    estimated_delivery_time: z.preprocess(blankAsNull, z.string().trim().max(60).nullable().optional()),
    opening_time: Time,
    closing_time: Time,
    off_day: OffDays,
  })
  .refine(hoursInOrder, HOURS_ERROR);
export type ShopSettingUpdatePayload = z.infer<typeof ShopSettingUpdatePayload>;

/** POST /api/seller/login: `contact` is an e-mail address or a phone number (`phone` accepted too). */
export const SellerLoginPayload = z
  .object({
    contact: z.string().trim().min(1).max(190).optional(),
    phone: z.string().trim().min(1).max(190).optional(),
    password: z.string().min(1).max(200),
  })
  .refine((value) => Boolean(value.contact ?? value.phone), { error: 'The contact field is required.', path: ['contact'] });
export type SellerLoginPayload = z.infer<typeof SellerLoginPayload>;

/*
 * The seller app's own account calls (docs/decisions/017-sellers.md "The seller app's
 * account"): it signs up a new user together with the shop, and names the e-mail of its
 * code calls `email`. Their payloads come out in the shopper's shapes (contracts/auth.ts,
 * contracts/profile.ts), so one code path serves both clients.
 */

/** The longest name an account keeps (first and last name together). */
const NAME_MAX = 120;
const personName = (first: string, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');

/**
 * POST /api/seller/registration (multipart): a new account and its shop, pending review.
 * Whether a phone is required and its length come from the site settings (the server
 * checks those, as for shoppers); sending the form is accepting the terms.
 */
export const SellerRegistrationPayload = z
  .object({
    first_name: z.string().trim().min(1).max(NAME_MAX),
    last_name: z.preprocess(blankAsNull, z.string().trim().max(NAME_MAX).nullable().optional()),
    email: z.string().trim().max(190).pipe(z.email()),
    phone: z.string().trim().max(30).optional(),
    phone_code: PhoneCode,
    country: z.preprocess(blankAsNull, z.string().trim().max(100).nullable().optional()),
    password: z.string().min(8).max(200),
    password_confirmation: z.string().max(200),
    address: z.preprocess(blankAsNull, z.string().trim().max(255).nullable().optional()),
    shop_name: z.string().trim().min(1).max(120),
    description: z.preprocess(blankAsNull, z.string().trim().max(1000).nullable().optional()),
    opening_time: Time,
    closing_time: Time,
    off_days: OffDays,
    profile_photo: Upload,
    shop_logo: Upload,
    shop_banner: Upload,
  })
  .refine((payload) => payload.password === payload.password_confirmation, { path: ['password_confirmation'], error: 'Confirm Password does not match.' })
  .refine((payload) => personName(payload.first_name, payload.last_name).length <= NAME_MAX, {
    path: ['last_name'],
    error: 'The first and last name together must not be longer than 120 characters.',
  })
  .refine(hoursInOrder, HOURS_ERROR);
export type SellerRegistrationPayload = z.infer<typeof SellerRegistrationPayload>;

/** The full name an account keeps for a first and last name. */
export const sellerName = (payload: { first_name: string; last_name?: string | null | undefined }) => personName(payload.first_name, payload.last_name);

const EmailOrPhone = z.string().trim().min(1).max(190);

/** POST /api/seller/send-otp: `email` is the e-mail (or phone) the code goes to. */
export const SellerSendOtpPayload = z
  .object({ email: EmailOrPhone, forgot_password: Flag })
  .transform(({ email, forgot_password }) => ({ phone: email, phone_code: undefined, forgot_password }));

/** POST /api/seller/verify-otp: the e-mail (or phone) and its 4-digit code. */
export const SellerVerifyOtpPayload = z
  .object({ email: EmailOrPhone, otp: VerifyOtpPayload.shape.otp, forgot_password: Flag })
  .transform(({ email, otp, forgot_password }) => ({ phone: email, phone_code: undefined, otp, forgot_password }));

/** GET /api/seller/check-user-status?phone=: whether the account of a phone number sells. */
export const CheckUserStatusQuery = z.object({
  phone: z.string().trim().min(1).max(30),
  phone_code: PhoneCode,
});

/** POST /api/seller/check-email-phone: whether an e-mail and a phone are free for a new account. */
export const CheckEmailPhonePayload = z.object({
  email: z.string().trim().max(190).pipe(z.email()),
  phone: z.string().trim().min(1).max(30),
  phone_code: PhoneCode,
});

/**
 * POST /api/seller/user-update (multipart for the photo): the seller's own account, as the
 * shopper's profile (POST /update-profile). A new e-mail or phone takes effect once the
 * code sent to it is verified (POST /api/update-profile/verify).
 */
export const SellerUserUpdatePayload = z
  .object({
    first_name: z.string().trim().min(1).max(NAME_MAX),
    last_name: z.preprocess(blankAsNull, z.string().trim().max(NAME_MAX).nullable().optional()),
    email: z.string().trim().max(190).optional(),
    phone: z.string().trim().max(30).optional(),
    phone_code: z.string().trim().max(8).optional(),
    gender: UpdateProfilePayload.shape.gender,
    date_of_birth: UpdateProfilePayload.shape.date_of_birth,
    profile_photo: Upload,
  })
  .refine((payload) => personName(payload.first_name, payload.last_name).length <= NAME_MAX, {
    path: ['last_name'],
    error: 'The first and last name together must not be longer than 120 characters.',
  })
  .transform(({ first_name, last_name, ...rest }) => ({ ...rest, name: personName(first_name, last_name) }));

/** DELETE /api/seller/banners/{id}. */
export const BannerIdParams = z.strictObject({ id: recordId() });

/** A banner of the shop, as the seller app reads it. */
export interface SellerBannerDto {
  id: number;
  title: string;
  thumbnail: string;
  /** Shown on the shop's page. */
  is_active: boolean;
}

/** POST /api/seller/banners/store (multipart): a picture (jpg, png or webp) and an optional title. */
export const StoreBannerPayload = z.object({
  title: z.preprocess(blankAsNull, z.string().trim().max(200).nullable().optional()),
  banner: Upload,
  is_active: OptionalFlag,
});

/** POST /api/seller/banners/update: one of the shop's banners, a new picture and/or title, shown or hidden. */
export const UpdateBannerPayload = z.object({
  id: recordId(),
  title: z.preprocess(blankAsNull, z.string().trim().max(200).nullable().optional()),
  banner: Upload,
  is_active: OptionalFlag,
});
