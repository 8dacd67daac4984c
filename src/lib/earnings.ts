/**
 * The seller's side of an order (docs/decisions/017-sellers.md, "Earnings"): what each
 * line brought in, the platform's commission on it and the seller's net, in integer minor
 * units. The one place this split is computed; order placement stores it on the order and
 * its lines, and the shop's ledger credits the order's net once the order is delivered.
 *
 * - A line's gross: its total (lib/price.ts) plus its VAT (lib/totals.ts, the same rounding)
 *   less its share of the order's voucher discount. Shares are proportional to line totals,
 *   split by largest remainder so they add up to the discount exactly.
 * - The commission: the site's percentage of the line's gross before VAT (tax is not the
 *   seller's income, so the platform takes no cut of it), plus the fixed fee per order spread
 *   over the lines the same way, never more than a line's gross.
 * - The net: gross − commission. The delivery charge goes to the seller whole.
 * So for every order: sum(line gross) + delivery = payable, and commission + net = payable.
 */
import { basisPoints, percentOf } from './percent.ts';
import { linesVat, type TotalsLine } from './totals.ts';

export interface CommissionTerms {
  /** A percentage with at most two decimals: 10, 12.5, "7.50". */
  percent: string | number;
  /** Minor units charged once per order (0: none). */
  fixedPerOrder: number;
}

export interface LineSplit {
  gross: number;
  commission: number;
  net: number;
}

export interface OrderSplit {
  lines: LineSplit[];
  commission: number;
  net: number;
}

/** `total` split over `weights` in proportion, by largest remainder: the parts add up to `total` exactly. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return weights.map(() => 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The split of one shop's order: its lines (as priced for the checkout), the voucher
 * discount it got, its delivery charge and the commission terms in force when it is placed.
 */
export function splitOrder(lines: readonly TotalsLine[], couponDiscount: number, deliveryCharge: number, terms: CommissionTerms): OrderSplit {
  const points = basisPoints(terms.percent);
  const discounts = apportion(
    couponDiscount,
    lines.map((line) => line.total),
  );
  const beforeTax = lines.map((line, index) => line.total - discounts[index]!);
  const fees = apportion(lines.length ? terms.fixedPerOrder : 0, beforeTax);
  const split = lines.map((line, index) => {
    const vat = linesVat([line]).reduce((sum, tax) => sum + tax.amount, 0);
    const gross = beforeTax[index]! + vat;
    const commission = Math.min(gross, percentOf(beforeTax[index]!, points) + fees[index]!);
    return { gross, commission, net: gross - commission };
  });
  const commission = split.reduce((sum, line) => sum + line.commission, 0);
  const net = split.reduce((sum, line) => sum + line.net, 0) + deliveryCharge;
  return { lines: split, commission, net };
}
