import type { Translate } from '../../lib/i18n';
import { pluralForms, type Plural } from '../../lib/plural';

/**
 * The cart's UI strings, translated by the server for the page's language. Templates keep
 * their `{{placeholder}}` for `fill` (e.g. "My Cart ({{count}} items)").
 */
export interface CartToastLabels {
  added: string;
  viewInCart: string;
  removed: string;
  againAdd: string;
  loginFirst: string;
  close: string;
}

/** A shop's voucher list and forms (the cart drawer, the cart page and the checkout). */
export interface VoucherLabels {
  applyStoreVoucher: string;
  /** "Voucher from: {{shop}}" */
  voucherFrom: string;
  off: string;
  minimumSpend: string;
  validityTill: string;
  collect: string;
  collected: string;
  noVoucher: string;
  apply: string;
  removeVoucher: string;
  voucherCode: string;
}

export function voucherLabels(t: Translate): VoucherLabels {
  return {
    applyStoreVoucher: t('Apply Store voucher'),
    voucherFrom: t('Voucher from: {{shop}}', { shop: '{{shop}}' }),
    off: t('OFF'),
    minimumSpend: t('Minimum Spend'),
    validityTill: t('Validity till'),
    collect: t('Collect'),
    collected: t('Collected'),
    noVoucher: t('Sorry there is no voucher available'),
    apply: t('Apply'),
    removeVoucher: t('Remove voucher'),
    voucherCode: t('Voucher code'),
  };
}

export interface CartLabels extends CartToastLabels, VoucherLabels {
  cart: string;
  /** The drawer's toast region (islands/toasts/ShopToaster.tsx). */
  notifications: string;
  /** "{{count}} items", in the page language's plural forms (lib/plural.ts countLabel). */
  items: Plural;
  /** "My Cart ({{count}} items)", in the page language's plural forms. */
  title: Plural;
  empty: string;
  loading: string;
  rating: string;
  size: string;
  color: string;
  /** "Size of {{name}}", "Color of {{name}}": a line's option selects. */
  sizeOf: string;
  colorOf: string;
  chooseSize: string;
  chooseColor: string;
  quantity: string;
  /** "Decrease quantity of {{name}}" */
  decrease: string;
  /** "Increase quantity of {{name}}" */
  increase: string;
  remove: string;
  /** "Remove {{name}}" */
  removeItem: string;
  total: string;
  deliveryCharge: string;
  couponDiscount: string;
  cartAmount: string;
  proceed: string;
  selectShop: string;
}

/** Puts values into a template's `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The labels in the page's language; templates keep their placeholders (the server renders the island with them). */
export function cartLabels(t: Translate, locale: string): CartLabels {
  const keep = { count: '{{count}}', shop: '{{shop}}', name: '{{name}}' };
  return {
    added: t('has been added to cart'),
    viewInCart: t('View In Cart'),
    removed: t('has been remove to cart'),
    againAdd: t('Again Add to Cart'),
    loginFirst: t('Please login first!'),
    close: t('Close'),
    cart: t('Cart'),
    notifications: t('Notifications'),
    items: pluralForms(t, locale, '{{count}} items'),
    title: pluralForms(t, locale, 'My Cart ({{count}} items)'),
    empty: t('Cart is empty'),
    loading: t('Loading...'),
    rating: t('Rating'),
    ...voucherLabels(t),
    size: t('Size'),
    color: t('Color'),
    sizeOf: t('Size of {{name}}', keep),
    colorOf: t('Color of {{name}}', keep),
    chooseSize: t('Choose a size'),
    chooseColor: t('Choose a color'),
    quantity: t('Quantity'),
    decrease: t('Decrease quantity of {{name}}', keep),
    increase: t('Increase quantity of {{name}}', keep),
    remove: t('Remove'),
    removeItem: t('Remove {{name}}', keep),
    total: t('Total'),
    deliveryCharge: t('Delivery Charge'),
    couponDiscount: t('Coupon Discount'),
    cartAmount: t('Cart Amount'),
    proceed: t('Proceed to Checkout'),
    selectShop: t('Please select at least one shop'),
  };
}

/** The toasts' share, for the form script (src/scripts/cart-forms.ts) to read from the page. */
export function toastLabels(labels: CartLabels): CartToastLabels {
  const { added, viewInCart, removed, againAdd, loginFirst, close } = labels;
  return { added, viewInCart, removed, againAdd, loginFirst, close };
}

/**
 * docs/product.md §2.10 Cart drawer: the floating tab is hidden on the checkout pages
 * (/checkout, /buynow), the blog (/blogs, /blog/{slug}), and the cart page, which is the
 * cart with its own summary.
 */
export function cartTabShown(pathname: string): boolean {
  return !/^\/(?:cart|checkout|buynow|blogs)\/?$|^\/blog\//.test(pathname);
}
