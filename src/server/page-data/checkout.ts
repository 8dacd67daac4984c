import { randomUUID } from 'node:crypto';
import type { CountryChoice } from '../../lib/country-names';
import { ADDRESS_FORM_FIELDS, type AddressDto } from '../../contracts/address';
import type { CheckoutDto } from '../../contracts/cart';
import type { PlacedOrdersDto } from '../../contracts/order';
import type { VoucherDto } from '../../contracts/voucher';
import { afterPlacing } from '../../lib/placed-orders';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusalMessage, refusedWith } from './api';
import { countryChoices } from './addresses';
import { field, postedForm, sessionToken, shopIdsParam } from './forms';
import { page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';
import { accountCodeTarget } from '../../lib/code-target';

/**
 * /checkout and /buynow (docs/product.md §2.1, §4.6), server-rendered so every step
 * works without JavaScript: the selected shops' items (or the buy-now product), the
 * shipping address (the default, else the first, §4; another chosen; a new one added in
 * place), the payment method the shop offers, a note, the figures, a confirmation dialog,
 * and the account code step when the shop asks for a verified account. Each form posts to
 * the page, which calls the API as the shopper and comes back with its message.
 */

export type CheckoutMode = 'cart' | 'buynow';

export interface PaymentOption {
  /** The payment_method value sent to POST /place-order. */
  value: string;
  label: string;
  logo: string | null;
}

export interface CheckoutPageData {
  signedIn: boolean;
  mode: CheckoutMode;
  shopIds: number[];
  checkout: CheckoutDto | null;
  /** Each shop's vouchers (GET /get-vouchers), by shop id. */
  vouchers: Record<number, VoucherDto[]>;
  addresses: AddressDto[];
  addressId: number | null;
  payments: PaymentOption[];
  /** Why online payment is not offered, when the shop would offer it but cannot. */
  onlineUnavailable: boolean;
  /** The shop asks for a verified account before the first order, and this one is not. */
  needsVerification: boolean;
  /** Where the account code goes (the shopper's e-mail, else phone). */
  codeDestination: string;
  /** What POST /send-otp and /verify-otp are given for the shopper's own e-mail, else phone. */
  codeTarget: { phone: string; phone_code: string };
  /** A code was just sent (`?code=sent`): the code dialog opens with its field. */
  codeSent: boolean;
  /** The account was just verified (`?code=verified`): the confirmation dialog opens. */
  justVerified: boolean;
  /** Names this rendering of the form: submitting it twice places once (POST /place-order idempotency_key). */
  idempotencyKey: string;
  /** This page's address, for forms to come back to. */
  self: string;
  /** The countries the new address form offers (GET /countries). */
  countries: CountryChoice[];
  /** The new address form as it was posted, when the API refused it: shown open with each field's message. */
  newAddress: NewAddressForm | null;
  /** 422 when the page answers a refused new address, else 200. */
  status: number;
}

/** A refused "Add New Address": what was typed (cut to what a field could hold) and the API's messages. */
export interface NewAddressForm {
  values: Record<string, string>;
  errors: Record<string, string[]>;
}

/** §4 Addresses loaded: the default address is the checkout address, else the first. */
export function checkoutAddress(addresses: readonly AddressDto[], chosen: number | null): number | null {
  if (chosen !== null && addresses.some((address) => address.id === chosen)) return chosen;
  return (addresses.find((address) => address.is_default) ?? addresses[0])?.id ?? null;
}

/** The account code goes where registration sends it (§4.4, lib/code-target.ts). */
const codeTarget = (req: PageRequest, user: Parameters<typeof accountCodeTarget>[0]) => accountCodeTarget(user, req.shop.master.register_otp_type);

/**
 * "Add New Address" posts every field of the form, blank ones too, so the API asks for its
 * country, state and city (contracts/address.ts). Saved: back with it chosen. Refused: the
 * page again with the form open, what was typed and each field's message.
 */
async function addAddress(form: FormData, call: Parameters<typeof apiPost>[1], self: string): Promise<Redirect | NewAddressForm> {
  const values = Object.fromEntries(ADDRESS_FORM_FIELDS.map((name) => [name, field(form, name)]));
  try {
    const { data, message } = await apiPost<{ address: AddressDto }>('/address/store', { ...call, body: values });
    return redirect(withParam(self, 'address_id', String(data.address.id)), { type: 'success', message });
  } catch (error) {
    const refusal = refusedWith(error, 413, 422);
    const shown = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, 300)]));
    return { values: shown, errors: refusal.status === 422 ? refusal.errors : { request: [refusal.message] } };
  }
}

