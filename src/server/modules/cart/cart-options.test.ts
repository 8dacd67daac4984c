import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartItems, carts, colors, flashSaleProducts, products, sizes } from '../../db/schema';
import { createFlashSale, createProduct, createShop } from '@tests/fixtures';
import { createTestApp, newShopper, newShopperWithAddress, request, type TestApp } from '@tests/support/api';

/**
 * A cart line per size and colour (docs/product.md §3.2, §4.6; ADR 013): the lines of a
 * product share its stock, a line names itself by line_id, and POST /cart/options moves a
 * line to another choice, merging it into a line that already holds that choice, in one
 * transaction under the shopper's cart lock.
 */

let app: TestApp;
let small: number, medium: number, large: number, red: number, blue: number;
let shopId: number;

beforeAll(async () => {
  app = await createTestApp(async (db) => {
    [{ id: small }, { id: medium }, { id: large }] = (await db
      .insert(sizes)
      .values([{ name: 'S' }, { name: 'M' }, { name: 'L' }])
      .returning({ id: sizes.id })) as [{ id: number }, { id: number }, { id: number }];
    [{ id: red }, { id: blue }] = (await db
      .insert(colors)
      .values([
        { name: 'Red', colorCode: '#ff0000' },
        { name: 'Blue', colorCode: '#0000ff' },
      ])
      .returning({ id: colors.id })) as [{ id: number }, { id: number }];
    shopId = (await createShop(db, { name: 'Options Store' })).id;
  });
});
afterAll(() => app.close());

type Auth = Record<string, string>;
interface Item {
  id: number;
  line_id: number;
  size: { id: number; name: string } | null;
  color: { id: number; name: string } | null;
  quantity: number;
  price: number;
  discount_price: number;
  max_quantity: number;
}

const post = (auth: Auth, path: string, body: unknown) => app.json(path, request('POST', auth, body));
const add = (auth: Auth, body: Record<string, unknown>) => post(auth, '/cart/store', body);
const items = async (auth: Auth): Promise<Item[]> => (await app.json('/carts', request('GET', auth))).body.data.cart_items.flatMap((group: { products: Item[] }) => group.products);
const choiceOf = (item: Item) => `${item.size?.name ?? '-'}/${item.color?.name ?? '-'}`;

