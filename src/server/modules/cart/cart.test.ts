import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cartItems, carts, colors, products, productVatTaxes, shops, shopVatTaxes, sizes, units, vatTaxes } from '../../db/schema';
import { createFlashSale, createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import { MAX_LINE_QUANTITY } from '@/contracts/cart';
import { SiteSettingsSchema } from '../master/settings';

let app: TestApp;
let sizeS: number, sizeM: number, red: number, blue: number, piece: number;
let shopA: { id: number }, shopB: { id: number };

beforeAll(async () => {
  app = await createTestApp(async (db) => {
    [{ id: sizeS }, { id: sizeM }] = (await db
      .insert(sizes)
      .values([{ name: 'S' }, { name: 'M' }])
      .returning({ id: sizes.id })) as [{ id: number }, { id: number }];
    [{ id: red }, { id: blue }] = (await db
      .insert(colors)
      .values([
        { name: 'Red', colorCode: '#ff0000' },
        { name: 'Blue', colorCode: '#0000ff' },
      ])
      .returning({ id: colors.id })) as [{ id: number }, { id: number }];
    [{ id: piece }] = (await db
      .insert(units)
      .values([{ name: 'Piece' }])
      .returning({ id: units.id })) as [{ id: number }];
    shopA = await createShop(db, { name: 'Alpha Store', deliveryCharge: 500 });
    shopB = await createShop(db, { name: 'Beta Store', deliveryCharge: 300 });
  });
});
afterAll(() => app.close());

const cart = async (auth: Record<string, string>) => (await app.json('/carts', request('GET', auth))).body.data;
const add = (auth: Record<string, string>, body: Record<string, unknown>) => app.json('/cart/store', request('POST', auth, body));
const lineCount = async (userId: number) =>
  (await app.db.select({ id: cartItems.id }).from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId)).where(eq(carts.userId, userId))).length;

