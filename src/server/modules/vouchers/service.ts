import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherDto, VoucherTermsDto } from '@/contracts/voucher';
import type { Db } from '../../db';
import { carts, collectedVouchers, shops, vouchers } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import type { Translate } from '@/lib/i18n';
import { dayMonthYear } from '@/lib/dates';
import { formatDefaultAmount, fromMinor } from '@/lib/money';
import { voucherDiscount, voucherIsCollectable, voucherRefusal } from '@/lib/voucher';
import { cartIdOf } from '../cart/service';
import { listedCurrencies } from '../master/default-currency';
import { loadLines } from '../cart/lines';
import { isPublicShop } from '../catalog/visibility';

/**
 * Shop vouchers (docs/product.md §2 Cart drawer "Apply Store voucher", §4.4 Voucher, §5
 * "A voucher already collected is ignored"). Whether one may be used and what it takes
 * off is lib/voucher.ts; here are the shopper's collected vouchers and the one applied
 * per shop in the cart (carts.coupon_codes), which the checkout figures read.
 */

type VoucherRow = typeof vouchers.$inferSelect;

/** A voucher's code and terms, the part every voucher answer shares (the shopper's here, the seller's in seller/vouchers-service.ts). */
export function toVoucherTerms(row: VoucherRow): VoucherTermsDto {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    discount: row.discountType === 'Percentage' ? Number(row.discountPercent) : fromMinor(row.discountAmount ?? 0),
    min_order_amount: fromMinor(row.minOrderAmount),
    max_discount_amount: row.maxDiscountAmount === null ? null : fromMinor(row.maxDiscountAmount),
    limit_for_user: row.limitForUser,
  };
}

function toDto(row: VoucherRow, isCollected: boolean): VoucherDto {
  return {
    ...toVoucherTerms(row),
    shop_id: row.shopId,
    started: row.startedAt.toISOString(),
    validity: dayMonthYear(row.expiredAt),
    validity_iso: row.expiredAt.toISOString(),
    is_collected: isCollected,
  };
}

/**
 * lib/voucher.ts voucherIsCollectable in SQL: the vouchers the cart drawer offers now are
 * switched on, started, not expired and not used up (total_used below total_limit).
 */
function offeredNow(now: Date): SQL {
  return and(
    eq(vouchers.isActive, true),
    lte(vouchers.startedAt, now),
    gt(vouchers.expiredAt, now),
    or(isNull(vouchers.totalLimit), sql`${vouchers.totalUsed} < ${vouchers.totalLimit}`),
  )!;
}

/** GET /get-vouchers: a shop's vouchers offered now (a seller's scheduled one waits for its start), soonest ending first. */
export async function shopVouchers(db: Db, userId: number, shopId: number, now: Date): Promise<VoucherDto[]> {
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), isPublicShop));
  if (!shop) throw notFound('Shop not found.');
  const rows = await db
    .select({ voucher: vouchers, collectedId: collectedVouchers.id })
    .from(vouchers)
    .leftJoin(collectedVouchers, and(eq(collectedVouchers.voucherId, vouchers.id), eq(collectedVouchers.userId, userId)))
    .where(and(eq(vouchers.shopId, shopId), offeredNow(now)))
    .orderBy(asc(vouchers.expiredAt), asc(vouchers.id));
  return rows.map((row) => toDto(row.voucher, row.collectedId !== null));
}

/** GET /get-collected-vouchers: what the shopper has collected and can still use, newest first. */
export async function collectedList(db: Db, userId: number, shopId: number | undefined, now: Date): Promise<VoucherDto[]> {
  const rows = await db
    .select({ voucher: vouchers })
    .from(collectedVouchers)
    .innerJoin(vouchers, eq(vouchers.id, collectedVouchers.voucherId))
    .where(
      and(
        eq(collectedVouchers.userId, userId),
        eq(vouchers.isActive, true),
        gt(vouchers.expiredAt, now),
        or(isNull(vouchers.totalLimit), sql`${vouchers.totalUsed} < ${vouchers.totalLimit}`),
        sql`${collectedVouchers.timesUsed} < ${vouchers.limitForUser}`,
        ...(shopId ? [eq(vouchers.shopId, shopId)] : []),
      ),
    )
    .orderBy(desc(collectedVouchers.id));
  return rows.map((row) => toDto(row.voucher, true));
}

