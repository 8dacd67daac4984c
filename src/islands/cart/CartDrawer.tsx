import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { CartGroupDto } from '../../contracts/cart';
import { formatPrice, type DisplayCurrency } from '../../lib/money';
import { notifyError, setToastLayer } from '../../lib/notify';
import { countLabel } from '../../lib/plural';
import { cart, loadCheckout, toggleShop } from '../../stores/cart';
import { closeBasket, siteSettings } from '../../stores/settings';
import { Amount, Bdi } from '../common/Bdi';
import ShopToaster from '../toasts/ShopToaster';
import { reportCartError } from './cart-toasts';
import DrawerLine, { focusRing } from './DrawerLine';
import type { CartLabels } from './labels';
import VoucherPanel from './VoucherPanel';

interface Props {
  open: boolean;
  display: DisplayCurrency;
  labels: CartLabels;
}

/** The drawer's own toaster: the page's is inert while the drawer is open (lib/notify setToastLayer). */
const DRAWER_TOASTER = 'cart-drawer';

/**
 * The cart drawer (docs/product.md §2 Cart drawer, §4.4): a modal <dialog> at the inline end,
 * so focus stays inside, Escape closes it and focus goes back to what opened it. Opening it
 * fetches the checkout figures of the selected shops.
 */
export default function CartDrawer({ open, display, labels }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useStore(cart);
  const { multiVendor } = useStore(siteSettings);
  const [voucherShop, setVoucherShop] = useState<CartGroupDto | null>(null);
  const voucherOpener = useRef<HTMLElement | null>(null);
  const price = (amount: number) => formatPrice(amount, display);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      setToastLayer(DRAWER_TOASTER);
      // docs/product.md §4.6 Drawer: opening fetches the checkout products, a selection started if none was made.
      if (cart.get().products.length > 0) loadCheckout({ startSelection: true }).catch((error: unknown) => reportCartError(error, labels));
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, labels]);

  function closed(event: { target: EventTarget; currentTarget: EventTarget }) {
    if (event.target !== event.currentTarget) return;
    setToastLayer(undefined);
    setVoucherShop(null);
    closeBasket();
  }

  function showVouchers(group: CartGroupDto, opener: HTMLElement) {
    voucherOpener.current = opener;
    setVoucherShop(group);
  }

  function hideVouchers() {
    setVoucherShop(null);
    // Back to the "Apply Store voucher" button that opened the list, once the lines show again.
    requestAnimationFrame(() => voucherOpener.current?.focus());
  }

  function proceed() {
    const selected = cart.get().selectedShopIds;
    // docs/product.md §5: needs a selected shop (single-vendor mode selects the first by itself).
    if (selected.length === 0) {
      notifyError(labels.selectShop);
      return;
    }
    closeBasket();
    window.location.assign(`/checkout?${selected.map((id) => `shop_ids=${id}`).join('&')}`);
  }

  const figures = state.checkoutProducts.length > 0;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={closed}
      onCancel={(event) => {
        // Escape leaves the voucher list first, then the drawer.
        if (!voucherShop) return;
        event.preventDefault();
        hideVouchers();
      }}
      data-cart-drawer
      className="m-0 ms-auto h-dvh max-h-none w-full max-w-md bg-slate-50 p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <h2 id={titleId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {countLabel(labels.title, state.total)}
          </h2>
          <button type="button" aria-label={labels.close} onClick={closeBasket} className={`rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100 ${focusRing}`}>
            ×
          </button>
        </header>
        <div className="flex-1 space-y-4 overflow-y-auto p-4">
          {state.products.length === 0 ? (
            <p className="py-10 text-center text-slate-600" data-cart-empty>
              {labels.empty}
            </p>
          ) : (
            <>
              {voucherShop && <VoucherPanel shop={voucherShop} display={display} labels={labels} onClose={hideVouchers} />}
              {/* Kept while the voucher list shows, so focus can go back to the button that opened it. */}
              <div hidden={voucherShop !== null} className="space-y-4">
                {state.products.map((group) => (
                  <ShopGroup
                    key={group.shop_id}
                    group={group}
                    multiVendor={multiVendor}
                    selected={state.selectedShopIds.includes(group.shop_id)}
                    applied={state.apply_coupon.find((coupon) => coupon.shop_id === group.shop_id)?.coupon_code}
                    price={price}
                    labels={labels}
                    onVouchers={(opener) => showVouchers(group, opener)}
                  />
                ))}
              </div>
            </>
          )}
        </div>
        {state.products.length > 0 && (
          <footer className="space-y-2 border-t border-slate-200 bg-white p-4 text-sm">
            {figures && (
              <dl className="space-y-1 text-slate-700" data-cart-figures>
                <Row term={labels.total} value={<Amount text={price(state.total_amount)} />} />
                <Row term={labels.deliveryCharge} value={<Amount text={price(state.delivery_charge)} />} />
                {state.coupon_discount > 0 && <Row term={labels.couponDiscount} value={<Amount text={price(state.coupon_discount)} sign="-" />} />}
                {state.all_vat_taxes.map((tax) => (
                  <Row
                    key={`${tax.name}-${tax.percentage}`}
                    term={
                      <>
                        <Bdi>{tax.name}</Bdi> (<Bdi kind="code">{tax.percentage}%</Bdi>)
                      </>
                    }
                    value={<Amount text={price(tax.amount)} />}
                  />
                ))}
              </dl>
            )}
            {state.selectedShopIds.length === 0 && (
              // docs/product.md §4.6: the amount is the selected shops'; none selected says so rather than a bare $0.00.
              <p className="text-slate-600" data-select-shop>
                {labels.selectShop}
              </p>
            )}
            <p className="flex justify-between text-base font-semibold">
              <span>{labels.cartAmount}</span>
              <Amount text={price(state.payable_amount)} data-cart-amount />
            </p>
            <button type="button" onClick={proceed} className={`block w-full rounded-lg bg-primary-600 px-4 py-2.5 font-medium text-white hover:bg-primary-700 ${focusRing}`}>
              {labels.proceed}
            </button>
          </footer>
        )}
      </div>
      <ShopToaster id={DRAWER_TOASTER} placement="drawer" direction={direction()} labels={{ close: labels.close, notifications: labels.notifications }} />
    </dialog>
  );
}

