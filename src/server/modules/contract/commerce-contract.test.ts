import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { productColors, products, productSizes, shops, vouchers } from '../../db/schema';
import { seedBase, seedCatalog } from '../../../../tests/fixtures';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { pathProblems } from '../../../../tests/support/contract-paths';
import { newShopper, request } from '../../../../tests/support/shopper';

/**
 * The cart, voucher and favourite calls of the original client (docs/product.md §7.6),
 * sent as it sends them, answer every field it reads.
 */

const GROUP = ['shop_id', 'shop_name', 'shop_rating'];
const ITEM = ['id', 'name', 'thumbnail', 'brand', 'price', 'discount_price', 'discount_percentage', 'quantity', 'size?', 'color?'];
const CART = ['data.total', 'data.cart_items', ...GROUP.map((field) => `data.cart_items[].${field}`), ...ITEM.map((field) => `data.cart_items[].products[].${field}`)];

const READS = {
  carts: CART,
  store: CART,
  increment: ['data.total', 'data.cart_items'],
  decrement: ['message', 'data.total', 'data.cart_items'],
  remove: ['data.total', 'data.cart_items'],
  checkout: [
    'data.checkout_items[].shop_id', 'data.checkout_items[].shop_name', 'data.checkout_items[].products[].id', 'data.checkout.total_amount',
    'data.checkout.delivery_charge', 'data.checkout.coupon_discount', 'data.checkout.payable_amount', 'data.checkout.order_tax_amount',
    'data.checkout.all_vat_taxes', 'data.apply_coupon?',
  ],
  vouchers: ['data.coupons[].id', 'data.coupons[].discount_type', 'data.coupons[].discount', 'data.coupons[].min_order_amount', 'data.coupons[].validity', 'data.coupons[].is_collected'],
  collect: ['message'],
  favorites: [
    'data.products[].id', 'data.products[].name', 'data.products[].thumbnail', 'data.products[].price', 'data.products[].discount_price',
    'data.products[].discount_percentage', 'data.products[].rating', 'data.products[].total_reviews', 'data.products[].total_sold',
    'data.products[].quantity', 'data.products[].is_favorite', 'data.products[].shop.id',
  ],
  favoriteToggle: ['data.product.is_favorite'],
  placeOrder: ['message', 'data.order_payment_url?'],
  orders: [
    'data.total', 'data.orders', 'data.orders[].id', 'data.orders[].order_code', 'data.orders[].amount', 'data.orders[].quantity', 'data.orders[].order_status',
    'data.orders[].placed_at', ...['all', 'pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'].map((status) => `data.status_wise_orders.${status}`),
  ],
  orderDetails: [
    'data.order.id', 'data.order.order_code', 'data.order.order_status', 'data.order.placed_at', 'data.order.estimated_delivery_date?', 'data.order.payment_method',
    'data.order.payment_status', 'data.order.quantity', 'data.order.total_amount', 'data.order.tax_amount', 'data.order.coupon_discount', 'data.order.delivery_charge',
    'data.order.payable_amount', 'data.order.all_vat_taxes', 'data.order.invoice_url', 'data.order.shop.id', 'data.order.shop.name', 'data.order.shop.logo',
    'data.order.shop.rating', 'data.order.products[].id', 'data.order.products[].name', 'data.order.products[].brand', 'data.order.products[].thumbnail',
    'data.order.products[].price', 'data.order.products[].discount_price', 'data.order.products[].order_qty', 'data.order.products[].color?',
    'data.order.products[].size?', 'data.order.products[].rating',
  ],
  cancel: ['message'],
  user: [
    'data.user', 'data.user.id', 'data.user.name', 'data.user.email', 'data.user.phone', 'data.user.phone_code', 'data.user.country', 'data.user.gender?',
    'data.user.date_of_birth?', 'data.user.profile_photo', 'data.user.account_verified', 'data.user.email_verified',
  ],
  addresses: [
    'data.addresses', 'data.addresses[].id', 'data.addresses[].is_default', 'data.addresses[].name', 'data.addresses[].phone', 'data.addresses[].area',
    'data.addresses[].flat_no', 'data.addresses[].address_line', 'data.addresses[].address_type', 'data.addresses[].post_code',
  ],
  recentlyViewed: [
    'data.products[].id', 'data.products[].name', 'data.products[].thumbnail', 'data.products[].price', 'data.products[].discount_price',
    'data.products[].discount_percentage', 'data.products[].rating', 'data.products[].total_reviews', 'data.products[].total_sold',
    'data.products[].quantity', 'data.products[].is_favorite', 'data.products[].shop.id',
  ],
} satisfies Record<string, string[]>;

let api: TestApp;
const picked = { sized: { id: 0, shopId: 0, sizeId: 0, colorId: 0 }, other: { id: 0, shopId: 0 } };