// Every cart route needs the Bearer token: contract/auth-required.test.ts.
describe('cart calls (docs/product.md §7, §4.4)', () => {
  it('adds lines grouped by shop, priced on the server with surcharges and discounts', async () => {
    const shopper = await newShopper(app.db);
    const shirt = await createProduct(app.db, {
      shopId: shopA.id,
      name: 'Linen Shirt',
      price: 3000,
      discountPrice: 2500,
      quantity: 7,
      unitId: piece,
      sizes: [
        { sizeId: sizeS, price: 0 },
        { sizeId: sizeM, price: 200 },
      ],
      colors: [{ colorId: red, price: 100 }],
    });
    const mug = await createProduct(app.db, { shopId: shopB.id, name: 'Mug', price: 899, quantity: 3 });

    // A price from the client is not taken: the payload has no such field.
    const priced = await add(shopper.auth, { product_id: shirt.id, quantity: 2, price: 0.01 });
    expect(priced.status).toBe(422);
    const first = await add(shopper.auth, { product_id: shirt.id, quantity: 2, size: sizeM, color: red, unit: piece });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Product added to cart successfully');
    await add(shopper.auth, { product_id: mug.id, quantity: 1 });

    const data = await cart(shopper.auth);
    expect(data.total).toBe(2);
    expect(data.cart_items.map((group: { shop_name: string }) => group.shop_name)).toEqual(['Alpha Store', 'Beta Store']);
    expect(data.cart_items[0]).toMatchObject({ shop_id: shopA.id, shop_logo: expect.any(String), shop_rating: 0 });
    expect(data.cart_items[0].products).toEqual([
      {
        id: shirt.id,
        line_id: expect.any(Number),
        name: 'Linen Shirt',
        thumbnail: shirt.thumbnail,
        brand: null,
        price: 33,
        discount_price: 28,
        discount_percentage: 15, // (3000+200+100) regular, (2500+300) paid
        size: { id: sizeM, name: 'M' },
        color: { id: red, name: 'Red' },
        // What the line may change to (POST /cart/options), surcharges as the product card has them.
        sizes: [
          { id: sizeS, name: 'S', price: 0 },
          { id: sizeM, name: 'M', price: 2 },
        ],
        colors: [{ id: red, name: 'Red', color_code: '#ff0000', price: 1 }],
        unit: { id: piece, name: 'Piece' },
        quantity: 2,
        stock: 7,
        max_quantity: 7,
      },
    ]);
    expect(data.cart_items[1].products[0]).toMatchObject({ id: mug.id, price: 8.99, discount_price: 0, size: null, color: null, quantity: 1 });
  });

  it('never picks a size or colour for the shopper: an add without a needed choice is a 422 naming it', async () => {
    const shopper = await newShopper(app.db);
    const tee = await createProduct(app.db, { shopId: shopA.id, sizes: [{ sizeId: sizeM }, { sizeId: sizeS }], colors: [{ colorId: blue }, { colorId: red }], unitId: piece });
    // The original client's card sends blank options: refused with the reason, nothing written.
    for (const [body, errors] of [
      [{ product_id: tee.id }, { size: ['Please choose a size.'] }],
      [{ product_id: tee.id, size: '', color: '', unit: '' }, { size: ['Please choose a size.'] }],
      [{ product_id: tee.id, size: sizeS }, { color: ['Please choose a color.'] }],
      [{ product_id: tee.id, color: red, is_buy_now: true }, { size: ['Please choose a size.'] }],
    ] as const) {
      const answer = await add(shopper.auth, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors);
      expect(answer.body.message).toBe(Object.values(errors)[0]![0]);
    }
    expect(await lineCount(shopper.id)).toBe(0);
    expect((await add(shopper.auth, { product_id: tee.id, size: sizeS, color: red })).status).toBe(200);
    expect((await cart(shopper.auth)).cart_items[0].products[0]).toMatchObject({ size: { id: sizeS }, color: { id: red }, quantity: 1 });

    // One size and one colour is no choice: the line takes them, as the page shows them.
    const single = await createProduct(app.db, { shopId: shopA.id, sizes: [{ sizeId: sizeM, price: 150 }], colors: [{ colorId: blue }], price: 1000 });
    expect((await add(shopper.auth, { product_id: single.id })).status).toBe(200);
    const line = (await cart(shopper.auth)).cart_items[0].products.find((item: { id: number }) => item.id === single.id);
    expect(line).toMatchObject({ size: { id: sizeM }, color: { id: blue }, price: 11.5 });

    const other = await newShopper(app.db);
    for (const [field, body] of [
      ['size', { product_id: tee.id, size: 999_999, color: red }],
      ['color', { product_id: tee.id, size: sizeS, color: 999_999 }],
      ['unit', { product_id: tee.id, size: sizeS, color: red, unit: 999_999 }],
    ] as const) {
      const answer = await add(other.auth, body);
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.errors), field).toEqual([field]);
    }
    expect(await lineCount(other.id)).toBe(0);
  });

  it('refuses products that cannot be bought and quantities beyond the stock', async () => {
    const shopper = await newShopper(app.db);
    const hidden = await createProduct(app.db, { shopId: shopA.id, isActive: false });
    const closedShop = await createShop(app.db, { isActive: false });
    const inClosedShop = await createProduct(app.db, { shopId: closedShop.id });
    const few = await createProduct(app.db, { shopId: shopA.id, quantity: 2 });
    const none = await createProduct(app.db, { shopId: shopA.id, quantity: 0 });

    for (const id of [hidden.id, inClosedShop.id, 2_000_000]) {
      const answer = await add(shopper.auth, { product_id: id });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.product_id).toEqual(['The selected product is not available.']);
    }
    expect((await add(shopper.auth, { product_id: few.id, quantity: 3 })).body.errors.quantity).toEqual(['Only 2 left in stock.']);
    expect((await add(shopper.auth, { product_id: none.id })).body.errors.quantity).toEqual(['This product is out of stock.']);
    expect((await add(shopper.auth, { product_id: few.id, quantity: 2 })).status).toBe(200);
    const again = await add(shopper.auth, { product_id: few.id, quantity: 1 });
    expect(again.status).toBe(422);
    expect(again.body.errors.quantity).toEqual(['Only 2 in stock, and your cart already holds 2.']);
    expect((await cart(shopper.auth)).cart_items[0].products[0].quantity).toBe(2);
  });

  it('increments to the stock, decrements, and says when a line leaves the cart', async () => {
    const shopper = await newShopper(app.db);
    const lamp = await createProduct(app.db, { shopId: shopB.id, name: 'Desk Lamp', quantity: 2 });
    await add(shopper.auth, { product_id: lamp.id });

    const up = await app.json('/cart/increment', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(up.status).toBe(200);
    expect(up.body.data.cart_items[0].products[0].quantity).toBe(2);
    const over = await app.json('/cart/increment', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(over.status).toBe(422);
    // The same rule and words as an add that would take the line past the stock.
    expect(over.body.errors.quantity).toEqual(['Only 2 in stock, and your cart already holds 2.']);
    expect((await add(shopper.auth, { product_id: lamp.id })).body.errors.quantity).toEqual(over.body.errors.quantity);

    const down = await app.json('/cart/decrement', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(down.body).toMatchObject({ message: 'Cart quantity updated', data: { removed: false, removed_product: null } });
    const gone = await app.json('/cart/decrement', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(gone.body.message).toBe('product removed from cart');
    expect(gone.body.data).toMatchObject({ total: 0, cart_items: [], removed: true, removed_product: { id: lamp.id, name: 'Desk Lamp', thumbnail: lamp.thumbnail } });

    await add(shopper.auth, { product_id: lamp.id });
    const deleted = await app.json('/cart/delete', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(deleted.body).toMatchObject({ message: 'product removed from cart', data: { total: 0, removed: true } });
    const missing = await app.json('/cart/delete', request('POST', shopper.auth, { product_id: lamp.id }));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This product is not in your cart.');
  });

  it('keeps a buy-now apart from the cart', async () => {
    const shopper = await newShopper(app.db);
    const kettle = await createProduct(app.db, { shopId: shopA.id, price: 2000, quantity: 5 });
    const toaster = await createProduct(app.db, { shopId: shopB.id, price: 1500, quantity: 5 });
    await add(shopper.auth, { product_id: kettle.id, quantity: 1 });
    const buyNow = await add(shopper.auth, { product_id: toaster.id, quantity: 2, is_buy_now: true });
    expect(buyNow.status).toBe(200);
    expect(buyNow.body.data.total).toBe(1);
    expect(buyNow.body.data.cart_items.map((group: { shop_id: number }) => group.shop_id)).toEqual([shopA.id]);
    // A second buy-now replaces the first rather than adding up.
    await add(shopper.auth, { product_id: toaster.id, quantity: 1, is_buy_now: true });
    const figures = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [], is_buy_now: true }));
    expect(figures.body.data.checkout_items).toHaveLength(1);
    expect(figures.body.data.checkout_items[0].products[0]).toMatchObject({ id: toaster.id, quantity: 1 });
    expect(figures.body.data.checkout.total_amount).toBe(15);
    // So does a buy-now of another product: one thing is bought at once.
    await add(shopper.auth, { product_id: kettle.id, quantity: 1, is_buy_now: true });
    const other = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [], is_buy_now: true }));
    expect(other.body.data.checkout_items.flatMap((group: { products: { id: number }[] }) => group.products.map((item) => item.id))).toEqual([kettle.id]);
    expect((await cart(shopper.auth)).cart_items[0].products).toEqual([expect.objectContaining({ id: kettle.id, quantity: 1 })]);
  });

  it('figures the selected shops only: delivery per shop, VAT per product or shop', async () => {
    const shopper = await newShopper(app.db);
    const [vat, reduced] = await app.db
      .insert(vatTaxes)
      .values([
        { name: 'VAT', percentage: '10.00' },
        { name: 'Reduced VAT', percentage: '5.00' },
      ])
      .returning();
    const taxedShop = await createShop(app.db, { name: 'Taxed', deliveryCharge: 250 });
    await app.db.insert(shopVatTaxes).values({ shopId: taxedShop.id, vatTaxId: vat!.id });
    const book = await createProduct(app.db, { shopId: taxedShop.id, price: 1000, quantity: 9 });
    const bread = await createProduct(app.db, { shopId: taxedShop.id, price: 333, quantity: 9 });
    await app.db.insert(productVatTaxes).values({ productId: bread.id, vatTaxId: reduced!.id });
    const other = await createProduct(app.db, { shopId: shopB.id, price: 700, quantity: 9 });
    await add(shopper.auth, { product_id: book.id, quantity: 2 });
    await add(shopper.auth, { product_id: bread.id, quantity: 3 });
    await add(shopper.auth, { product_id: other.id });

    const { body } = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [taxedShop.id, 999_999] }));
    expect(body.data.checkout_items.map((group: { shop_id: number }) => group.shop_id)).toEqual([taxedShop.id]);
    // 2 × 10.00 at 10 % = 2.00; 3 × 3.33 = 9.99 at 5 % = 0.4995 → 0.50
    expect(body.data.checkout).toEqual({
      total_amount: 29.99,
      delivery_charge: 2.5,
      coupon_discount: 0,
      order_tax_amount: 2.5,
      all_vat_taxes: [
        { name: 'VAT', percentage: 10, amount: 2 },
        { name: 'Reduced VAT', percentage: 5, amount: 0.5 },
      ],
      payable_amount: 34.99,
    });
    const both = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: `${taxedShop.id},${shopB.id}` }));
    expect(both.body.data.checkout).toMatchObject({ total_amount: 36.99, delivery_charge: 5.5, payable_amount: 44.99 });
    const none = await app.json('/cart/checkout', request('POST', shopper.auth, { shop_ids: [] }));
    expect(none.body.data).toMatchObject({ checkout_items: [], checkout: { total_amount: 0, payable_amount: 0 } });
  });

  it('prices a line at a running flash-sale offer while its allocation covers the line', async () => {
    const shopper = await newShopper(app.db);
    const phone = await createProduct(app.db, { shopId: shopA.id, price: 10_000, quantity: 50 });
    await createFlashSale(app.db, {}, [{ productId: phone.id, price: 8000, quantity: 3, sold: 1 }]);
    await add(shopper.auth, { product_id: phone.id, quantity: 2 });
    expect((await cart(shopper.auth)).cart_items[0].products[0]).toMatchObject({ price: 100, discount_price: 80, discount_percentage: 20 });
    await app.json('/cart/increment', request('POST', shopper.auth, { product_id: phone.id }));
    // Three units exceed the two left at the sale price: the whole line is at the regular price.
    expect((await cart(shopper.auth)).cart_items[0].products[0]).toMatchObject({ price: 100, discount_price: 0, quantity: 3 });
  });

  it("never shows or changes another shopper's cart", async () => {
    const owner = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const vase = await createProduct(app.db, { shopId: shopA.id, quantity: 5 });
    await add(owner.auth, { product_id: vase.id, quantity: 2 });
    expect((await cart(stranger.auth)).cart_items).toEqual([]);
    for (const path of ['/cart/increment', '/cart/decrement', '/cart/delete']) {
      expect((await app.json(path, request('POST', stranger.auth, { product_id: vase.id }))).status, path).toBe(404);
    }
    expect((await cart(owner.auth)).cart_items[0].products[0].quantity).toBe(2);
  });

  it('caps the line, not the request: adds and increments past the per-order limit are refused as one big add is', async () => {
    const shopper = await newShopper(app.db);
    const cap = SiteSettingsSchema.shape.order_max_units_per_product.parse(undefined);
    const plenty = await createProduct(app.db, { shopId: shopA.id, quantity: cap + 50 });
    const big = await add(shopper.auth, { product_id: plenty.id, quantity: cap + 1 });
    expect(big.status).toBe(422);
    expect(big.body.errors.quantity).toEqual([`The quantity field must not be greater than ${cap}.`]);
    // The payload itself never takes more than MAX_LINE_QUANTITY, whatever the setting.
    expect((await add(shopper.auth, { product_id: plenty.id, quantity: MAX_LINE_QUANTITY + 1 })).status).toBe(422);

    expect((await add(shopper.auth, { product_id: plenty.id, quantity: cap - 1 })).status).toBe(200);
    const past = await add(shopper.auth, { product_id: plenty.id, quantity: 2 });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual(big.body.errors);
    expect((await app.json('/cart/increment', request('POST', shopper.auth, { product_id: plenty.id }))).status).toBe(200);
    const beyond = await app.json('/cart/increment', request('POST', shopper.auth, { product_id: plenty.id }));
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors).toEqual(big.body.errors);
    expect((await add(shopper.auth, { product_id: plenty.id })).body.errors).toEqual(big.body.errors);
    const line = (await cart(shopper.auth)).cart_items[0].products[0];
    // The cart says how far "+" goes, so the drawer and the cart page offer no more than the server takes.
    expect({ quantity: line.quantity, max_quantity: line.max_quantity }).toEqual({ quantity: cap, max_quantity: cap });
  });

  it('takes whole numbers only: JSON integers or decimal digits, nothing Number() would guess at', async () => {
    const shopper = await newShopper(app.db);
    const product = await createProduct(app.db, { shopId: shopA.id, quantity: 50 });
    const hostile = ['0x10', true, '1e1', ' 2 ', '2.0', '+2', '-1', 2.5, '', null, [2], {}];
    const cases: [string, string, (value: unknown) => Record<string, unknown>][] = [
      ['/cart/store', 'quantity', (value) => ({ product_id: product.id, quantity: value })],
      ['/cart/store', 'quantity', (value) => ({ product_id: product.id, quantity: value, is_buy_now: true })],
      ['/cart/store', 'product_id', (value) => ({ product_id: value })],
      ['/cart/increment', 'product_id', (value) => ({ product_id: value })],
      ['/cart/decrement', 'product_id', (value) => ({ product_id: value })],
      ['/cart/checkout', 'shop_ids', (value) => ({ shop_ids: [value] })],
    ];
    for (const [path, field, body] of cases) {
      for (const value of hostile) {
        // A blank or absent quantity means one unit (§3.2), not an error.
        if (field === 'quantity' && (value === '' || value === null)) continue;
        const answer = await app.json(path, request('POST', shopper.auth, body(value)));
        expect(answer.status, `${path} ${field}=${JSON.stringify(value)}`).toBe(422);
        expect(Object.keys(answer.body.errors), `${path} ${field}=${JSON.stringify(value)}`).toEqual([field]);
      }
    }
    expect(await lineCount(shopper.id)).toBe(0);
    // Form fields send digits: those are taken, as JSON integers are.
    expect((await add(shopper.auth, { product_id: String(product.id), quantity: '3' })).status).toBe(200);
    expect((await add(shopper.auth, { product_id: product.id, quantity: 2 })).status).toBe(200);
    expect((await cart(shopper.auth)).cart_items[0].products[0].quantity).toBe(5);
  });

  it('answers hostile input with a 4xx and writes nothing', async () => {
    const shopper = await newShopper(app.db);
    const product = await createProduct(app.db, { shopId: shopA.id });
    const bodies: unknown[] = [
      { product_id: 'abc' },
      { product_id: -1 },
      { product_id: 1e12 },
      { product_id: product.id, quantity: 0 },
      { product_id: product.id, quantity: -5 },
      { product_id: product.id, quantity: 1.5 },
      { product_id: product.id, quantity: 1_000_000 },
      { product_id: product.id, size: 'x'.repeat(10_000) },
      { product_id: product.id, note: 'unknown field' },
      { product_id: `${product.id}\u0000` },
      { product_id: product.id, is_buy_now: 'maybe' },
      [product.id],
      'null',
      '{"product_id":',
    ];
    for (const body of bodies) {
      const { status } = await app.json('/cart/store', request('POST', shopper.auth, body));
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const body of [{ shop_ids: 'a,b' }, { shop_ids: [0] }, { shop_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { shop_ids: [1], extra: 1 }]) {
      expect((await app.json('/cart/checkout', request('POST', shopper.auth, body))).status, JSON.stringify(body)).toBe(422);
    }
    expect(await lineCount(shopper.id)).toBe(0);
  });
});

