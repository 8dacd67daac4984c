/**
 * The voucher rule (docs/product.md §3.5 Voucher, §5.4; the voucher fields in contracts/voucher.ts):
 * whether a shop voucher may be used on an order from its shop, and how much it takes
 * off. The one place it is written: the voucher calls, the checkout figures and order
 * placement call it. Amounts are integer minor units; no database imports.
 */
import { basisPoints, percentOf } from './percent.ts';

export interface VoucherTerms {
  discountType: 'Percentage' | 'Amount';
  /** Percent off (text with two decimals, as stored) for Percentage vouchers. */
  discountPercent: string | null;
  /** Minor units off for Amount vouchers. */
  discountAmount: number | null;
  /** The shop's items must come to at least this (minor units). */
  minOrderAmount: number;
  /** Cap on a percentage discount (minor units); null for none. */
  maxDiscountAmount: number | null;
  /** Orders a shopper may use it on. */
  limitForUser: number;
  /** Orders that may use it in all (null: no limit), and how many have; absent reads as no limit. */
  totalLimit?: number | null;
  totalUsed?: number;
  startedAt: Date;
  expiredAt: Date;
  isActive: boolean;
}

/** Why a voucher cannot be used now, as an English source message for the shopper. */
export type VoucherRefusal =
  | 'This voucher is not valid.'
  | 'This voucher is not valid yet.'
  | 'This voucher has expired.'
  | 'This voucher has been used up.'
  | 'Spend at least {{amount}} in this shop to use this voucher.'
  | 'You have already used this voucher.';

export interface VoucherUse {
  /** The shop's item total the voucher applies to (minor units). */
  subtotal: number;
  /** Orders this shopper has already used it on. */
  timesUsed: number;
  now: Date;
}

/** Whether every use in all is taken (total_used counts placed orders; a cancel gives one back). */
export function voucherUsedUp(voucher: Pick<VoucherTerms, 'totalLimit' | 'totalUsed'>): boolean {
  return voucher.totalLimit !== undefined && voucher.totalLimit !== null && (voucher.totalUsed ?? 0) >= voucher.totalLimit;
}

/**
 * Whether a voucher is offered and can be collected now: switched on, started, not expired
 * and not used up, the vouchers a seller sees as `active` (contracts/seller-voucher.ts).
 * A scheduled one is not offered before it starts. The cart drawer's list asks the same in
 * SQL (modules/vouchers/service.ts offeredNow).
 */
export function voucherIsCollectable(voucher: Pick<VoucherTerms, 'isActive' | 'startedAt' | 'expiredAt' | 'totalLimit' | 'totalUsed'>, now: Date): boolean {
  return voucher.isActive && voucher.startedAt.getTime() <= now.getTime() && now.getTime() < voucher.expiredAt.getTime() && !voucherUsedUp(voucher);
}

/** The reason the voucher cannot be applied, or null when it can. */
export function voucherRefusal(voucher: VoucherTerms, use: VoucherUse): VoucherRefusal | null {
  if (!voucher.isActive) return 'This voucher is not valid.';
  if (use.now.getTime() < voucher.startedAt.getTime()) return 'This voucher is not valid yet.';
  if (use.now.getTime() >= voucher.expiredAt.getTime()) return 'This voucher has expired.';
  if (voucherUsedUp(voucher)) return 'This voucher has been used up.';
  if (use.timesUsed >= voucher.limitForUser) return 'You have already used this voucher.';
  if (use.subtotal < voucher.minOrderAmount) return 'Spend at least {{amount}} in this shop to use this voucher.';
  return null;
}

/**
 * What the voucher takes off a shop's items: a percentage (rounded half up to the cent,
 * then capped by the maximum discount) or a fixed amount; never more than the items cost.
 */
export function voucherDiscount(voucher: Pick<VoucherTerms, 'discountType' | 'discountPercent' | 'discountAmount' | 'maxDiscountAmount'>, subtotal: number): number {
  if (subtotal <= 0) return 0;
  let discount: number;
  if (voucher.discountType === 'Percentage') {
    discount = percentOf(subtotal, basisPoints(voucher.discountPercent ?? '0'));
    if (voucher.maxDiscountAmount !== null && voucher.maxDiscountAmount > 0) discount = Math.min(discount, voucher.maxDiscountAmount);
  } else {
    discount = voucher.discountAmount ?? 0;
  }
  return Math.max(0, Math.min(discount, subtotal));
}
