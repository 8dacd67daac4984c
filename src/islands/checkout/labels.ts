import type { Translate } from '../../lib/i18n';
import { addressTypeLabel } from '../../lib/postal-address';
import { pluralForms, type Plural } from '../../lib/plural';
import { voucherLabels, type VoucherLabels } from '../cart/labels';

/**
 * The checkout's UI strings, translated by the server for the page's language. Templates
 * keep their `{{placeholder}}` for `Sentence` (islands/common/Bdi.tsx).
 */
export interface CheckoutLabels extends VoucherLabels {
  shippingAddress: string;
  addressTypes: Record<'home' | 'office' | 'other', string>;
  defaultAddress: string;
  /** The link to the address book's form of an address without its country, state and city. */
  completeAddress: string;
  items: string;
  deliveryCharge: string;
  estimatedDelivery: string;
  subtotal: string;
  paymentMethod: string;
  noPaymentMethod: string;
  onlineUnavailable: string;
  note: string;
  notePlaceholder: string;
  orderSummary: string;
  total: string;
  couponDiscount: string;
  payableAmount: string;
  placeOrder: string;
  placing: string;
  addAddressFirst: string;
  confirmTitle: string;
  /** "You will pay {{amount}} for this order." */
  payOne: string;
  /** "You will pay {{amount}} for {{count}} orders, one per shop.", in the page language's plural forms. */
  payMany: Plural;
  cancel: string;
  confirmOrder: string;
  close: string;
  verifyTitle: string;
  verifyIntro: string;
  /** "Send a code to {{destination}}" */
  sendCode: string;
  resendCode: string;
  codeSentTo: string;
  verify: string;
}

export function checkoutLabels(t: Translate, locale: string): CheckoutLabels {
  const keep = { shop: '{{shop}}', amount: '{{amount}}', count: '{{count}}', destination: '{{destination}}' };
  return {
    shippingAddress: t('Shipping Address'),
    addressTypes: { home: addressTypeLabel(t, 'home'), office: addressTypeLabel(t, 'office'), other: addressTypeLabel(t, 'other') },
    defaultAddress: t('Default'),
    completeAddress: t('Complete this address'),
    items: t('Items'),
    deliveryCharge: t('Delivery Charge'),
    estimatedDelivery: t('Estimated Delivery'),
    subtotal: t('Subtotal'),
    paymentMethod: t('Payment Method'),
    noPaymentMethod: t('No payment method is available. Please contact the shop.'),
    onlineUnavailable: t('Online payment is not available right now: pay with cash on delivery.'),
    note: t('Note'),
    notePlaceholder: t('Anything the shop should know about your order?'),
    orderSummary: t('Order Summary'),
    total: t('Total'),
    couponDiscount: t('Coupon Discount'),
    payableAmount: t('Payable Amount'),
    placeOrder: t('Place Order'),
    placing: t('Placing your order…'),
    addAddressFirst: t('Add a shipping address to place your order.'),
    confirmTitle: t('Confirm your order'),
    payOne: t('You will pay {{amount}} for this order.', keep),
    payMany: pluralForms(t, locale, 'You will pay {{amount}} for {{count}} orders, one per shop.', { amount: '{{amount}}' }),
    cancel: t('Cancel'),
    confirmOrder: t('Confirm Order'),
    close: t('Close'),
    verifyTitle: t('Verify your account'),
    verifyIntro: t('Verify your account to place an order.'),
    sendCode: t('Send a code to {{destination}}', keep),
    resendCode: t('Resend OTP'),
    codeSentTo: t('Enter the 4-digit code sent to'),
    verify: t('Verify'),
    ...voucherLabels(t),
  };
}