const direction = () => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

function Row({ term, value }: { term: ReactNode; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

interface GroupProps {
  group: CartGroupDto;
  multiVendor: boolean;
  selected: boolean;
  applied: string | undefined;
  price: (amount: number) => string;
  labels: CartLabels;
  onVouchers: (opener: HTMLElement) => void;
}

function ShopGroup({ group, multiVendor, selected, applied, price, labels, onVouchers }: GroupProps) {
  const nameId = useId();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      await toggleShop(group.shop_id);
    } catch (error) {
      reportCartError(error, labels);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={nameId} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" data-cart-shop={group.shop_id}>
      {multiVendor && (
        <header className="flex items-center gap-3 border-b border-slate-100 px-3 py-2">
          <input
            type="checkbox"
            checked={selected}
            aria-busy={busy}
            onChange={() => void toggle()}
            aria-labelledby={nameId}
            className={`h-5 w-5 shrink-0 rounded border-slate-300 accent-primary-600 ${focusRing}`}
          />
          <h3 id={nameId} className="min-w-0 flex-1 truncate font-semibold">
            <Bdi>{group.shop_name}</Bdi>
          </h3>
          <span className="shrink-0 text-sm text-slate-700">
            <span aria-hidden="true" className="text-amber-500">
              ★{' '}
            </span>
            <span className="sr-only">{labels.rating}: </span>
            {group.shop_rating.toFixed(1)}
          </span>
        </header>
      )}
      {!multiVendor && (
        <h3 id={nameId} className="sr-only">
          {group.shop_name}
        </h3>
      )}
      <ul className="divide-y divide-slate-100">
        {group.products.map((item) => (
          <DrawerLine key={item.line_id} item={item} price={price} labels={labels} />
        ))}
      </ul>
      {multiVendor && (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-3 py-2 text-sm">
          <button
            type="button"
            data-voucher-opener
            onClick={(event) => onVouchers(event.currentTarget)}
            className={`rounded-md font-medium text-primary-700 hover:underline ${focusRing}`}
          >
            {labels.applyStoreVoucher}
          </button>
          {applied && (
            <Bdi kind="code" className="ms-auto rounded bg-green-50 px-2 py-0.5 font-mono text-green-800 ring-1 ring-green-200" data-applied-voucher>
              {applied}
            </Bdi>
          )}
        </div>
      )}
    </section>
  );
}
