import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderItems, orders, productVatTaxes, settings, shopLedger, shopNotifications, shopVatTaxes, vatTaxes, withdrawals } from '../../db/schema';
import { invalidateSettings } from '../../cache';
import { createAddress, createProduct, createVoucher } from '@tests/fixtures';
import { toMinor } from '@/lib/money';
import { ORDER_FLOW } from '@/lib/order-lifecycle';
import { createTestApp, newSeller, newShopper, request, type TestApp } from '@tests/support/api';
import { changeOrderStatus, OrderStatusError } from '../orders/lifecycle';
import { decideWithdrawal } from './withdrawals';
import { seeded } from '@tests/support/seeded';

/**
 * A shop's money from placement to payout (docs/decisions/017-sellers.md, "Earnings"),
 * through the API and the database: real orders placed for a seller's products (random
 * prices, quantities, VAT, vouchers, commission terms), then random events in random
 * order, some repeated and some at once — orders moved on, delivered, cancelled;
 * withdrawals requested, approved, denied. After every step: each order's lines and
 * delivery add up to what the shopper pays, commission + net = payable, the ledger's
 * balance is the delivered net less claw-backs and less the withdrawals not denied, never
 * negative, and each event is in the ledger once.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function setSetting(key: string, value: number) {
  await app.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  invalidateSettings(app.db);
}

describe("a shop's ledger (property)", () => {
  it('over random orders and events in random order, the money adds up and each event happens once', async () => {
    const seed = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
    const pick = seeded(seed);
    const context = (step: string) => `seed ${seed} (MONEY_SEED=${seed} replays it), ${step}`;
    await setSetting('commission_percent', [0, 7.5, 10, 12.34, 100][pick.below(5)]!);
    await setSetting('commission_fixed_per_order', [0, 1, 99, 250][pick.below(4)]!);
    await setSetting('withdrawal_min_amount', 1);

    const owner = await newSeller(app.db);
    const [vat] = await app.db.insert(vatTaxes).values({ name: 'VAT', percentage: '7.50' }).returning();
    if (pick.chance(0.5)) await app.db.insert(shopVatTaxes).values({ shopId: owner.shopId, vatTaxId: vat!.id });
    const productIds: number[] = [];
    for (let p = 0; p < 4; p++) {
      const price = 99 + pick.below(50_000);
      const product = await createProduct(app.db, {
        shopId: owner.shopId,
        price,
        discountPrice: pick.chance(0.3) ? Math.max(1, price - 1 - pick.below(price - 1)) : 0,
        quantity: 10_000,
      });
      if (pick.chance(0.3)) await app.db.insert(productVatTaxes).values({ productId: product.id, vatTaxId: vat!.id });
      productIds.push(product.id);
    }
    const voucherCodes = [
      (await createVoucher(app.db, { shopId: owner.shopId, discountType: 'Percentage', discountPercent: `${1 + pick.below(40)}.50`, limitForUser: 100 })).code,
      (await createVoucher(app.db, { shopId: owner.shopId, discountType: 'Amount', discountPercent: null, discountAmount: 1 + pick.below(2_000), limitForUser: 100 })).code,
    ];

    // Orders, placed through the API as shoppers do.
    const orderIds: number[] = [];
    for (let round = 0; round < 10; round++) {
      const person = await newShopper(app.db);
      const address = await createAddress(app.db, { userId: person.id });
      for (const productId of productIds.filter(() => pick.chance(0.5)).concat(productIds[round % productIds.length]!)) {
        await app.json('/cart/store', request('POST', person.auth, { product_id: productId, quantity: 1 + pick.below(5) }));
      }
      if (pick.chance(0.6)) await app.json('/apply-voucher', request('POST', person.auth, { coupon_code: voucherCodes[pick.below(2)], shop_id: owner.shopId }));
      const shown = (await app.json('/cart/checkout', request('POST', person.auth, { shop_ids: [owner.shopId] }))).body.data;
      const placed = await app.json(
        '/place-order',
        request('POST', person.auth, {
          shop_ids: [owner.shopId],
          address_id: address.id,
          payment_method: 'cash',
          payable_amount: shown.checkout.payable_amount,
          idempotency_key: `ledger-${seed}-${round}`,
        }),
      );
      expect(placed.status, context(`order ${round}: ${JSON.stringify(placed.body)}`)).toBe(201);
      orderIds.push(...(placed.body.data.orders as { id: number }[]).map((order) => order.id));
    }

    // Each order's split, as placed.
    const placedOrders = await app.db.select().from(orders).where(inArray(orders.id, orderIds));
    for (const order of placedOrders) {
      const lines = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const at = context(`order ${order.orderCode}`);
      expect(lines.reduce((sum, line) => sum + line.gross, 0) + order.deliveryCharge, at).toBe(order.payableAmount);
      expect(order.commissionAmount + order.sellerNet, at).toBe(order.payableAmount);
      expect(
        lines.reduce((sum, line) => sum + line.commission, 0),
        at,
      ).toBe(order.commissionAmount);
      expect(lines.reduce((sum, line) => sum + line.net, 0) + order.deliveryCharge, at).toBe(order.sellerNet);
      for (const line of lines) expect(line.gross - line.commission, at).toBe(line.net);
      expect(order.commissionAmount, at).toBeGreaterThanOrEqual(0);
    }

    const move = (id: number, to: string) =>
      changeOrderStatus(app.db, { id, shopId: owner.shopId }, to, { actor: 'seller' }).catch((error: unknown) => {
        if (error instanceof OrderStatusError) return null;
        throw error;
      });
    const withdraw = async (amount: number) => (await app.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: amount / 100 }))).status;

    async function check(step: string) {
      const at = context(step);
      const [ledger] = await app.db
        .select({ balance: sql<number>`coalesce(sum(${shopLedger.amount}), 0)::int` })
        .from(shopLedger)
        .where(eq(shopLedger.shopId, owner.shopId));
      const delivered = await app.db
        .select({ net: orders.sellerNet })
        .from(orders)
        .where(and(eq(orders.shopId, owner.shopId), eq(orders.orderStatus, 'delivered')));
      const [clawedBack] = await app.db
        .select({ sum: sql<number>`coalesce(-sum(${shopLedger.amount}), 0)::int` })
        .from(shopLedger)
        .where(and(eq(shopLedger.shopId, owner.shopId), eq(shopLedger.kind, 'order_clawback')));
      const [outstanding] = await app.db
        .select({ sum: sql<number>`coalesce(sum(${withdrawals.amount}), 0)::int` })
        .from(withdrawals)
        .where(and(eq(withdrawals.shopId, owner.shopId), inArray(withdrawals.status, ['pending', 'approved'])));
      const expected = delivered.reduce((sum, order) => sum + order.net, 0) - clawedBack!.sum - outstanding!.sum;
      expect(ledger!.balance, at).toBe(expected);
      expect(ledger!.balance, at).toBeGreaterThanOrEqual(0);
      const wallet = await app.json('/seller/wallet', { headers: owner.auth });
      expect(toMinor(wallet.body.data.withdrawable_amount), at).toBe(ledger!.balance);
      return ledger!.balance;
    }

    let withdrawalsAsked = 0;
    for (let step = 0; step < 40; step++) {
      const orderId = orderIds[pick.below(orderIds.length)]!;
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      const index = ORDER_FLOW.indexOf(order!.orderStatus as (typeof ORDER_FLOW)[number]);
      const roll = pick.below(6);
      let what: string;
      if (roll === 0) {
        // One step forward, sometimes asked twice at once.
        const next = ORDER_FLOW[index + 1] ?? 'delivered';
        await Promise.all(Array.from({ length: pick.chance(0.4) ? 2 : 1 }, () => move(orderId, next)));
        what = `move ${order!.orderCode} to ${next}`;
      } else if (roll === 1) {
        // All the way to delivered, the last step possibly repeated at once.
        for (const status of ORDER_FLOW.slice(Math.max(1, index + 1))) await move(orderId, status);
        await Promise.all([move(orderId, 'delivered'), move(orderId, 'delivered')]);
        what = `deliver ${order!.orderCode}`;
      } else if (roll === 2) {
        await Promise.all(Array.from({ length: pick.chance(0.3) ? 2 : 1 }, () => move(orderId, 'cancelled')));
        what = `cancel ${order!.orderCode}`;
      } else if (roll === 3) {
        // Several requests at once, of a random share of the balance (some more than it).
        const balance = await check(`before withdrawing at step ${step}`);
        const count = 1 + pick.below(4);
        const amounts = Array.from({ length: count }, () => 1 + pick.below(Math.max(1, Math.ceil(balance / 2))));
        const statuses = await Promise.all(amounts.map(withdraw));
        for (const status of statuses) expect([201, 422], context(`withdraw at step ${step}`)).toContain(status);
        withdrawalsAsked += statuses.filter((status) => status === 201).length;
        what = `withdraw ${amounts.join(', ')}`;
      } else {
        const pending = await app.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.shopId, owner.shopId));
        if (pending.length === 0) continue;
        const id = pending[pick.below(pending.length)]!.id;
        const decisions = Array.from({ length: 1 + pick.below(3) }, () =>
          pick.chance(0.5) ? ({ status: 'approved' } as const) : ({ status: 'denied', reason: 'Check the account number' } as const),
        );
        const outcomes = await Promise.all(decisions.map((decision) => decideWithdrawal(app.db, id, decision, new Date())));
        expect(outcomes.filter((outcome) => outcome.kind === 'decided').length, context(`decide ${id}`)).toBeLessThanOrEqual(1);
        what = `decide ${id}: ${decisions.map((decision) => decision.status).join(', ')}`;
      }
      await check(`step ${step} (${what})`);
    }

    // Whatever the seed drew, every kind of event is reached: a delivery, a request, and two decisions raced on it.
    const open = (
      await app.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.shopId, owner.shopId), inArray(orders.orderStatus, [...ORDER_FLOW])))
    ).map((row) => row.id);
    for (const status of ORDER_FLOW.slice(1)) await move(open[0]!, status);
    const last = await check('after the last delivery');
    expect(last, context('a delivered order leaves a balance')).toBeGreaterThan(0);
    expect(await withdraw(1)).toBe(201);
    withdrawalsAsked += 1;
    const [latest] = await app.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.shopId, owner.shopId))
      .orderBy(sql`${withdrawals.id} desc`)
      .limit(1);
    const raced = await Promise.all([
      decideWithdrawal(app.db, latest!.id, { status: 'denied', reason: 'Raced' }, new Date()),
      decideWithdrawal(app.db, latest!.id, { status: 'approved' }, new Date()),
    ]);
    expect(raced.filter((outcome) => outcome.kind === 'decided')).toHaveLength(1);
    await check('after the raced decision');

    // Each event once: one credit per delivered order, one debit per withdrawal, one return per denial, one notice per decision.
    const entries = await app.db.select().from(shopLedger).where(eq(shopLedger.shopId, owner.shopId));
    const all = await app.db.select().from(withdrawals).where(eq(withdrawals.shopId, owner.shopId));
    const deliveredIds = (
      await app.db
        .select({ id: orders.id, net: orders.sellerNet })
        .from(orders)
        .where(and(eq(orders.shopId, owner.shopId), eq(orders.orderStatus, 'delivered')))
    )
      .filter((order) => order.net > 0)
      .map((order) => order.id)
      .sort();
    expect(
      entries
        .filter((entry) => entry.kind === 'order_delivered')
        .map((entry) => entry.orderId)
        .sort(),
      context('credits'),
    ).toEqual(deliveredIds);
    expect(entries.filter((entry) => entry.kind === 'withdrawal').length, context('debits')).toBe(all.length);
    expect(all.length).toBe(withdrawalsAsked);
    expect(entries.filter((entry) => entry.kind === 'withdrawal_denied').length, context('returns')).toBe(all.filter((row) => row.status === 'denied').length);
    const notices = await app.db
      .select()
      .from(shopNotifications)
      .where(and(eq(shopNotifications.shopId, owner.shopId), inArray(shopNotifications.type, ['withdrawal_approved', 'withdrawal_denied'])));
    expect(notices.length, context('notices')).toBe(all.filter((row) => row.status !== 'pending').length);
  }, 180_000);
});
