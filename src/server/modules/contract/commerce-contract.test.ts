import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { productColors, products, productSizes, shops, vouchers } from '../../db/schema';
import { createVoucher, seedBase, seedCatalog } from '@tests/fixtures';
import { createTestApp, newShopper, registerShopper, request, type TestApp } from '@tests/support/api';
import { pathProblems } from '@tests/support/contract-paths';

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
    'data.checkout_items[].shop_id',
    'data.checkout_items[].shop_name',
    'data.checkout_items[].products[].id',
    'data.checkout.total_amount',
    'data.checkout.delivery_charge',
    'data.checkout.coupon_discount',
    'data.checkout.payable_amount',
    'data.checkout.order_tax_amount',
    'data.checkout.all_vat_taxes',
    'data.apply_coupon?',
  ],
  vouchers: [
    'data.coupons[].id',
    'data.coupons[].discount_type',
    'data.coupons[].discount',
    'data.coupons[].min_order_amount',
    'data.coupons[].validity',
    'data.coupons[].is_collected',
  ],
  collect: ['message'],
  favorites: [
    'data.products[].id',
    'data.products[].name',
    'data.products[].thumbnail',
    'data.products[].price',
    'data.products[].discount_price',
    'data.products[].discount_percentage',
    'data.products[].rating',
    'data.products[].total_reviews',
    'data.products[].total_sold',
    'data.products[].quantity',
    'data.products[].is_favorite',
    'data.products[].shop.id',
  ],
  favoriteToggle: ['data.product.is_favorite'],
  placeOrder: ['message', 'data.order_payment_url?'],
  placeAgain: ['data.order_payment_url?'],
  orders: [
    'data.total',
    'data.orders',
    'data.orders[].id',
    'data.orders[].order_code',
    'data.orders[].amount',
    'data.orders[].quantity',
    'data.orders[].order_status',
    'data.orders[].placed_at',
    ...['all', 'pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'].map((status) => `data.status_wise_orders.${status}`),
  ],
  orderDetails: [
    'data.order.id',
    'data.order.order_code',
    'data.order.order_status',
    'data.order.placed_at',
    'data.order.estimated_delivery_date?',
    'data.order.payment_method',
    'data.order.payment_status',
    'data.order.quantity',
    'data.order.total_amount',
    'data.order.tax_amount',
    'data.order.coupon_discount',
    'data.order.delivery_charge',
    'data.order.payable_amount',
    'data.order.all_vat_taxes',
    'data.order.invoice_url',
    'data.order.shop.id',
    'data.order.shop.name',
    'data.order.shop.logo',
    'data.order.shop.rating',
    'data.order.products[].id',
    'data.order.products[].name',
    'data.order.products[].brand',
    'data.order.products[].thumbnail',
    'data.order.products[].price',
    'data.order.products[].discount_price',
    'data.order.products[].order_qty',
    'data.order.products[].color?',
    'data.order.products[].size?',
    'data.order.products[].rating',
  ],
  cancel: ['message'],
  user: [
    'data.user',
    'data.user.id',
    'data.user.name',
    'data.user.email',
    'data.user.phone',
    'data.user.phone_code',
    'data.user.country',
    'data.user.gender?',
    'data.user.date_of_birth?',
    'data.user.profile_photo',
    'data.user.account_verified',
    'data.user.email_verified',
  ],
  addresses: [
    'data.addresses',
    'data.addresses[].id',
    'data.addresses[].is_default',
    'data.addresses[].name',
    'data.addresses[].phone',
    'data.addresses[].area',
    'data.addresses[].flat_no',
    'data.addresses[].address_line',
    'data.addresses[].address_type',
    'data.addresses[].post_code',
  ],
  recentlyViewed: [
    'data.products[].id',
    'data.products[].name',
    'data.products[].thumbnail',
    'data.products[].price',
    'data.products[].discount_price',
    'data.products[].discount_percentage',
    'data.products[].rating',
    'data.products[].total_reviews',
    'data.products[].total_sold',
    'data.products[].quantity',
    'data.products[].is_favorite',
    'data.products[].shop.id',
  ],
} satisfies Record<string, string[]>;

