import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { orderItems, orders, payments, productVatTaxes, shopVatTaxes, vatTaxes } from '../../db/schema';
import { createAddress, createFlashSale, createProduct, createShop, createVoucher } from '@tests/fixtures';
import { toMinor } from '@/lib/money';
import { createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import { seeded } from '@tests/support/seeded';

/**
 * Exact money (docs/product.md §4.3, ADR 013), through the API and the database: over many random checkouts
 * (shops with delivery charges, discount and flash-sale prices, VAT per product or per
 * shop, percentage and amount vouchers with caps), the orders placed charge exactly the
 * figures the checkout showed, shop by shop, and add up to the one payment to the cent.
 * The currency side (each shop's amount converted so the parts add up to the converted
 * payment) is lib/money.test.ts's property.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Catalogue {
  shops: { id: number; products: number[]; voucherCodes: string[] }[];
}

async function randomCatalogue(pick: ReturnType<typeof seeded>): Promise<Catalogue> {
  const [standard, reduced] = await app.db
    .insert(vatTaxes)
    .values([
      { name: 'VAT', percentage: '7.50' },
      { name: 'Reduced VAT', percentage: '3.33' },
    ])
    .returning();
  const catalogue: Catalogue = { shops: [] };
  for (let s = 0; s < 4; s++) {
    const shop = await createShop(app.db, { deliveryCharge: [0, 199, 500, 1_234][s]!, orderPrefix: `M${s}` });
    if (s % 2 === 0) await app.db.insert(shopVatTaxes).values({ shopId: shop.id, vatTaxId: standard!.id });
    const productIds: number[] = [];
    for (let p = 0; p < 5; p++) {
      const price = 99 + pick.below(99_900);
      const product = await createProduct(app.db, {
        shopId: shop.id,
        price,
        discountPrice: pick.chance(0.4) ? Math.max(1, price - 1 - pick.below(price - 1)) : 0,
        quantity: 10_000,
      });
      if (pick.chance(0.3)) await app.db.insert(productVatTaxes).values({ productId: product.id, vatTaxId: reduced!.id });
      // Every shop's first product (which every checkout of that shop holds) is on sale, so each run reaches sale prices whatever its seed.
      if (p === 0 || pick.chance(0.2)) await createFlashSale(app.db, {}, [{ productId: product.id, price: Math.max(1, Math.floor(price / 3)), quantity: 1_000 }]);
      productIds.push(product.id);
    }
    const percent = await createVoucher(app.db, {
      shopId: shop.id,
      discountType: 'Percentage',
      discountPercent: `${1 + pick.below(60)}.${10 + pick.below(90)}`,
      maxDiscountAmount: pick.chance(0.5) ? 1 + pick.below(5_000) : null,
      limitForUser: 100,
    });
    const amount = await createVoucher(app.db, { shopId: shop.id, discountType: 'Amount', discountPercent: null, discountAmount: 1 + pick.below(3_000), limitForUser: 100 });
    catalogue.shops.push({ id: shop.id, products: productIds, voucherCodes: [percent.code, amount.code] });
  }
  return catalogue;
}

describe('placement charges exactly what the checkout showed (property)', () => {
  it("over 30 random checkouts: each order is its shop's shown figures, and the orders add up to the payment to the cent", async () => {
    const seed = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
    const pick = seeded(seed);
    const catalogue = await randomCatalogue(pick);
    const seen = { vouchers: 0, taxes: 0, salePrices: 0, shopsAtOnce: 0 };
    for (let round = 0; round < 30; round++) {
      const context = `seed ${seed} (MONEY_SEED=${seed} replays it), checkout ${round}`;
      const person = await newShopper(app.db);
      const address = await createAddress(app.db, { userId: person.id });
      const shops = [...catalogue.shops].sort(() => pick.below(3) - 1).slice(0, 1 + pick.below(3));
      for (const shop of shops) {
        for (const productId of shop.products
          .filter(() => pick.chance(0.5))
          .slice(0, 3)
          .concat(shop.products[0]!)) {
          await app.json('/cart/store', request('POST', person.auth, { product_id: productId, quantity: 1 + pick.below(4) }));
        }
        if (pick.chance(0.6)) {
          const code = shop.voucherCodes[pick.below(2)]!;
          await app.json('/apply-voucher', request('POST', person.auth, { coupon_code: code, shop_id: shop.id }));
        }
      }
      const shopIds = shops.map((shop) => shop.id);
      const shown = (await app.json('/cart/checkout', request('POST', person.auth, { shop_ids: shopIds }))).body.data;
      const placed = await app.json(
        '/place-order',
        request('POST', person.auth, {
          shop_ids: shopIds,
          address_id: address.id,
          payment_method: 'cash',
          payable_amount: shown.checkout.payable_amount,
          idempotency_key: `money-${seed}-${round}`,
        }),
      );
      expect(placed.status, context).toBe(201);

      const [payment] = await app.db.select().from(payments).where(eq(payments.userId, person.id));
      const rows = await app.db.select().from(orders).where(eq(orders.userId, person.id));
      expect(payment!.amount, context).toBe(toMinor(shown.checkout.payable_amount));
      expect(
        rows.reduce((sum, order) => sum + order.payableAmount, 0),
        context,
      ).toBe(payment!.amount);
      expect(toMinor(placed.body.data.payable_amount), context).toBe(payment!.amount);
      for (const group of shown.checkout_items as { shop_id: number; checkout: Record<string, number> }[]) {
        const order = rows.find((row) => row.shopId === group.shop_id)!;
        expect(order, context).toBeDefined();
        expect(
          { total: order.totalAmount, delivery: order.deliveryCharge, coupon: order.couponDiscount, tax: order.taxAmount, payable: order.payableAmount },
          `${context}, shop ${group.shop_id}`,
        ).toEqual({
          total: toMinor(group.checkout.total_amount!),
          delivery: toMinor(group.checkout.delivery_charge!),
          coupon: toMinor(group.checkout.coupon_discount!),
          tax: toMinor(group.checkout.order_tax_amount!),
          payable: toMinor(group.checkout.payable_amount!),
        });
        expect(order.payableAmount, `${context}, shop ${group.shop_id}`).toBe(order.totalAmount - order.couponDiscount + order.deliveryCharge + order.taxAmount);
        // The order page's VAT lines, figured again from the lines it kept, add up to the tax charged.
        const details = (await app.json(`/order-details?order_id=${order.id}`, request('GET', person.auth))).body.data.order;
        expect(
          (details.all_vat_taxes as { amount: number }[]).reduce((sum, tax) => sum + toMinor(tax.amount), 0),
          `${context}, order ${order.id} VAT lines`,
        ).toBe(order.taxAmount);
        if (order.couponDiscount > 0) seen.vouchers += 1;
        if (order.taxAmount > 0) seen.taxes += 1;
      }
      const items = await app.db
        .select({ flashSaleId: orderItems.flashSaleId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        );
      if (items.some((item) => item.flashSaleId !== null)) seen.salePrices += 1;
      if (rows.length > 1) seen.shopsAtOnce += 1;
    }
    // The random carts did reach every rule (else this test proves less than it says).
    expect(
      Object.values(seen).every((count) => count > 0),
      JSON.stringify(seen),
    ).toBe(true);
  }, 120_000); // 30 checkouts through the API: seconds on an idle machine, more on a loaded CI runner.
});
