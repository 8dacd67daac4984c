/**
 * The seller account contract (docs/product.md §6.3, docs/decisions/017-sellers.md): shop
 * registration, the seller's sign-in, the seller's own profile and shop settings under
 * `/api/seller`. The answers keep the original seller app's `SellerUser` shape; ours adds
 * the review `status` and `status_reason`. No server imports here.
 */
import { z } from 'zod';
import { Flag } from './flag';
import { WEEK_DAYS, type ShopStatus, type WeekDay } from './seller';

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

/** POST /api/seller/shop-update (active shops): the shop's face. Absent fields stay as they are. */
export const ShopUpdatePayload = z.strictObject({
  name: z.preprocess(blankAsAbsent, z.string().trim().min(1).max(120).optional()),
  address: z.preprocess(blankAsNull, z.string().trim().max(255).nullable().optional()),
  short_description: z.preprocess(blankAsNull, z.string().trim().max(500).nullable().optional()),
  description: z.preprocess(blankAsNull, z.string().trim().max(1000).nullable().optional()),
  logo: Upload,
  banner: Upload,
});
export type ShopUpdatePayload = z.infer<typeof ShopUpdatePayload>;

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