/** A shirt in S, M (+2.00) and L (+3.00), red or blue (+1.00). */
const shirt = (overrides: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(app.db, {
    shopId,
    price: 2000,
    quantity: 10,
    sizes: [{ sizeId: small }, { sizeId: medium, price: 200 }, { sizeId: large, price: 300 }],
    colors: [{ colorId: red }, { colorId: blue, price: 100 }],
    ...overrides,
  });

describe('lines per size and colour', () => {
  it('keeps each choice on its own line; the lines share the stock', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt({ quantity: 5 });
    expect((await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 })).status).toBe(200);
    expect((await add(shopper.auth, { product_id: product.id, size: medium, color: blue })).status).toBe(200);
    expect((await add(shopper.auth, { product_id: product.id, size: small, color: red })).status).toBe(200);
    const lines = await items(shopper.auth);
    expect(lines.map((item) => [choiceOf(item), item.quantity, item.price])).toEqual([
      ['S/Red', 3, 20],
      ['M/Blue', 1, 23],
    ]);
    // "+" goes as far as the stock the other line leaves.
    expect(lines.map((item) => item.max_quantity)).toEqual([4, 2]);
    const over = await add(shopper.auth, { product_id: product.id, size: large, color: red, quantity: 2 });
    expect(over.status).toBe(422);
    expect(over.body.errors.quantity).toEqual(['Only 5 in stock, and your cart already holds 4.']);
    expect((await add(shopper.auth, { product_id: product.id, size: large, color: red })).status).toBe(200);
    const full = await post(shopper.auth, '/cart/increment', { product_id: product.id, line_id: lines[1]!.line_id });
    expect(full.status).toBe(422);
    expect(full.body.errors.quantity).toEqual(['Only 5 in stock, and your cart already holds 5.']);
  });

  it('names a line by line_id; product_id alone is enough only while the product has one line', async () => {
    const shopper = await newShopper(app.db);
    const stranger = await newShopper(app.db);
    const product = await shirt();
    await add(shopper.auth, { product_id: product.id, size: small, color: red });
    await post(shopper.auth, '/cart/increment', { product_id: product.id });
    expect((await items(shopper.auth))[0]!.quantity).toBe(2);
    await add(shopper.auth, { product_id: product.id, size: large, color: red });
    const [first, second] = await items(shopper.auth);

    for (const path of ['/cart/increment', '/cart/decrement', '/cart/delete', '/cart/options']) {
      const ambiguous = await post(shopper.auth, path, { product_id: product.id });
      expect(ambiguous.status, path).toBe(422);
      expect(ambiguous.body.errors, path).toEqual({ line_id: ['This product is in your cart in more than one size or color: say which line.'] });
      // Another shopper's line, or a line of another product, is not there.
      expect((await post(stranger.auth, path, { product_id: product.id, line_id: first!.line_id })).status, path).toBe(404);
      expect((await post(shopper.auth, path, { product_id: product.id + 1, line_id: first!.line_id })).status, path).toBe(404);
    }
    expect((await post(shopper.auth, '/cart/decrement', { product_id: product.id, line_id: second!.line_id })).body.data).toMatchObject({
      removed: true,
      removed_product: { id: product.id, size: { id: large, name: 'L' }, color: { id: red, name: 'Red' } },
    });
    const removed = await post(shopper.auth, '/cart/delete', { product_id: product.id, line_id: first!.line_id });
    // The toast's Again Add to Cart sends the same choice back.
    const { size, color } = removed.body.data.removed_product;
    expect({ size, color }).toEqual({ size: { id: small, name: 'S' }, color: { id: red, name: 'Red' } });
    expect((await add(shopper.auth, { product_id: product.id, size: size.id, color: color.id })).status).toBe(200);
  });
});