async function submitCheckout(req: PageRequest, mode: CheckoutMode, self: string): Promise<Redirect | NewAddressForm> {
  const form = await postedForm(req.request);
  const { t } = req.shop;
  const token = sessionToken(req);
  if (!token || !req.shop.user) return redirect(self, { type: 'error', message: t('Please login first!') });
  const call = { ...apiCall(req), token };
  const action = field(form, 'action');
  try {
    if (action === 'add-address') return await addAddress(form, call, self);
    if (action === 'send-code' || action === 'verify-code') {
      const body = { ...codeTarget(req, req.shop.user), ...(action === 'verify-code' ? { otp: field(form, 'otp') } : {}) };
      const { message } = await apiPost(action === 'send-code' ? '/send-otp' : '/verify-otp', { ...call, body });
      // Back with the code dialog open (a code went out), or with the confirmation open (verified).
      // The fragment scrolls a page without JavaScript to the dialog it shows in place.
      const [code, dialog] = action === 'send-code' ? ['sent', 'verify-account'] : ['verified', 'confirm-order'];
      return redirect(`${withParam(self, 'code', code)}#${dialog}`, { type: 'success', message });
    }
    if (action !== 'place') return redirect(self, { type: 'error', message: t('The given data was invalid.') });
    const body = {
      shop_ids: form.getAll('shop_ids').map(String),
      address_id: field(form, 'address_id'),
      payment_method: field(form, 'payment_method'),
      note: field(form, 'note'),
      idempotency_key: field(form, 'idempotency_key'),
      payable_amount: field(form, 'payable_amount'),
      is_buy_now: mode === 'buynow',
    };
    const { data, message } = await apiPost<PlacedOrdersDto>('/place-order', { ...call, body });
    const next = afterPlacing(data);
    return next.paying ? redirect(next.url) : redirect(next.url, { type: 'success', message });
  } catch (error) {
    return redirect(self, { type: 'error', message: refusalMessage(error, 401, 403, 404, 409, 422, 429) });
  }
}

function withParam(self: string, name: string, value: string): string {
  const url = new URL(self, 'http://shop.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

export async function loadCheckoutPage(req: PageRequest, mode: CheckoutMode): Promise<PageOutcome<CheckoutPageData>> {
  const self = `${req.url.pathname}${req.url.search}`;
  let newAddress: NewAddressForm | null = null;
  if (req.request.method === 'POST') {
    const posted = await submitCheckout(req, mode, self);
    if ('kind' in posted) return posted;
    newAddress = posted;
  }
  const { master, user } = req.shop;
  const token = sessionToken(req);
  const shopIds = mode === 'cart' ? shopIdsParam(req.url) : [];
  const empty: CheckoutPageData = {
    signedIn: false,
    mode,
    shopIds,
    checkout: null,
    vouchers: {},
    addresses: [],
    addressId: null,
    payments: [],
    onlineUnavailable: false,
    needsVerification: false,
    codeDestination: '',
    codeTarget: { phone: '', phone_code: '' },
    codeSent: false,
    justVerified: false,
    idempotencyKey: '',
    self,
    countries: [],
    newAddress: null,
    status: 200,
  };
  if (!token || !user) return page(empty);
  // Nothing chosen to check out: the cart is where shops are selected. An empty cart is
  // simply shown (it says it is empty); a cart with nothing ticked says what to do.
  if (mode === 'cart' && shopIds.length === 0) {
    if (req.shop.badges.cart_items === 0) return redirect('/cart');
    return redirect('/cart', { type: 'error', message: req.shop.t('Please select at least one shop') });
  }

  const call = { ...apiCall(req), token };
  const [checkout, addressList, countries] = await Promise.all([
    apiPost<CheckoutDto>('/cart/checkout', { ...call, body: mode === 'buynow' ? { shop_ids: [], is_buy_now: true } : { shop_ids: shopIds } }).then((answer) => answer.data),
    apiGet<{ addresses: AddressDto[] }>('/addresses', call).then((data) => data.addresses),
    countryChoices(req),
  ]);
  const voucherLists = await Promise.all(
    checkout.checkout_items.map((group) =>
      apiGet<{ coupons: VoucherDto[] }>(`/get-vouchers?shop_id=${group.shop_id}`, call).then((data) => [group.shop_id, data.coupons] as const),
    ),
  );
  const chosen = req.url.searchParams.get('address_id');
  const gateways = master.payment_gateways.filter((gateway) => gateway.is_active);
  const payments: PaymentOption[] = [
    ...(master.cash_on_delivery ? [{ value: 'cash', label: req.shop.t('Cash on Delivery'), logo: null }] : []),
    ...(master.online_payment ? gateways.map((gateway) => ({ value: gateway.name, label: gateway.title, logo: gateway.logo })) : []),
  ];
  return page({
    ...empty,
    signedIn: true,
    shopIds: checkout.checkout_items.map((group) => group.shop_id),
    checkout,
    vouchers: Object.fromEntries(voucherLists),
    addresses: addressList,
    addressId: checkoutAddress(addressList, chosen && /^\d{1,9}$/.test(chosen) ? Number(chosen) : null),
    payments,
    onlineUnavailable: master.online_payment && gateways.length === 0,
    needsVerification: master.order_place_account_verify && !user.account_verified,
    codeDestination: user.email ?? (user.phone ? `+${user.phone_code ?? ''} ${user.phone}` : ''),
    codeTarget: codeTarget(req, user),
    codeSent: req.url.searchParams.get('code') === 'sent',
    justVerified: req.url.searchParams.get('code') === 'verified',
    idempotencyKey: randomUUID(),
    countries,
    newAddress,
    status: newAddress ? 422 : 200,
  });
}