/**
 * POST /vouchers-collect. One row per shopper and voucher (a unique index), so any
 * number of parallel collects leave exactly one; a second collect is ignored (§5).
 * Whether this call collected it.
 */
export async function collectVoucher(db: Db, userId: number, voucherId: number, t: Translate, now: Date): Promise<boolean> {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
  if (!voucher) throw notFound('Voucher not found.');
  // Why it is not offered, in the voucher rule's words (the spend and the shopper's uses do not matter here).
  if (!voucherIsCollectable(voucher, now))
    throw validationError({ coupon_id: [t(voucherRefusal(voucher, { subtotal: Number.MAX_SAFE_INTEGER, timesUsed: 0, now }) ?? 'This voucher is not valid.')] });
  const inserted = await db.insert(collectedVouchers).values({ userId, voucherId }).onConflictDoNothing().returning({ id: collectedVouchers.id });
  return inserted.length > 0;
}

/**
 * POST /apply-voucher: checks the code against the shop's items in the cart (or the buy-now) now
 * (lib/voucher.ts) and keeps it as the shop's voucher; applying collects it. What it
 * takes off now.
 */
export async function applyVoucher(db: Db, userId: number, code: string, shopId: number, t: Translate, now: Date, { buyNow = false } = {}): Promise<number> {
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, code), eq(vouchers.shopId, shopId)));
  const refuse = (message: string, values: Record<string, unknown> = {}) => validationError({ coupon_code: [t(message, values)] });
  if (!voucher) throw refuse('This voucher is not valid.');
  const [used] = await db
    .select({ timesUsed: collectedVouchers.timesUsed })
    .from(collectedVouchers)
    .where(and(eq(collectedVouchers.userId, userId), eq(collectedVouchers.voucherId, voucher.id)));
  // A buy-now's voucher counts the buy-now line; the cart's, the shop's lines in the cart.
  const lines = await loadLines(db, userId, { shopIds: [shopId], buyNow, now });
  if (lines.length === 0) throw refuse('Add something from this shop to your cart first.');
  const subtotal = lines.reduce((sum, line) => sum + line.price.total, 0);
  const refusal = voucherRefusal(voucher, { subtotal, timesUsed: used?.timesUsed ?? 0, now });
  if (refusal) throw refuse(refusal, { amount: formatDefaultAmount(voucher.minOrderAmount, await listedCurrencies(db)) });

  const cartId = await cartIdOf(db, userId);
  await db.transaction(async (tx) => {
    await tx.insert(collectedVouchers).values({ userId, voucherId: voucher.id }).onConflictDoNothing();
    // jsonb_set on the row itself: parallel applies for two shops both land.
    await tx
      .update(carts)
      .set({ couponCodes: sql`jsonb_set(${carts.couponCodes}, ${`{${shopId}}`}::text[], to_jsonb(${code}::text))`, updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  });
  return voucherDiscount(voucher, subtotal);
}

/**
 * A voucher code typed at checkout (POST /cart/checkout, POST /place-order `coupon_code`):
 * applied, as POST /apply-voucher applies it, to the shop of the checkout it belongs to:
 * one of `shopIds`, or the buy-now line's shop. A code of no shop in the checkout is
 * refused like an unknown one, on `coupon_code`.
 */
export async function applyCheckoutCode(db: Db, userId: number, code: string, scope: { shopIds: readonly number[]; buyNow: boolean }, t: Translate, now: Date): Promise<void> {
  const normal = code.trim().toUpperCase();
  const owners = (await db.select({ shopId: vouchers.shopId }).from(vouchers).where(eq(vouchers.code, normal))).map((row) => row.shopId);
  const inCheckout = scope.buyNow ? (await loadLines(db, userId, { buyNow: true, now })).map((line) => line.shop.id) : scope.shopIds;
  const shopId = owners.find((owner) => inCheckout.includes(owner));
  if (shopId === undefined) throw validationError({ coupon_code: [t('This voucher is not valid.')] });
  await applyVoucher(db, userId, normal, shopId, t, now, { buyNow: scope.buyNow });
}

/** POST /remove-voucher: the shop's items go back to no voucher. */
export async function removeVoucher(db: Db, userId: number, shopId: number): Promise<void> {
  await db
    .update(carts)
    .set({ couponCodes: sql`${carts.couponCodes} - ${String(shopId)}::text`, updatedAt: sql`now()` })
    .where(eq(carts.userId, userId));
}
