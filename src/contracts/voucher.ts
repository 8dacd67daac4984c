/**
 * The voucher contract (docs/product.md §3.5 Voucher; §7.2 GET /get-vouchers and POST
 * /vouchers-collect; §7.4 /get-collected-vouchers and /apply-voucher).
 * No server imports.
 */
import { z } from 'zod';
import { recordId } from './numbers';

/** A voucher's code and terms as every voucher answer carries them (the shopper's and the seller's). */
export interface VoucherTermsDto {
  id: number;
  code: string;
  /** Percentage, or Amount (shown as an amount). */
  discount_type: 'Percentage' | 'Amount';
  /** Percent off for Percentage vouchers, an amount (default currency, 2 decimals) for Amount ones. */
  discount: number;
  min_order_amount: number;
  /** Percentage vouchers only; null: no cap. */
  max_discount_amount: number | null;
  limit_for_user: number;
}

export interface VoucherDto extends VoucherTermsDto {
  shop_id: number;
  /** When it starts (ISO 8601). */
  started: string;
  /** Its last day as apps show it as it comes, "05 May, 2025" (lib/dates.ts dayMonthYear). */
  validity: string;
  /** Until when it is valid (ISO 8601), for dates in the shopper's language. */
  validity_iso: string;
  is_collected: boolean;
}

const Id = recordId();

export const VoucherListQuery = z.strictObject({ shop_id: Id });
export const CollectedVoucherQuery = z.strictObject({ shop_id: Id.optional() });
export const CollectVoucherPayload = z.strictObject({ coupon_id: Id });
export const ApplyVoucherPayload = z.strictObject({
  coupon_code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((code) => code.toUpperCase()),
  shop_id: Id,
});
export const RemoveVoucherPayload = z.strictObject({ shop_id: Id });