beforeAll(async () => {
  api = await createTestApp(async (db) => {
    await seedBase(db);
    await seedCatalog(db, { products: 60 });
    // A product with a size and a colour, and one from another shop that has vouchers.
    const [sized] = await db
      .select({ id: products.id, shopId: products.shopId, sizeId: productSizes.sizeId, colorId: productColors.colorId })
      .from(products)
      .innerJoin(productSizes, eq(productSizes.productId, products.id))
      .innerJoin(productColors, eq(productColors.productId, products.id))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(shops.isActive, true), eq(products.isActive, true), gt(products.quantity, 5)))
      .orderBy(asc(products.id))
      .limit(1);
    const voucherShops = (await db.selectDistinct({ shopId: vouchers.shopId }).from(vouchers)).map((row) => row.shopId).filter((id) => id !== sized!.shopId);
    const [other] = await db
      .select({ id: products.id, shopId: products.shopId })
      .from(products)
      .where(and(inArray(products.shopId, voucherShops), eq(products.isActive, true), gt(products.quantity, 5)))
      .orderBy(asc(products.id))
      .limit(1);
    Object.assign(picked, { sized: sized!, other: other! });
  });
}, 120_000);
afterAll(() => api.close());

async function problemsOf(path: string, reads: string[], init: RequestInit): Promise<string[]> {
  const { status, body } = await api.json(path, init);
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(300);
  return reads.flatMap((read) => pathProblems(body, read));
}

describe('the original client’s cart, voucher and favourite calls answer every field it reads', () => {
  it('cart: store, carts, increment, checkout, decrement, delete', async () => {
    const { auth } = await newShopper(api.db);
    const { sized, other } = picked;
    const store = { product_id: sized.id, quantity: 1, color: sized.colorId, size: sized.sizeId, unit: '', is_buy_now: false };
    expect(await problemsOf('/cart/store', READS.store, request('POST', auth, store))).toEqual([]);
    expect(await problemsOf('/cart/store', READS.store, request('POST', auth, { product_id: other.id, quantity: 2, color: '', size: '', unit: '', is_buy_now: 0 }))).toEqual([]);
    expect(await problemsOf('/carts', READS.carts, request('GET', auth))).toEqual([]);
    expect(await problemsOf('/cart/increment', READS.increment, request('POST', auth, { product_id: sized.id }))).toEqual([]);
    expect(await problemsOf('/cart/checkout', READS.checkout, request('POST', auth, { shop_ids: [sized.shopId, other.shopId] }))).toEqual([]);
    expect(await problemsOf('/cart/decrement', READS.decrement, request('POST', auth, { product_id: other.id }))).toEqual([]);
    expect(await problemsOf('/cart/delete', READS.remove, request('POST', auth, { product_id: other.id }))).toEqual([]);
  });

  it('vouchers: list and collect', async () => {
    const { auth } = await newShopper(api.db);
    const path = `/get-vouchers?shop_id=${picked.other.shopId}`;
    expect(await problemsOf(path, READS.vouchers, request('GET', auth))).toEqual([]);
    const { body } = await api.json(path, request('GET', auth));
    expect(await problemsOf('/vouchers-collect', READS.collect, request('POST', auth, { coupon_id: body.data.coupons[0].id }))).toEqual([]);
  });

  it('orders: place, list, details, cancel', async () => {
    const { auth } = await newShopper(api.db);
    const address = await api.json('/address/store', request('POST', auth, { name: 'Contract Tester', phone: '2025550111', area: 'Midtown', flat_no: '2A', post_code: '10001', address_line: '5 Fifth Avenue', address_line2: '', address_type: 'home', is_default: true }));
    expect(address.status).toBe(201);
    expect(await problemsOf('/addresses', READS.addresses, request('GET', auth))).toEqual([]);
    await api.json('/cart/store', request('POST', auth, { product_id: picked.sized.id, quantity: 1, color: picked.sized.colorId, size: picked.sized.sizeId, unit: '', is_buy_now: false }));
    const order = { shop_ids: [picked.sized.shopId], address_id: address.body.data.address.id, payment_method: 'cash', note: '' };
    expect(await problemsOf('/place-order', READS.placeOrder, request('POST', auth, order))).toEqual([]);
    expect(await problemsOf('/orders?page=1&order_status=', READS.orders, request('GET', auth))).toEqual([]);
    const { body } = await api.json('/orders?page=1', request('GET', auth));
    const id = body.data.orders[0].id;
    expect(await problemsOf(`/order-details?order_id=${id}`, READS.orderDetails, request('GET', auth))).toEqual([]);
    expect(await problemsOf('/orders/cancel', READS.cancel, request('POST', auth, { order_id: id }))).toEqual([]);
  });

  it('account: login, profile, user, recently viewed, last seen', async () => {
    expect(await problemsOf('/login', ['data.access.token', ...READS.user], request('POST', {}, { phone: 'customer@example.com', password: 'password' }))).toEqual([]);
    const { auth } = await newShopper(api.db);
    expect(await problemsOf('/profile', READS.user, request('GET', auth))).toEqual([]);
    expect(await problemsOf('/user', READS.user, request('POST', auth))).toEqual([]);
    await api.json(`/product-details?product_id=${picked.other.id}`, request('GET', auth));
    expect(await problemsOf('/recently-views', READS.recentlyViewed, request('GET', auth))).toEqual([]);
    const seen = await api.call('/update-last-seen', request('POST', auth));
    expect(seen.status).toBe(204);
  });

  it('favourites: toggle and list', async () => {
    const { auth } = await newShopper(api.db);
    expect(await problemsOf('/favorite-add-or-remove', READS.favoriteToggle, request('POST', auth, { product_id: picked.sized.id }))).toEqual([]);
    expect(await problemsOf('/favorite-products', READS.favorites, request('GET', auth))).toEqual([]);
  });
});
