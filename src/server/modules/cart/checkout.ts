import { and, eq, inArray } from 'drizzle-orm';
import type { AppliedCouponDto, CheckoutDto, CheckoutFiguresDto } from '@/contracts/cart';
import type { Db } from '../../db';
import { collectedVouchers, vouchers } from '../../db/schema';
import type { Translate } from '@/lib/i18n';
import { formatDefaultAmount, fromMinor, type ListedCurrency } from '@/lib/money';
import { checkoutFigures, type CheckoutFigures, type Figures, type TotalsShop } from '@/lib/totals';
import type { VoucherTerms } from '@/lib/voucher';
import { toCartGroups } from './dto';
import { byShop, loadCartLines, type PricedLine } from './lines';
import { listedCurrencies } from '../master/default-currency';

/**
 * What a checkout of some shops comes to (§4.3 "over selected shops only", §7 POST
 * /cart/checkout): the lines, each shop's applied voucher, and lib/totals.ts over them.
 * Order placement calls `figureCheckout` too, so the orders charge what was shown.
 */

export interface Checkout {
  lines: PricedLine[];
  figures: CheckoutFigures;
  /** The vouchers applied to the checkout's shops (whether or not they still take anything off). */
  vouchers: AppliedVoucher[];
  /** The shop's currencies, for a refused voucher's message (its minimum spend); read only then. */
  currencies: ListedCurrency[];
}

export interface AppliedVoucher {
  id: number;
  code: string;
  shopId: number;
  terms: VoucherTerms;
  timesUsed: number;
}

/** The vouchers behind these codes with the shopper's uses of each. */
export async function vouchersByCode(db: Db, userId: number, codes: string[]): Promise<AppliedVoucher[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ voucher: vouchers, timesUsed: collectedVouchers.timesUsed })
    .from(vouchers)
    .leftJoin(collectedVouchers, and(eq(collectedVouchers.voucherId, vouchers.id), eq(collectedVouchers.userId, userId)))
    .where(inArray(vouchers.code, codes));
  return rows.map(({ voucher, timesUsed }) => ({ id: voucher.id, code: voucher.code, shopId: voucher.shopId, terms: voucher, timesUsed: timesUsed ?? 0 }));
}

/** The checkout of `shopIds` (all the cart's shops when absent), or of the buy-now line. */
export async function figureCheckout(
  db: Db,
  userId: number,
  options: { shopIds?: readonly number[]; buyNow?: boolean; now?: Date; locale?: string | undefined } = {},
): Promise<Checkout> {
  const now = options.now ?? new Date();
  const { lines, couponCodes: codes } = await loadCartLines(db, userId, { buyNow: options.buyNow, shopIds: options.shopIds, now, locale: options.locale });
  const groups = byShop(lines);
  const applied = await vouchersByCode(
    db,
    userId,
    groups.map((group) => codes[String(group.shop.id)]).filter((code): code is string => typeof code === 'string'),
  );
  const chosen: AppliedVoucher[] = [];
  const shops: TotalsShop[] = groups.map(({ shop, lines: shopLines }) => {
    // A code of another shop's voucher never applies here.
    const voucher = applied.find((candidate) => candidate.shopId === shop.id && candidate.code === codes[String(shop.id)]);
    if (voucher) chosen.push(voucher);
    return {
      shopId: shop.id,
      deliveryCharge: shop.deliveryCharge,
      lines: shopLines.map((line) => ({ total: line.price.total, vatTaxes: line.vatTaxes })),
      voucher: voucher ? { code: voucher.code, terms: voucher.terms, timesUsed: voucher.timesUsed } : null,
    };
  });
  const figures = checkoutFigures(shops, now);
  const currencies = figures.shops.some((shop) => shop.couponRefusal) ? await listedCurrencies(db) : [];
  return { lines, figures, vouchers: chosen, currencies };
}

export function toFiguresDto(figures: Figures): CheckoutFiguresDto {
  return {
    total_amount: fromMinor(figures.totalAmount),
    delivery_charge: fromMinor(figures.deliveryCharge),
    coupon_discount: fromMinor(figures.couponDiscount),
    order_tax_amount: fromMinor(figures.orderTaxAmount),
    all_vat_taxes: figures.vatTaxes.map((tax) => ({ name: tax.name, percentage: Number(tax.percentage), amount: fromMinor(tax.amount) })),
    payable_amount: fromMinor(figures.payableAmount),
  };
}

/** The answer of POST /cart/checkout. */
export function checkoutDto(checkout: Checkout, t: Translate): CheckoutDto {
  const applied: AppliedCouponDto[] = checkout.vouchers.map((voucher) => {
    const shop = checkout.figures.shops.find((figures) => figures.shopId === voucher.shopId)!;
    return {
      shop_id: voucher.shopId,
      coupon_code: voucher.code,
      discount: fromMinor(shop.couponDiscount),
      message: shop.couponRefusal ? t(shop.couponRefusal, { amount: formatDefaultAmount(voucher.terms.minOrderAmount, checkout.currencies) }) : null,
    };
  });
  return {
    checkout_items: toCartGroups(checkout.lines).map((group) => ({
      ...group,
      checkout: toFiguresDto(checkout.figures.shops.find((shop) => shop.shopId === group.shop_id)!),
    })),
    checkout: toFiguresDto(checkout.figures),
    apply_coupon: applied,
  };
}