describe('POST /cart/options', () => {
  it('moves a line to another size or colour in place, priced again on the server', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt();
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
    const [line] = await items(shopper.auth);
    const answer = await post(shopper.auth, '/cart/options', { product_id: product.id, line_id: line!.line_id, size: large });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Cart updated');
    const [moved] = answer.body.data.cart_items[0].products as Item[];
    // The same line (its place in the cart kept), the colour kept, 20.00 + 3.00 a unit.
    expect({ line: moved!.line_id, choice: choiceOf(moved!), quantity: moved!.quantity, price: moved!.price }).toEqual({
      line: line!.line_id,
      choice: 'L/Red',
      quantity: 2,
      price: 23,
    });
    expect((await post(shopper.auth, '/cart/options', { product_id: product.id, color: blue })).body.data.cart_items[0].products[0]).toMatchObject({ price: 24 });
    // Asking for the choice the line has already changes nothing.
    expect((await post(shopper.auth, '/cart/options', { product_id: product.id, size: large, color: blue })).status).toBe(200);
    expect((await items(shopper.auth)).map(choiceOf)).toEqual(['L/Blue']);
  });

  it('merges into the line that already holds the choice, quantities added', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt();
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
    await add(shopper.auth, { product_id: product.id, size: medium, color: red, quantity: 3 });
    const [smallLine, mediumLine] = await items(shopper.auth);
    const answer = await post(shopper.auth, '/cart/options', { product_id: product.id, line_id: smallLine!.line_id, size: medium });
    expect(answer.status).toBe(200);
    expect(answer.body.data.total).toBe(1);
    expect(answer.body.data.cart_items[0].products).toEqual([expect.objectContaining({ line_id: mediumLine!.line_id, quantity: 5, price: 22, max_quantity: 10 })]);
  });

  it('respects the stock: a merge of lines the stock no longer covers is refused and changes nothing', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt({ quantity: 6 });
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 3 });
    await add(shopper.auth, { product_id: product.id, size: medium, color: red, quantity: 3 });
    const before = await items(shopper.auth);
    await app.db.update(products).set({ quantity: 4 }).where(eq(products.id, product.id));
    const refused = await post(shopper.auth, '/cart/options', { product_id: product.id, line_id: before[0]!.line_id, size: medium });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.quantity).toEqual(['Only 4 in stock, and your cart already holds 3.']);
    expect((await items(shopper.auth)).map((item) => [item.line_id, choiceOf(item), item.quantity])).toEqual(before.map((item) => [item.line_id, choiceOf(item), item.quantity]));
  });

  it('refuses a choice the product does not offer, a missing one, a product off sale and hostile bodies, writing nothing', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt();
    await add(shopper.auth, { product_id: product.id, size: small, color: red });
    const [line] = await items(shopper.auth);
    // A line from before the product came in sizes has none: the change must name one.
    await app.db.update(cartItems).set({ sizeId: null }).where(eq(cartItems.id, line!.line_id));
    const cases: [unknown, number, string][] = [
      [{ product_id: product.id, color: blue }, 422, 'size'],
      [{ product_id: product.id, size: 999_999 }, 422, 'size'],
      [{ product_id: product.id, size: small, color: 999_999 }, 422, 'color'],
      [{ product_id: product.id, size: 'M' }, 422, 'size'],
      [{ product_id: product.id, line_id: -1, size: small }, 422, 'line_id'],
      [{ product_id: product.id, size: small, quantity: 5 }, 422, 'request'],
      [{ product_id: `${product.id}\u0000`, size: small }, 422, 'product_id'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await post(shopper.auth, '/cart/options', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await items(shopper.auth)).map(choiceOf)).toEqual(['-/Red']);
    await app.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    const off = await post(shopper.auth, '/cart/options', { product_id: product.id, size: medium });
    expect(off.status).toBe(422);
    expect(off.body.errors.product_id).toEqual(['The selected product is not available.']);
    await app.db.update(products).set({ isActive: true }).where(eq(products.id, product.id));
    expect((await post(shopper.auth, '/cart/options', { product_id: product.id, size: medium })).status).toBe(200);
  });
});

/** The shopper's lines in the database (hidden products included): what every answer must agree with. */
async function storedLines(userId: number) {
  return app.db
    .select({ id: cartItems.id, sizeId: cartItems.sizeId, colorId: cartItems.colorId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId))
    .orderBy(cartItems.id);
}

