import { persistentAtom } from '@nanostores/persistent';
import { readonlyType } from 'nanostores';
import type { CartDto } from '../contracts/cart';


/** Cart state persisted across visits, with the spec's field names (docs/product.md §3.2). */
export interface CartState {
  /** Number of items. */
  total: number;
  products: CartDto['cart_items'];
  checkoutProducts: CartDto['cart_items'];
  selectedShopIds: number[];
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  payable_amount: number;
  order_tax_amount: number;
  coupon_code: string;
  all_vat_taxes: unknown[];
  address: unknown;
  buyNowShopId: number | null;
  buyNowProduct: unknown;
}

const INITIAL_CART: CartState = {
  total: 0,
  products: [],
  checkoutProducts: [],
  selectedShopIds: [],
  total_amount: 0,
  delivery_charge: 0,
  coupon_discount: 0,
  payable_amount: 0,
  order_tax_amount: 0,
  coupon_code: '',
  all_vat_taxes: [],
  address: null,
  buyNowShopId: null,
  buyNowProduct: null,
};

const $cart = persistentAtom<CartState>('cart', INITIAL_CART, {
  encode: JSON.stringify,
  decode(value) {
    try {
      return { ...INITIAL_CART, ...(JSON.parse(value) as Partial<CartState>) };
    } catch {
      return INITIAL_CART;
    }
  },
});

/** Read it with `useStore(cart)`; it changes only through the actions below. */
export const cart = readonlyType($cart);

/** docs/product.md §4.4 (Logout, No token): the cart, checkout, address, coupon and amounts reset. */
export function resetCart(): void {
  $cart.set(INITIAL_CART);
}
