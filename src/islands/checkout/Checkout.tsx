import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AddressDto } from '../../contracts/address';
import type { CheckoutDto } from '../../contracts/cart';
import type { CurrencyDto } from '../../contracts/master';
import { ApiError } from '../../lib/api-envelope';
import { flashNextPage } from '../../lib/flash';
import { imageSrcset } from '../../lib/images';
import { convertParts, formatConverted, formatPrice } from '../../lib/money';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pageCurrency } from '../../lib/page-currency';
import { shownLine } from '../../lib/price';
import { applyVoucher, chooseCheckoutAddress, collectVoucher, loadCheckoutOf, removeVoucher, showCheckoutFigures } from '../../stores/cart';
import type { CodeTarget } from '../../lib/code-target';
import { placeOrder, sendAccountCode, verifyAccountCode } from '../../stores/checkout';
import { useJoinedStores } from '../common/use-joined-stores';
import AddressChoice from './AddressChoice';
import { ConfirmDialog, CONFIRM_DIALOG, PRIMARY_CLASS, VerifyDialog, VERIFY_DIALOG } from './Dialogs';
import Figures from './Figures';
import { Amount, Bdi } from '../common/Bdi';
import type { CheckoutLabels } from './labels';
import ShopVouchers, { type VoucherView } from './ShopVouchers';

/** What the checkout page hands the island (page-data/checkout.ts, its vouchers' dates written out). */
export interface CheckoutIslandData {
  mode: 'cart' | 'buynow';
  shopIds: number[];
  checkout: CheckoutDto;
  vouchers: Record<number, VoucherView[]>;
  /** Each shop's delivery estimate in the page's language (lib/delivery-time.ts), by shop id. */
  deliveryTimes: Record<number, string>;
  addresses: AddressDto[];
  addressId: number | null;
  payments: { value: string; label: string; logo: string | null }[];
  onlineUnavailable: boolean;
  needsVerification: boolean;
  codeDestination: string;
  codeTarget: CodeTarget;
  codeSent: boolean;
  justVerified: boolean;
  idempotencyKey: string;
  self: string;
}

interface Props {
  data: CheckoutIslandData;
  labels: CheckoutLabels;
  /** The currency the server rendered the page's prices in. */
  currency: CurrencyDto | null;
  /** The message the last form's redirect left (a code sent, a wrong code): shown in the code dialog. */
  notice: { type: 'success' | 'error'; message: string } | null;
  /** The "Add New Address" form (Astro slot). */
  newAddress?: ReactNode;
}

type Notice = Props['notice'];

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The checkout (docs/product.md §2.1 /checkout, §4.6): shipping address, the shops'
 * items with their vouchers, payment method, note, the figures, the order confirmation modal
 * and the OTP modal. The server renders it as plain forms that work without JavaScript
 * (page-data/checkout.ts; the dialogs open with invoker commands). Hydrated late, it does the
 * same in place: vouchers change the figures without a reload, Confirm places the order
 * through the API (stores/checkout.ts), and the account code is sent and checked in its modal.
 */
