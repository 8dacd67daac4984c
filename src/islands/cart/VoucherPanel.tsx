import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CartGroupDto } from '../../contracts/cart';
import type { VoucherDto } from '../../contracts/voucher';
import { formatDate } from '../../lib/dates';
import { formatPrice, type DisplayCurrency } from '../../lib/money';
import { notifySuccess } from '../../lib/notify';
import { applyVoucher, cart, collectVoucher, loadVouchers, needsLogin, removeVoucher } from '../../stores/cart';
import { locale as localeStore } from '../../stores/settings';
import { Amount, Bdi, Sentence } from '../common/Bdi';
import { reportCartError } from './cart-toasts';
import type { CartLabels } from './labels';

interface Props {
  shop: CartGroupDto;
  display: DisplayCurrency;
  labels: CartLabels;
  /** Back to the cart's lines. */
  onClose: () => void;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';
const small = `rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ${focusRing}`;

/**
 * A shop's vouchers (docs/product.md §2 Cart drawer: "Voucher from: {shop}", discount as a
 * percentage or an amount, Minimum Spend, Validity till, Collect or Collected), with Apply
 * and a code field as the cart page has. Shown in place of the drawer's lines rather than
 * as a second modal dialog, so the drawer's toasts stay reachable; Escape comes back here first.
 */
export default function VoucherPanel({ shop, display, labels, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const codeId = useId();
  const locale = useStore(localeStore);
  const { apply_coupon: applied } = useStore(cart);
  const [vouchers, setVouchers] = useState<VoucherDto[] | null>(null);
  const [busy, setBusy] = useState(false);
  const appliedCode = applied.find((coupon) => coupon.shop_id === shop.shop_id);

  useEffect(() => {
    heading.current?.focus();
    let current = true;
    loadVouchers(shop.shop_id)
      .then((list) => current && setVouchers(list))
      .catch((error: unknown) => {
        reportCartError(error, labels);
        // docs/product.md §8: a 401 on the voucher list signs out and goes to /.
        if (needsLogin(error)) window.location.assign('/');
        else if (current) setVouchers([]);
      });
    return () => {
      current = false;
    };
  }, [shop.shop_id, labels]);

  async function run(action: () => Promise<string>, after?: () => void) {
    if (busy) return;
    setBusy(true);
    try {
      notifySuccess(await action());
      after?.();
    } catch (error) {
      reportCartError(error, labels);
    } finally {
      setBusy(false);
    }
  }

  const collect = (voucher: VoucherDto) =>
    run(
      () => collectVoucher(voucher.id),
      // docs/product.md §4.4 Voucher: not collected becomes collected.
      () => setVouchers((list) => list?.map((item) => (item.id === voucher.id ? { ...item, is_collected: true } : item)) ?? null),
    );

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('coupon_code') ?? '').trim();
    if (code) void run(() => applyVoucher(shop.shop_id, code));
  }

  const discount = (voucher: VoucherDto) => (
    <>
      {voucher.discount_type === 'Percentage' ? <Bdi kind="code">{`${voucher.discount}%`}</Bdi> : <Amount text={formatPrice(voucher.discount, display)} />} {labels.off}
    </>
  );

  return (
    <section aria-labelledby={titleId} aria-busy={vouchers === null} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-voucher-panel>
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          <Sentence template={labels.voucherFrom} values={{ shop: shop.shop_name }} />
        </h3>
        <button type="button" aria-label={labels.close} onClick={onClose} className={`rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100 ${focusRing}`}>
          ×
        </button>
      </div>
      {appliedCode && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-applied-voucher>
          <Bdi kind="code" className="rounded bg-green-50 px-2 py-0.5 font-mono text-green-800 ring-1 ring-green-200">
            {appliedCode.coupon_code}
          </Bdi>
          {appliedCode.message ? (
            <span className="text-amber-700">{appliedCode.message}</span>
          ) : (
            <Amount text={formatPrice(appliedCode.discount, display)} sign="-" className="text-green-800" />
          )}
          <button
            type="button"
            aria-disabled={busy}
            onClick={() => void run(() => removeVoucher(shop.shop_id))}
            className={`${small} ms-auto text-slate-700 ring-slate-300 hover:bg-slate-50`}
          >
            {labels.removeVoucher}
          </button>
        </div>
      )}
      <div className="mt-4">
        {vouchers === null ? (
          <p className="text-sm text-slate-600">{labels.loading}</p>
        ) : vouchers.length === 0 ? (
          <p className="text-sm text-slate-600">{labels.noVoucher}</p>
        ) : (
          <ul className="max-h-[50dvh] space-y-2 overflow-y-auto p-0.5">
            {vouchers.map((voucher) => (
              <li key={voucher.id} className="flex flex-wrap items-center gap-3 rounded-lg p-3 ring-1 ring-slate-200" data-voucher={voucher.id}>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-primary-700">{discount(voucher)}</p>
                  <p className="text-xs text-slate-600">
                    {labels.minimumSpend}: <Amount text={formatPrice(voucher.min_order_amount, display)} />
                  </p>
                  <p className="text-xs text-slate-600">
                    {labels.validityTill}: {formatDate(voucher.validity_iso, locale, 'medium')}
                  </p>
                </div>
                {voucher.is_collected ? (
                  <span className={`${small} text-slate-500 ring-slate-200`}>{labels.collected}</span>
                ) : (
                  <button type="button" aria-disabled={busy} onClick={() => void collect(voucher)} className={`${small} text-primary-700 ring-primary-600 hover:bg-primary-50`}>
                    {labels.collect}
                  </button>
                )}
                <button
                  type="button"
                  aria-disabled={busy}
                  aria-label={`${labels.apply} ${voucher.code}`}
                  onClick={() => void run(() => applyVoucher(shop.shop_id, voucher.code))}
                  className={`${small} bg-primary-600 text-white ring-primary-600 hover:bg-primary-700`}
                >
                  {labels.apply}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className="mt-4 flex gap-2" onSubmit={submitCode}>
        <label className="sr-only" htmlFor={codeId}>
          {labels.voucherCode}
        </label>
        <input
          id={codeId}
          name="coupon_code"
          maxLength={40}
          autoComplete="off"
          placeholder={labels.voucherCode}
          className={`min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 uppercase ${focusRing}`}
        />
        <button type="submit" aria-disabled={busy} className={`${small} bg-primary-600 text-white ring-primary-600 hover:bg-primary-700`}>
          {labels.apply}
        </button>
      </form>
    </section>
  );
}
