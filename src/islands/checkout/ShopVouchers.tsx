import type { FormEvent } from 'react';
import type { AppliedCouponDto } from '../../contracts/cart';
import type { VoucherDto } from '../../contracts/voucher';
import { formatDate } from '../../lib/dates';
import { Amount, Bdi, Sentence } from '../common/Bdi';
import type { CheckoutLabels } from './labels';

/** A voucher with its validity already written in the page's language (by the server: no time zone drift). */
export type VoucherView = VoucherDto & { validity_label: string };

/** Each shop's vouchers with their validity written in the page's language. */
export function voucherViews(byShop: Record<number, VoucherDto[]>, locale: string): Record<number, VoucherView[]> {
  return Object.fromEntries(
    Object.entries(byShop).map(([shopId, list]) => [shopId, list.map((voucher) => ({ ...voucher, validity_label: formatDate(voucher.validity_iso, locale, 'medium') }))]),
  );
}

interface Props {
  shopId: number;
  shopName: string;
  vouchers: VoucherView[];
  applied: AppliedCouponDto | undefined;
  /** The checkout page, where the cart page's forms send the shopper back. */
  returnTo: string;
  price: (amount: number) => string;
  labels: CheckoutLabels;
  /** The list's heading level under the page's own headings (the cart page's shops are h2). */
  heading?: 'h3' | 'h4';
  busy?: boolean;
  /** Once hydrated: a voucher form's submission, done in place instead of through /cart. Without it (the cart page) the forms post. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

const small = 'rounded-lg px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-primary-600';
const filled = `${small} bg-primary-600 text-white ring-primary-600 hover:bg-primary-700`;

/** The hidden fields every voucher form posts to /cart (page-data/cart.ts). */
function Hidden({ action, shopId, returnTo, extra }: { action: string; shopId?: number; returnTo: string; extra?: Record<string, string | number> }) {
  return (
    <>
      <input type="hidden" name="action" value={action} />
      {shopId !== undefined && <input type="hidden" name="shop_id" value={shopId} />}
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="return_to" value={returnTo} />
    </>
  );
}

/**
 * A shop's "Apply Store voucher" row (docs/product.md §2 Cart drawer: "Voucher from: {shop}",
 * Collect / Collected, Apply, a code field) and the applied voucher with its removal. Plain
 * forms to the cart page, which comes back here; once the island runs they are done in place.
 */
export default function ShopVouchers({ shopId, shopName, vouchers, applied, returnTo, price, labels, heading: Heading = 'h4', busy = false, onSubmit }: Props) {
  const form = { method: 'post', action: '/cart', onSubmit } as const;
  return (
    <div className="border-t border-slate-100 px-4 py-3 text-sm">
      {applied && (
        <div className="mb-2 flex flex-wrap items-center gap-2" data-applied-voucher>
          <Bdi kind="code" className="rounded bg-green-50 px-2 py-0.5 font-mono text-green-800 ring-1 ring-green-200">
            {applied.coupon_code}
          </Bdi>
          {applied.message ? (
            <span className="text-amber-700">{applied.message}</span>
          ) : (
            <span className="text-green-800">
              <Amount text={price(applied.discount)} sign="-" />
            </span>
          )}
          <form {...form}>
            <Hidden action="remove-voucher" shopId={shopId} returnTo={returnTo} />
            <button type="submit" aria-disabled={busy} className={`${small} text-slate-700 ring-slate-300 hover:bg-slate-50`}>
              {labels.removeVoucher}
            </button>
          </form>
        </div>
      )}
      <details>
        <summary className="cursor-pointer font-medium text-primary-700">{labels.applyStoreVoucher}</summary>
        <div className="mt-3 space-y-3">
          <Heading className="font-semibold text-slate-900">
            <Sentence template={labels.voucherFrom} values={{ shop: shopName }} />
          </Heading>
          {vouchers.length === 0 ? (
            <p className="text-slate-600">{labels.noVoucher}</p>
          ) : (
            <ul className="space-y-2">
              {vouchers.map((voucher) => (
                <li key={voucher.id} className="flex flex-wrap items-center gap-3 rounded-lg p-3 ring-1 ring-slate-200" data-voucher={voucher.id}>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-primary-700">
                      {voucher.discount_type === 'Percentage' ? <Bdi kind="code">{`${voucher.discount}%`}</Bdi> : <Amount text={price(voucher.discount)} />} {labels.off}
                    </p>
                    <p className="text-xs text-slate-600">
                      {labels.minimumSpend}: <Amount text={price(voucher.min_order_amount)} />
                    </p>
                    <p className="text-xs text-slate-600">
                      {labels.validityTill}: {voucher.validity_label}
                    </p>
                  </div>
                  {voucher.is_collected ? (
                    <span className={`${small} text-slate-500 ring-slate-200`}>{labels.collected}</span>
                  ) : (
                    <form {...form}>
                      <Hidden action="collect-voucher" returnTo={returnTo} extra={{ coupon_id: voucher.id }} />
                      <button type="submit" aria-disabled={busy} className={`${small} text-primary-700 ring-primary-600 hover:bg-primary-50`}>
                        {labels.collect}
                      </button>
                    </form>
                  )}
                  <form {...form}>
                    <Hidden action="apply-voucher" shopId={shopId} returnTo={returnTo} extra={{ coupon_code: voucher.code }} />
                    <button type="submit" aria-disabled={busy} className={filled}>
                      {labels.apply}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
          <form {...form} className="flex gap-2">
            <Hidden action="apply-voucher" shopId={shopId} returnTo={returnTo} />
            <label className="sr-only" htmlFor={`voucher-code-${shopId}`}>
              {labels.voucherCode}
            </label>
            <input
              id={`voucher-code-${shopId}`}
              name="coupon_code"
              maxLength={40}
              autoComplete="off"
              placeholder={labels.voucherCode}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 uppercase"
            />
            <button type="submit" aria-disabled={busy} className={filled}>
              {labels.apply}
            </button>
          </form>
        </div>
      </details>
    </div>
  );
}