export default function Checkout({ data, labels, currency, notice, newAddress }: Props) {
  useJoinedStores();
  const display = pageCurrency(currency);
  const price = (amount: number) => formatPrice(amount, display);
  const isBuyNow = data.mode === 'buynow';
  const [checkout, setCheckout] = useState(data.checkout);
  const [vouchers, setVouchers] = useState(data.vouchers);
  const [voucherBusy, setVoucherBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [verified, setVerified] = useState(!data.needsVerification);
  const [codeSent, setCodeSent] = useState(data.codeSent);
  const [codeBusy, setCodeBusy] = useState(false);
  const [codeMessage, setCodeMessage] = useState<Notice>(data.codeSent ? notice : null);
  // Refs guard against a second event before React re-renders (a double click).
  const inFlight = useRef({ voucher: false, place: false, code: false });
  const confirm = useRef<HTMLDialogElement>(null);
  const verify = useRef<HTMLDialogElement>(null);
  const placeButton = useRef<HTMLButtonElement>(null);

  const items = checkout.checkout_items;
  const figures = checkout.checkout;
  const applied = new Map(checkout.apply_coupon.map((coupon) => [coupon.shop_id, coupon]));
  // Each shop's payable in the shopper's currency, adding up to the payable to the cent.
  const shopPayables = convertParts(
    items.map((group) => group.checkout.payable_amount),
    display,
  );
  const canPlace = items.length > 0 && data.addressId !== null && data.payments.length > 0;

  useEffect(() => {
    // The persisted cart state (§3.2) learns what this checkout shows and where it ships.
    showCheckoutFigures(data.checkout, isBuyNow);
    chooseCheckoutAddress(data.addresses.find((address) => address.id === data.addressId) ?? null);
    // A dialog the server rendered open (after a form's round trip) becomes modal: focus kept inside, Escape closes.
    for (const dialog of [confirm.current, verify.current]) {
      if (dialog?.open && !dialog.matches(':modal')) {
        dialog.close();
        dialog.showModal();
      }
    }
  }, [data, isBuyNow]);

  async function refresh() {
    const next = await loadCheckoutOf(data.shopIds, isBuyNow);
    if (next) setCheckout(next);
  }

  /** A voucher form (collect, apply, remove), done in place; the figures follow. */
  async function onVoucher(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const action = String(form.get('action'));
    const shopId = Number(form.get('shop_id'));
    const code = String(form.get('coupon_code') ?? '').trim();
    if (inFlight.current.voucher || (action === 'apply-voucher' && !code)) return;
    inFlight.current.voucher = true;
    setVoucherBusy(true);
    try {
      if (action === 'collect-voucher') {
        const couponId = Number(form.get('coupon_id'));
        notifySuccess(await collectVoucher(couponId));
        setVouchers((all) =>
          Object.fromEntries(Object.entries(all).map(([shop, list]) => [shop, list.map((voucher) => (voucher.id === couponId ? { ...voucher, is_collected: true } : voucher))])),
        );
      } else {
        notifySuccess(action === 'apply-voucher' ? await applyVoucher(shopId, code) : await removeVoucher(shopId));
        await refresh();
      }
    } catch (error) {
      notifyError(messageOf(error));
    } finally {
      inFlight.current.voucher = false;
      setVoucherBusy(false);
    }
  }

  /** Confirm: POST /place-order once, then the payment page or the orders with the server's message. */
  async function onPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current.place) return;
    inFlight.current.place = true;
    setPlacing(true);
    const form = new FormData(event.currentTarget);
    try {
      const placed = await placeOrder({
        shop_ids: data.shopIds,
        address_id: Number(form.get('address_id')),
        payment_method: String(form.get('payment_method') ?? ''),
        note: String(form.get('note') ?? ''),
        idempotency_key: data.idempotencyKey,
        payable_amount: figures.payable_amount,
        is_buy_now: isBuyNow,
      });
      if (!placed.paying) flashNextPage('success', placed.message);
      window.location.assign(placed.url);
    } catch (error) {
      inFlight.current.place = false;
      setPlacing(false);
      confirm.current?.close();
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401) {
        // Signed out (stores/checkout.ts): the page comes back asking to sign in, with the message.
        flashNextPage('error', messageOf(error));
        window.location.reload();
        return;
      }
      notifyError(messageOf(error));
      // A price or stock that changed since the page was drawn: the figures as they are now.
      if (status === 409 || status === 422) await refresh().catch(() => undefined);
    }
  }

  async function onSendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current.code) return;
    inFlight.current.code = true;
    setCodeBusy(true);
    try {
      setCodeMessage({ type: 'success', message: await sendAccountCode(data.codeTarget) });
      setCodeSent(true);
    } catch (error) {
      setCodeMessage({ type: 'error', message: messageOf(error) });
    } finally {
      inFlight.current.code = false;
      setCodeBusy(false);
    }
  }

  async function onVerifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '').trim();
    if (inFlight.current.code) return;
    inFlight.current.code = true;
    setCodeBusy(true);
    try {
      const message = await verifyAccountCode(data.codeTarget, otp);
      setVerified(true);
      verify.current?.close();
      notifySuccess(message);
      // Verified: on to the confirmation.
      confirm.current?.showModal();
    } catch (error) {
      setCodeMessage({ type: 'error', message: messageOf(error) });
    } finally {
      inFlight.current.code = false;
      setCodeBusy(false);
    }
  }

  /** A dialog opened by the island (not by the button) gives the focus back to Place Order. */
  function onConfirmClosed() {
    if (!document.activeElement || document.activeElement === document.body) placeButton.current?.focus();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        <AddressChoice addresses={data.addresses} addressId={data.addressId} labels={labels} onChoose={chooseCheckoutAddress}>
          {newAddress}
        </AddressChoice>
        <section className={card} aria-labelledby="checkout-items">
          <h2 id="checkout-items" className="mb-3 text-lg font-semibold text-slate-900">
            {labels.items}
          </h2>
          <div className="space-y-5">
            {items.map((group, groupIndex) => (
              <div key={group.shop_id} data-checkout-shop={group.shop_id}>
                <h3 className="font-semibold text-slate-900">
                  <Bdi>{group.shop_name}</Bdi>
                </h3>
                {data.deliveryTimes[group.shop_id] && (
                  <p className="text-sm text-slate-600" data-delivery-estimate>
                    {labels.estimatedDelivery}: <Bdi>{data.deliveryTimes[group.shop_id]}</Bdi>
                  </p>
                )}
                <ul className="mt-2 divide-y divide-slate-100">
                  {group.products.map((item) => {
                    const shown = shownLine(item, item.quantity);
                    return (
                      <li key={item.line_id} className="flex items-center gap-3 py-3">
                        <img
                          src={item.thumbnail}
                          srcSet={imageSrcset(item.thumbnail)}
                          sizes="56px"
                          alt=""
                          width="56"
                          height="56"
                          loading="lazy"
                          className="h-14 w-14 shrink-0 rounded-lg object-cover"
                        />
                        <div className="min-w-0 flex-1 text-sm">
                          <p className="line-clamp-2 font-medium text-slate-900">
                            <Bdi>{item.name}</Bdi>
                          </p>
                          <p className="text-xs text-slate-600">
                            <Bdi>{[item.size?.name, item.color?.name].filter(Boolean).join(' · ')}</Bdi>
                          </p>
                        </div>
                        <p className="text-end text-sm">
                          <span className="block text-slate-600">
                            <Bdi kind="code">{item.quantity} ×</Bdi> <Amount text={price(shown.current)} />
                          </span>
                          <Amount text={price(shown.total)} className="font-semibold" />
                        </p>
                      </li>
                    );
                  })}
                </ul>
                <div className="mt-1 flex flex-wrap justify-between gap-2 text-sm text-slate-700">
                  <span>
                    {labels.deliveryCharge}: <Amount text={price(group.checkout.delivery_charge)} />
                  </span>
                  <span>
                    {labels.subtotal}: <Amount text={formatConverted(shopPayables[groupIndex] ?? 0, display)} className="font-semibold" data-shop-payable />
                  </span>
                </div>
                <div className="-mx-4 mt-2">
                  <ShopVouchers
                    shopId={group.shop_id}
                    shopName={group.shop_name}
                    vouchers={vouchers[group.shop_id] ?? []}
                    applied={applied.get(group.shop_id)}
                    returnTo={data.self}
                    price={price}
                    labels={labels}
                    busy={voucherBusy}
                    onSubmit={(event) => void onVoucher(event)}
                  />
                </div>
              </div>
            ))}
          </div>
        </section>
        <form id="place-order" method="post" action={data.self} className={`${card} space-y-5`} data-checkout-form onSubmit={(event) => void onPlace(event)}>
          <input type="hidden" name="action" value="place" />
          <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
          <input type="hidden" name="payable_amount" value={figures.payable_amount} />
          {data.shopIds.map((id) => (
            <input key={id} type="hidden" name="shop_ids" value={id} />
          ))}
          <fieldset>
            <legend className="mb-3 text-lg font-semibold text-slate-900">{labels.paymentMethod}</legend>
            {data.payments.length === 0 && <p className="text-sm text-red-700">{labels.noPaymentMethod}</p>}
            <div className="grid gap-2 sm:grid-cols-2">
              {data.payments.map((option, index) => (
                <label key={option.value} className="flex cursor-pointer items-center gap-3 rounded-lg p-3 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-primary-600">
                  <input type="radio" name="payment_method" value={option.value} defaultChecked={index === 0} className="h-4 w-4 text-primary-600" />
                  {option.logo && <img src={option.logo} alt="" width="32" height="32" className="h-8 w-8 object-contain" />}
                  <span className="font-medium">{option.label}</span>
                </label>
              ))}
            </div>
            {data.onlineUnavailable && (
              <p className="mt-2 text-sm text-slate-600" data-online-unavailable>
                {labels.onlineUnavailable}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor="checkout-note" className="mb-1 block font-semibold text-slate-900">
              {labels.note}
            </label>
            <textarea
              id="checkout-note"
              name="note"
              rows={3}
              maxLength={1000}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2"
              placeholder={labels.notePlaceholder}
            />
          </div>
        </form>
      </div>
      <aside className={`${card} h-fit space-y-4`} aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className="text-lg font-semibold text-slate-900">
          {labels.orderSummary}
        </h2>
        <Figures figures={figures} price={price} labels={labels} />
        <button
          ref={placeButton}
          type="button"
          className={`${PRIMARY_CLASS} w-full`}
          disabled={!canPlace}
          commandfor={verified ? CONFIRM_DIALOG : VERIFY_DIALOG}
          command="show-modal"
        >
          {labels.placeOrder}
        </button>
        {data.addressId === null && <p className="text-sm text-red-700">{labels.addAddressFirst}</p>}
        {!verified && (
          <VerifyDialog
            ref={verify}
            labels={labels}
            destination={data.codeDestination}
            self={data.self}
            open={data.codeSent && canPlace}
            sent={codeSent}
            busy={codeBusy}
            message={codeMessage}
            onSend={(event) => void onSendCode(event)}
            onVerify={(event) => void onVerifyCode(event)}
          />
        )}
        <ConfirmDialog
          ref={confirm}
          labels={labels}
          amount={price(figures.payable_amount)}
          orders={items.length}
          open={data.justVerified && verified && canPlace}
          placing={placing}
          onClose={onConfirmClosed}
        />
      </aside>
    </div>
  );
}
