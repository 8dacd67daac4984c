/**
 * The checkout figures (docs/product.md §3.2, §4.3 "the checkout total applies the same
 * rule over selected shops only", §7 POST /cart/checkout): per shop, then summed. The one
 * place they are computed: the cart drawer's figures, the checkout page and order
 * placement (one order per shop, one payment for all) use it, so what the shopper is
 * shown is what the orders charge. Integer minor units throughout: every shop's amounts
 * are whole cents and the checkout's are their exact sums.
 *
 * Per shop:
 * - total_amount: its lines' totals (each priced by lib/price.ts).
 * - delivery_charge: the shop's charge, once per order.
 * - coupon_discount: its applied voucher (lib/voucher.ts) on total_amount; a voucher that
 *   cannot be used any more takes nothing off and is reported as refused.
 * - VAT: each line's taxes on the line total, rounded half up per line and tax; a tax is
 *   charged on what the line costs, before the shop's voucher (vouchers are the shop's
 *   promotion, not a change of the taxable price).
 * - payable_amount = total_amount + delivery_charge + order_tax_amount − coupon_discount.
 */
import { basisPoints, percentOf } from './percent.ts';
import { voucherDiscount, voucherRefusal, type VoucherRefusal, type VoucherTerms } from './voucher.ts';

export interface VatRate {
  name: string;
  /** numeric(5,2) text, e.g. "7.50". */
  percentage: string;
}

export interface TotalsLine {
  /** The line total from lib/price.ts, minor units. */
  total: number;
  vatTaxes: readonly VatRate[];
}

export interface TotalsShop {
  shopId: number;
  deliveryCharge: number;
  lines: readonly TotalsLine[];
  /** The voucher applied to this shop, with how often the shopper has used it. */
  voucher?: { code: string; terms: VoucherTerms; timesUsed: number } | null | undefined;
}

export interface VatAmount {
  name: string;
  percentage: string;
  amount: number;
}

export interface Figures {
  totalAmount: number;
  deliveryCharge: number;
  couponDiscount: number;
  orderTaxAmount: number;
  vatTaxes: VatAmount[];
  payableAmount: number;
}

export interface ShopFigures extends Figures {
  shopId: number;
  /** The voucher code that took `couponDiscount` off; null when none did. */
  couponCode: string | null;
  /** Why an applied voucher took nothing off. */
  couponRefusal: VoucherRefusal | null;
}

export interface CheckoutFigures extends Figures {
  shops: ShopFigures[];
}

function addVat(into: VatAmount[], name: string, percentage: string, amount: number): void {
  const same = into.find((tax) => tax.name === name && tax.percentage === percentage);
  if (same) same.amount += amount;
  else into.push({ name, percentage, amount });
}

/** The VAT of lines by rate: each line's tax on its total, rounded half up, the same rates added together. */
export function linesVat(lines: readonly TotalsLine[]): VatAmount[] {
  const vatTaxes: VatAmount[] = [];
  for (const line of lines) {
    for (const tax of line.vatTaxes) addVat(vatTaxes, tax.name, tax.percentage, percentOf(line.total, basisPoints(tax.percentage)));
  }
  return vatTaxes;
}

export function shopFigures(shop: TotalsShop, now: Date): ShopFigures {
  const totalAmount = shop.lines.reduce((sum, line) => sum + line.total, 0);
  const vatTaxes = linesVat(shop.lines);
  const orderTaxAmount = vatTaxes.reduce((sum, tax) => sum + tax.amount, 0);

  let couponDiscount = 0;
  let couponCode: string | null = null;
  let couponRefusal: VoucherRefusal | null = null;
  if (shop.voucher) {
    couponRefusal = voucherRefusal(shop.voucher.terms, { subtotal: totalAmount, timesUsed: shop.voucher.timesUsed, now });
    if (!couponRefusal) {
      couponDiscount = voucherDiscount(shop.voucher.terms, totalAmount);
      couponCode = shop.voucher.code;
    }
  }
  const deliveryCharge = shop.lines.length ? shop.deliveryCharge : 0;
  return {
    shopId: shop.shopId,
    totalAmount,
    deliveryCharge,
    couponDiscount,
    orderTaxAmount,
    vatTaxes,
    payableAmount: totalAmount + deliveryCharge + orderTaxAmount - couponDiscount,
    couponCode,
    couponRefusal,
  };
}

/** The figures of the given shops, each on its own and summed. */
export function checkoutFigures(shops: readonly TotalsShop[], now: Date = new Date()): CheckoutFigures {
  const perShop = shops.map((shop) => shopFigures(shop, now));
  const vatTaxes: VatAmount[] = [];
  for (const shop of perShop) for (const tax of shop.vatTaxes) addVat(vatTaxes, tax.name, tax.percentage, tax.amount);
  const sum = (pick: (shop: ShopFigures) => number) => perShop.reduce((total, shop) => total + pick(shop), 0);
  return {
    shops: perShop,
    totalAmount: sum((shop) => shop.totalAmount),
    deliveryCharge: sum((shop) => shop.deliveryCharge),
    couponDiscount: sum((shop) => shop.couponDiscount),
    orderTaxAmount: sum((shop) => shop.orderTaxAmount),
    vatTaxes,
    payableAmount: sum((shop) => shop.payableAmount),
  };
}
