import { persistentAtom } from '@nanostores/persistent';

export interface CartItem {
  id: number;
  name: string;
  thumbnail: string;
  brand: string | null;
  price: number;
  discount_price: number;
  discount_percentage: number;
  size: { name: string } | null;
  color: { name: string } | null;
  quantity: number;
}

export interface CartGroup {
  shop_id: number;
  shop_name: string;
  shop_rating: number;
  products: CartItem[];
}

/** Cart state persisted across visits, with the spec's field names (section 3). */
export interface CartState {
  /** Number of items. */
  total: number;
  products: CartGroup[];
  checkoutProducts: CartGroup[];
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

export const INITIAL_CART: CartState = {
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

export const cart = persistentAtom<CartState>('cart', INITIAL_CART, {
  encode: JSON.stringify,
  decode(value) {
    try {
      return { ...INITIAL_CART, ...(JSON.parse(value) as Partial<CartState>) };
    } catch {
      return INITIAL_CART;
    }
  },
});

/** Spec, section 4 (Logout, no token): the cart, checkout, address, coupon and amounts reset. */
export function resetCart(): void {
  cart.set(INITIAL_CART);
}