let api: TestApp;
const picked = { sized: { id: 0, shopId: 0, sizeId: 0, colorId: 0 }, other: { id: 0, shopId: 0 }, code: '' };

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
    // A code the shopper types at checkout, of the second shop.
    const voucher = await createVoucher(db, { shopId: other!.shopId, code: 'CLIENTFLOW10', minOrderAmount: 0 });
    Object.assign(picked, { sized: sized!, other: other!, code: voucher.code });
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
    const address = await api.json(
      '/address/store',
      request('POST', auth, {
        name: 'Contract Tester',
        phone: '2025550111',
        area: 'Midtown',
        flat_no: '2A',
        post_code: '10001',
        address_line: '5 Fifth Avenue',
        address_line2: '',
        address_type: 'home',
        is_default: true,
      }),
    );
    expect(address.status).toBe(201);
    expect(await problemsOf('/addresses', READS.addresses, request('GET', auth))).toEqual([]);
    await api.json(
      '/cart/store',
      request('POST', auth, { product_id: picked.sized.id, quantity: 1, color: picked.sized.colorId, size: picked.sized.sizeId, unit: '', is_buy_now: false }),
    );
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

  it('the whole purchase as the client makes it: sign up, two shops, a typed code, the Pending tab, Cancel, an address edit', async () => {
    const shopper = await registerShopper(api.app, { name: 'Client Flow' });
    const { auth } = shopper;
    const { sized, other, code } = picked;
    const stored = await api.json(
      '/address/store',
      request('POST', auth, {
        name: 'Client Flow',
        phone: '2025550123',
        area: 'Midtown',
        flat_no: '2A',
        post_code: '10001',
        address_line: '5 Fifth Avenue',
        address_line2: '',
        address_type: 'home',
        is_default: true,
      }),
    );
    expect(stored.status).toBe(201);
    await api.json('/cart/store', request('POST', auth, { product_id: sized.id, quantity: 1, color: sized.colorId, size: sized.sizeId, unit: '', is_buy_now: false }));
    await api.json('/cart/store', request('POST', auth, { product_id: other.id, quantity: 2, color: '', size: '', unit: '', is_buy_now: false }));
    const shopIds = [sized.shopId, other.shopId];

    // The drawer's checkout with the code typed into "Apply Store voucher".
    const checkout = await api.json('/cart/checkout', request('POST', auth, { shop_ids: shopIds, coupon_code: code }));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(READS.checkout.flatMap((read) => pathProblems(checkout.body, read))).toEqual([]);
    expect(checkout.body.data.checkout.coupon_discount).toBeGreaterThan(0);
    expect(checkout.body.data.apply_coupon).toEqual([expect.objectContaining({ shop_id: other.shopId, coupon_code: code, message: null })]);

    const placed = await api.json(
      '/place-order',
      request('POST', auth, { shop_ids: shopIds, address_id: stored.body.data.address.id, payment_method: 'cash', note: '', coupon_code: code }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(READS.placeOrder.flatMap((read) => pathProblems(placed.body, read))).toEqual([]);

    // Order history opens on its first tab, Pending.
    const pending = await api.json('/orders?page=1&order_status=Pending', request('GET', auth));
    expect(READS.orders.flatMap((read) => pathProblems(pending.body, read))).toEqual([]);
    expect(pending.body.data.orders).toHaveLength(2);
    for (const order of pending.body.data.orders) {
      expect(order.order_status).toBe('Pending');
      expect(order.placed_at).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
    }
    expect(pending.body.data.status_wise_orders).toMatchObject({ all: 2, pending: 2, cancelled: 0 });

    // Its details show Cancel while the order is "Pending"; the shop's code came off its own order.
    const withCode = pending.body.data.orders.find((order: { shop: { id: number } }) => order.shop.id === other.shopId);
    const details = await api.json(`/order-details?order_id=${withCode.id}`, request('GET', auth));
    expect(READS.orderDetails.flatMap((read) => pathProblems(details.body, read))).toEqual([]);
    expect(details.body.data.order).toMatchObject({ order_status: 'Pending', payment_status: 'Pending', payment_method: 'Cash Payment' });
    expect(details.body.data.order.coupon_discount).toBeGreaterThan(0);
    expect(details.body.data.order.estimated_delivery_date).toEqual(expect.any(String));

    const cancelled = await api.json('/orders/cancel', request('POST', auth, { order_id: withCode.id }));
    expect(cancelled.status).toBe(200);
    expect(READS.cancel.flatMap((read) => pathProblems(cancelled.body, read))).toEqual([]);
    expect((await api.json(`/order-details?order_id=${withCode.id}`, request('GET', auth))).body.data.order.order_status).toBe('Cancelled');
    expect((await api.json('/orders?page=1&order_status=Cancelled', request('GET', auth))).body.data.orders.map((order: { id: number }) => order.id)).toEqual([withCode.id]);

    // Edit address: the whole object the list gave, sent back with a change.
    const [address] = (await api.json('/addresses', request('GET', auth))).body.data.addresses;
    const edited = await api.json(`/address/${address.id}/update`, request('POST', auth, { ...address, name: 'Client Flow Edited' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.message).toBe('Address updated successfully');
    expect((await api.json('/addresses', request('GET', auth))).body.data.addresses[0]).toEqual({ ...address, name: 'Client Flow Edited' });

    // Order again on the order still standing: a new order of the same products.
    const standing = pending.body.data.orders.find((order: { id: number }) => order.id !== withCode.id);
    const again = await api.json('/place-order/again', request('POST', auth, { order_id: standing.id, payment_method: 'cash' }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(READS.placeAgain.flatMap((read) => pathProblems(again.body, read))).toEqual([]);
    expect((await api.json('/orders?order_status=pending', request('GET', auth))).body.data.total).toBe(2);
  });
});