describe('cart races (50 at once)', () => {
  it('50 concurrent increments on a line with stock 10 end at exactly 10', async () => {
    const shopper = await newShopper(app.db);
    const scarce = await createProduct(app.db, { shopId: shopA.id, quantity: 10 });
    await add(shopper.auth, { product_id: scarce.id });
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.call('/cart/increment', request('POST', shopper.auth, { product_id: scarce.id }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(statuses.filter((status) => status === 422)).toHaveLength(41);
    const [line] = await app.db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.productId, scarce.id));
    expect(line!.quantity).toBe(10);
  });

  it('50 concurrent adds make one line that never exceeds the stock', async () => {
    const shopper = await newShopper(app.db);
    const scarce = await createProduct(app.db, { shopId: shopB.id, quantity: 10 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.call('/cart/store', request('POST', shopper.auth, { product_id: scarce.id, quantity: 3 }))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const lines = await app.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.productId, scarce.id), eq(cartItems.isBuyNow, false)));
    expect(lines).toEqual([{ quantity: 9 }]);
    expect((await app.db.select().from(carts).where(eq(carts.userId, shopper.id))).length).toBe(1);
  });

  it('hides lines whose product or shop was switched off, and shows them again', async () => {
    const shopper = await newShopper(app.db);
    const shop = await createShop(app.db);
    const item = await createProduct(app.db, { shopId: shop.id });
    await add(shopper.auth, { product_id: item.id });
    await app.db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, shop.id));
    expect((await cart(shopper.auth)).total).toBe(0);
    await app.db.update(shops).set({ status: 'active' }).where(eq(shops.id, shop.id));
    await app.db.update(products).set({ isActive: false }).where(eq(products.id, item.id));
    expect((await cart(shopper.auth)).total).toBe(0);
    await app.db.update(products).set({ isActive: true }).where(eq(products.id, item.id));
    expect((await cart(shopper.auth)).total).toBe(1);
  });
});
