import { and, count, desc, eq, gt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { CreateVoucherInput, SellerVoucherDto, SellerVoucherList, UpdateVoucherInput, VoucherState } from '@/contracts/seller-voucher';
import type { Db } from '../../db';
import { vouchers } from '../../db/schema';
import { violatedUniqueIndex } from '../../db/errors';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { dayMonthYear } from '@/lib/dates';
import { toMinor } from '@/lib/money';
import { limitOffset, type Page } from '@/lib/pagination';
import { voucherIsCollectable, voucherUsedUp } from '@/lib/voucher';
import { toVoucherTerms } from '../vouchers/service';

/**
 * A seller's vouchers (docs/decisions/017-sellers.md; docs/product.md §4.7, §5.4): the very
 * rows the cart drawer offers (modules/vouchers/service.ts) and checkout applies by the one
 * voucher rule (lib/voucher.ts). Every query is scoped to the seller's own shop: another
 * shop's voucher is not found. Amounts arrive as decimals and are kept in minor units.
 */

type VoucherRow = typeof vouchers.$inferSelect;

/** Where a voucher stands now (contracts/seller-voucher.ts VOUCHER_STATES); `active` is exactly what shoppers are offered. */
export function voucherState(row: VoucherRow, now: Date): VoucherState {
  if (!row.isActive || voucherUsedUp(row)) return 'ended';
  if (now.getTime() >= row.expiredAt.getTime()) return 'expired';
  if (now.getTime() < row.startedAt.getTime()) return 'scheduled';
  return voucherIsCollectable(row, now) ? 'active' : 'ended';
}

/** voucherState in SQL, for the list's state tabs. */
function stateIs(state: VoucherState, now: Date): SQL {
  const usedUp = sql`(${vouchers.totalLimit} is not null and ${vouchers.totalUsed} >= ${vouchers.totalLimit})`;
  const ended = or(eq(vouchers.isActive, false), usedUp)!;
  switch (state) {
    case 'ended':
      return ended;
    case 'expired':
      return and(not(ended), lte(vouchers.expiredAt, now))!;
    case 'scheduled':
      return and(not(ended), gt(vouchers.expiredAt, now), gt(vouchers.startedAt, now))!;
    case 'active':
      return and(not(ended), gt(vouchers.expiredAt, now), lte(vouchers.startedAt, now))!;
  }
}

export function toSellerVoucher(row: VoucherRow, now: Date): SellerVoucherDto {
  return {
    ...toVoucherTerms(row),
    total_limit: row.totalLimit,
    total_used: row.totalUsed,
    started_at: dayMonthYear(row.startedAt),
    started_at_iso: row.startedAt.toISOString(),
    expired_at: dayMonthYear(row.expiredAt),
    expired_at_iso: row.expiredAt.toISOString(),
    is_active: row.isActive,
    state: voucherState(row, now),
  };
}

/** GET /seller/vouchers: the shop's vouchers, newest first, optionally of one state. */
export async function listShopVouchers(db: Db, shopId: number, query: Page & { status?: VoucherState | undefined }, now: Date): Promise<SellerVoucherList> {
  const where = and(eq(vouchers.shopId, shopId), query.status ? stateIs(query.status, now) : undefined);
  const { limit, offset } = limitOffset(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(vouchers).where(where).orderBy(desc(vouchers.createdAt), desc(vouchers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(vouchers).where(where),
  ]);
  return { total: total?.n ?? 0, vouchers: rows.map((row) => toSellerVoucher(row, now)) };
}

/** One of the shop's vouchers, or 404 (another shop's included). */
/** The shop's own voucher, or null (another shop's, or none). */
export async function ownVoucher(db: Db, shopId: number, id: number): Promise<VoucherRow | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId)));
  return row ?? null;
}

export async function shopVoucher(db: Db, shopId: number, id: number, t: Translate): Promise<VoucherRow> {
  const row = await ownVoucher(db, shopId, id);
  if (!row) throw notFound(t('Voucher not found.'));
  return row;
}

/** The voucher as it would be after the change, in the database's terms. */
interface Terms {
  code: string;
  discountType: 'Percentage' | 'Amount';
  discountPercent: string | null;
  discountAmount: number | null;
  minOrderAmount: number;
  maxDiscountAmount: number | null;
  limitForUser: number;
  totalLimit: number | null;
  startedAt: Date;
  expiredAt: Date;
  isActive: boolean;
}

/** The rules across fields (the payload schema checked each field): per-type discount, the cap, the dates. */
function crossFieldErrors(terms: Terms, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  if (terms.discountType === 'Percentage' && Number(terms.discountPercent) > 100) {
    errors.discount = [t('The {{attribute}} field must not be greater than {{max}}.', { attribute: t('discount'), max: 100 })];
  }
  if (terms.discountType === 'Amount' && terms.maxDiscountAmount !== null) {
    errors.max_discount_amount = [t('A maximum discount applies to percentage vouchers only.')];
  }
  if (terms.startedAt.getTime() >= terms.expiredAt.getTime()) {
    errors.expired_at = [t('The end must be after the start.')];
  }
  return errors;
}

const CODE_TAKEN = 'This code is already taken.';

function discountColumns(type: 'Percentage' | 'Amount', discount: number): Pick<Terms, 'discountPercent' | 'discountAmount'> {
  return type === 'Percentage' ? { discountPercent: discount.toFixed(2), discountAmount: null } : { discountPercent: null, discountAmount: toMinor(discount) };
}

/**
 * POST /seller/vouchers. The code is unique across the marketplace (shoppers type it at
 * checkout): the unique index decides, so of two creates of one code one is written and
 * the other answered 422 on `code`.
 */