describe('POST /cart/options races (parallel requests)', () => {
  it('two changes of one line at once: one after the other, the units kept, no two lines of one choice', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt();
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
    await add(shopper.auth, { product_id: product.id, size: medium, color: red, quantity: 3 });
    const [line] = await items(shopper.auth);
    const answers = await Promise.all([
      post(shopper.auth, '/cart/options', { product_id: product.id, line_id: line!.line_id, size: medium }),
      post(shopper.auth, '/cart/options', { product_id: product.id, line_id: line!.line_id, size: large }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // Either the merge went first and the other change found the line gone, or the line went
    // to L first and was then merged from there: the same cart either way.
    expect([JSON.stringify([200, 200]), JSON.stringify([200, 404])]).toContain(JSON.stringify(statuses));
    const stored = await storedLines(shopper.id);
    expect(stored).toEqual([expect.objectContaining({ sizeId: medium, colorId: red, quantity: 5 })]);
    for (const answer of answers.filter((each) => each.status === 200)) expect(answer.body.data.total).toBeGreaterThanOrEqual(1);
  });

  it('a change racing a removal of the same line leaves one of the two orders of events', async () => {
    for (let round = 0; round < 6; round += 1) {
      const shopper = await newShopper(app.db);
      const product = await shirt();
      await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
      await add(shopper.auth, { product_id: product.id, size: medium, color: red, quantity: 3 });
      const [line, twin] = await items(shopper.auth);
      const calls = [
        () => post(shopper.auth, '/cart/options', { product_id: product.id, line_id: line!.line_id, size: medium }),
        () => post(shopper.auth, '/cart/delete', { product_id: product.id, line_id: line!.line_id }),
      ];
      const [changed, removed] = await Promise.all(
        round % 2
          ? calls.map((call) => call())
          : calls
              .reverse()
              .map((call) => call())
              .reverse(),
      );
      const stored = await storedLines(shopper.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.id).toBe(twin!.line_id);
      if (changed!.status === 200) {
        // Merged first (5 units), then the removal found no such line.
        expect(removed!.status).toBe(404);
        expect(stored[0]!.quantity).toBe(5);
      } else {
        expect([changed!.status, removed!.status]).toEqual([404, 200]);
        expect(stored[0]!.quantity).toBe(3);
      }
    }
  });

  it('many changes, increments and adds of one product at once keep every line whole and within the stock', async () => {
    const shopper = await newShopper(app.db);
    const product = await shirt({ quantity: 8 });
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
    await add(shopper.auth, { product_id: product.id, size: medium, color: blue, quantity: 2 });
    const [a, b] = await items(shopper.auth);
    const sizesToTry = [small, medium, large];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const line = index % 2 ? a! : b!;
        if (index % 5 === 0) return post(shopper.auth, '/cart/increment', { product_id: product.id, line_id: line.line_id });
        if (index % 7 === 0) return add(shopper.auth, { product_id: product.id, size: large, color: red });
        return post(shopper.auth, '/cart/options', { product_id: product.id, line_id: line.line_id, size: sizesToTry[index % 3], color: index % 4 ? red : blue });
      }),
    );
    expect(answers.every((answer) => [200, 404, 422].includes(answer.status))).toBe(true);
    const stored = await storedLines(shopper.id);
    expect(new Set(stored.map((row) => `${row.sizeId}/${row.colorId}`)).size).toBe(stored.length);
    expect(stored.reduce((sum, row) => sum + row.quantity, 0)).toBeLessThanOrEqual(8);
    expect(stored.every((row) => row.sizeId !== null && row.colorId !== null && row.quantity > 0)).toBe(true);
  });
});

describe('a product on several lines at checkout', () => {
  it('prices every line at a sale offer only while its allocation covers them all, and places them taking the allocation once', async () => {
    const shopper = await newShopperWithAddress(app.db);
    const product = await shirt({ quantity: 20, price: 3000 });
    await createFlashSale(app.db, {}, [{ productId: product.id, price: 2000, quantity: 5, sold: 0 }]);
    await add(shopper.auth, { product_id: product.id, size: small, color: red, quantity: 2 });
    await add(shopper.auth, { product_id: product.id, size: large, color: red, quantity: 2 });
    expect((await items(shopper.auth)).map((item) => item.discount_price)).toEqual([20, 23]);
    // Six units would be one more than the sale offers: both lines at the regular price.
    await add(shopper.auth, { product_id: product.id, size: medium, color: red, quantity: 2 });
    expect((await items(shopper.auth)).map((item) => item.discount_price)).toEqual([0, 0, 0]);
    const [, , mediumLine] = await items(shopper.auth);
    await post(shopper.auth, '/cart/decrement', { product_id: product.id, line_id: mediumLine!.line_id });
    await post(shopper.auth, '/cart/decrement', { product_id: product.id, line_id: mediumLine!.line_id });

    const placed = await app.json('/place-order', request('POST', shopper.auth, { shop_ids: [shopId], address_id: shopper.addressId, payment_method: 'cash' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [offer] = await app.db.select({ sold: flashSaleProducts.sold }).from(flashSaleProducts).where(eq(flashSaleProducts.productId, product.id));
    expect(offer!.sold).toBe(4);
    const [stock] = await app.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(stock!.quantity).toBe(16);
    expect(await items(shopper.auth)).toEqual([]);
  });
});
