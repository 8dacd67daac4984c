/**
 * The seller's vouchers (`/api/seller/vouchers`, the pages `/shop/vouchers`,
 * docs/decisions/017-sellers.md): what a shop offers shoppers in the cart drawer
 * (docs/product.md §4.7, §5.4; the voucher rule is lib/voucher.ts). Amounts are decimals of
 * the default currency here and minor units in the database. No server imports.
 */
import { z } from 'zod';
import { MAX_ID, digitsToNumber, recordId } from './numbers';
import { OptionalFlag } from './flag';
import { paginationFields } from '../lib/pagination';
import type { VoucherTermsDto } from './voucher';

/**
 * Where a voucher stands now: `ended` (switched off by the seller, or every use in all
 * taken), `expired` (past its end), `scheduled` (not started yet), else `active`, the
 * one shoppers are offered.
 */
export const VOUCHER_STATES = ['active', 'scheduled', 'expired', 'ended'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

export interface SellerVoucherDto extends VoucherTermsDto {
  /** Orders that may use it in all; null: no limit. */
  total_limit: number | null;
  total_used: number;
  /** "05 May, 2025" (lib/dates.ts dayMonthYear, UTC), as the shopper's voucher calls answer; pages use the ISO fields. */
  started_at: string;
  started_at_iso: string;
  expired_at: string;
  expired_at_iso: string;
  is_active: boolean;
  state: VoucherState;
}

export interface SellerVoucherList {
  total: number;
  vouchers: SellerVoucherDto[];
}

export const SellerVoucherListQuery = z.strictObject({ ...paginationFields(), status: z.enum(VOUCHER_STATES).optional() });

/** A blank form field, null or absent: not given. */
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * A decimal with at most two places, from JSON or a form field ("12", "12.5", 12.5):
 * text that is not one stays text, refused as not a number (never guessed at, like "1e3").
 */
function decimalInput(value: unknown): unknown {
  const text = trimmed(value);
  if (typeof text === 'string' && /^-?\d{1,9}(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

const TWO_PLACES = 'The {{attribute}} field must have at most 2 decimal places.';
const hasTwoPlaces = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A decimal amount of money (two places), `min` exclusive or inclusive, below ten million. */
const amount = (min: number, inclusive: boolean) =>
  z.preprocess(
    decimalInput,
    z
      .number({ error: 'The {{attribute}} field must be a number.' })
      .refine((n) => (inclusive ? n >= min : n > min), {
        message: inclusive ? 'The {{attribute}} field must be at least {{min}}.' : 'The {{attribute}} field must be greater than {{min}}.',
        params: { min },
      })
      .refine((n) => n < 10_000_000, { message: 'The {{attribute}} field must not be greater than {{max}}.', params: { max: 9_999_999 } })
      .refine(hasTwoPlaces, { message: TWO_PLACES }),
  );

const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (blank(value) ? null : value), schema.nullable());
const count = (min: number) => z.preprocess((value) => digitsToNumber(trimmed(value)), z.number({ error: 'The {{attribute}} field must be a number.' }).int().min(min).max(MAX_ID));

/** ISO 8601 with a zone, or an HTML `datetime-local` value ("2026-05-01T09:30"), read as UTC (the form says so). */
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
export function parseVoucherDate(value: string): Date | null {
  const text = value.trim();
  if (!LOCAL_DATETIME.test(text) && !ISO_DATETIME.test(text)) return null;
  const date = new Date(LOCAL_DATETIME.test(text) ? `${text}Z` : text);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 9999 ? null : date;
}
const dateTime = z.preprocess((value) => (typeof value === 'string' && !blank(value) ? (parseVoucherDate(value) ?? value) : blank(value) ? undefined : value), z.date());

/** The code shoppers type: 3-40 letters, digits, "-" or "_", kept upper-case. */
const code = z.preprocess(
  trimmed,
  z
    .string()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .transform((text) => text.toUpperCase()),
);

/**
 * Every field of a voucher. `discount` is the percent (0 < p ≤ 100, two places) or the
 * amount off (> 0); `max_discount_amount` is for percentage vouchers only; the rules
 * across fields are checked by the service (modules/seller/vouchers-service.ts).
 */
const fields = {
  code,
  discount_type: z.enum(['Percentage', 'Amount']),
  discount: amount(0, false),
  min_order_amount: z.preprocess((value) => (blank(value) ? 0 : value), amount(0, true)),
  max_discount_amount: optional(amount(0, false)),
  limit_for_user: z.preprocess((value) => (blank(value) ? 1 : value), count(1)),
  total_limit: optional(count(1)),
  started_at: dateTime,
  expired_at: dateTime,
  /** Absent on a create: on. */
  is_active: OptionalFlag,
};

export const CreateVoucherPayload = z.strictObject(fields);
export type CreateVoucherInput = z.output<typeof CreateVoucherPayload>;

/** An update sends the fields it changes; the others stay. */
export const UpdateVoucherPayload = z.strictObject({
  ...fields,
  code: code.optional(),
  discount_type: fields.discount_type.optional(),
  discount: fields.discount.optional(),
  min_order_amount: amount(0, true).optional(),
  max_discount_amount: fields.max_discount_amount.optional(),
  limit_for_user: count(1).optional(),
  total_limit: fields.total_limit.optional(),
  started_at: dateTime.optional(),
  expired_at: dateTime.optional(),
});
export type UpdateVoucherInput = z.output<typeof UpdateVoucherPayload>;

export const VoucherIdParams = z.strictObject({ id: recordId() });