export async function createShopVoucher(db: Db, shopId: number, input: CreateVoucherInput, t: Translate, now: Date): Promise<SellerVoucherDto> {
  const terms: Terms = {
    code: input.code,
    discountType: input.discount_type,
    ...discountColumns(input.discount_type, input.discount),
    minOrderAmount: toMinor(input.min_order_amount),
    maxDiscountAmount: input.max_discount_amount === null ? null : toMinor(input.max_discount_amount),
    limitForUser: input.limit_for_user,
    totalLimit: input.total_limit,
    startedAt: input.started_at,
    expiredAt: input.expired_at,
    isActive: input.is_active ?? true,
  };
  const errors = crossFieldErrors(terms, t);
  if (Object.keys(errors).length) throw validationError(errors);
  const [row] = await db
    .insert(vouchers)
    .values({ shopId, ...terms })
    .onConflictDoNothing({ target: vouchers.code })
    .returning();
  if (!row) throw validationError({ code: [t(CODE_TAKEN)] });
  return toSellerVoucher(row, now);
}

/**
 * POST /seller/vouchers/{id}: the fields sent change. Once an order has used the voucher
 * (total_used > 0) what shoppers were promised stays: its code, type and discount (and
 * the spend and cap that decide it) are fixed; dates, limits and on/off may change. Both
 * guards are in the UPDATE itself, so an order placed meanwhile is never contradicted:
 * the total limit never falls below the uses, nor do the terms change under a use.
 */
export async function updateShopVoucher(db: Db, shopId: number, id: number, input: UpdateVoucherInput, t: Translate, now: Date): Promise<SellerVoucherDto> {
  const current = await shopVoucher(db, shopId, id, t);
  const type = input.discount_type ?? current.discountType;
  const typeChanged = type !== current.discountType;
  // A new type needs its own discount; the old one's figure means something else.
  if (typeChanged && input.discount === undefined) throw validationError({ discount: [t('The {{attribute}} field is required.', { attribute: t('discount') })] });
  const discount = input.discount !== undefined ? discountColumns(type, input.discount) : { discountPercent: current.discountPercent, discountAmount: current.discountAmount };
  const terms: Terms = {
    code: input.code ?? current.code,
    discountType: type,
    ...discount,
    minOrderAmount: input.min_order_amount !== undefined ? toMinor(input.min_order_amount) : current.minOrderAmount,
    maxDiscountAmount:
      input.max_discount_amount !== undefined
        ? input.max_discount_amount === null
          ? null
          : toMinor(input.max_discount_amount)
        : type === 'Amount'
          ? null
          : current.maxDiscountAmount,
    limitForUser: input.limit_for_user ?? current.limitForUser,
    totalLimit: input.total_limit !== undefined ? input.total_limit : current.totalLimit,
    startedAt: input.started_at ?? current.startedAt,
    expiredAt: input.expired_at ?? current.expiredAt,
    isActive: input.is_active ?? current.isActive,
  };
  const errors = crossFieldErrors(terms, t);
  const promised = (['code', 'discountType', 'discountPercent', 'discountAmount', 'minOrderAmount', 'maxDiscountAmount'] as const).filter((key) => terms[key] !== current[key]);
  const fieldOf = {
    code: 'code',
    discountType: 'discount_type',
    discountPercent: 'discount',
    discountAmount: 'discount',
    minOrderAmount: 'min_order_amount',
    maxDiscountAmount: 'max_discount_amount',
  } as const;
  if (current.totalUsed > 0) {
    for (const key of promised) errors[fieldOf[key]] ??= [t('This cannot change once the voucher has been used.')];
  }
  if (terms.totalLimit !== null && terms.totalLimit < current.totalUsed) {
    errors.total_limit ??= [t('The {{attribute}} field must be at least {{min}}.', { attribute: t('total limit'), min: current.totalUsed })];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  const guards = [eq(vouchers.id, id), eq(vouchers.shopId, shopId)];
  if (promised.length) guards.push(eq(vouchers.totalUsed, 0));
  if (terms.totalLimit !== null) guards.push(lte(vouchers.totalUsed, terms.totalLimit));
  let row: VoucherRow | undefined;
  try {
    [row] = await db
      .update(vouchers)
      .set({ ...terms, updatedAt: now })
      .where(and(...guards))
      .returning();
  } catch (error) {
    if (violatedUniqueIndex(error) !== null) throw validationError({ code: [t(CODE_TAKEN)] });
    throw error;
  }
  if (!row) {
    // An order used it between the read and the write: say what now stands in the way.
    const latest = await shopVoucher(db, shopId, id, t);
    throw validationError(
      promised.length && latest.totalUsed > 0
        ? Object.fromEntries(promised.map((key) => [fieldOf[key], [t('This cannot change once the voucher has been used.')]]))
        : { total_limit: [t('The {{attribute}} field must be at least {{min}}.', { attribute: t('total limit'), min: latest.totalUsed })] },
    );
  }
  return toSellerVoucher(row, now);
}

/**
 * POST /seller/vouchers/{id}/end: switched off now, so shoppers are no longer offered it
 * and checkout refuses it ("This voucher is not valid."). Orders already placed keep their
 * discount: they store what it took off. Its dates stay, so it can be switched on again.
 */
export async function endShopVoucher(db: Db, shopId: number, id: number, t: Translate, now: Date): Promise<SellerVoucherDto> {
  await shopVoucher(db, shopId, id, t);
  const [row] = await db
    .update(vouchers)
    .set({ isActive: false, updatedAt: now })
    .where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId)))
    .returning();
  return toSellerVoucher(row!, now);
}
