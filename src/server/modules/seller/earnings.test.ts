import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { orders, settings, shopLedger, shopNotifications, shops, withdrawals } from '../../db/schema';
import type { Db } from '../../db';
import { invalidateSettings } from '../../cache';
import { createProduct, seedBase } from '@tests/fixtures';
import { createTestApp, newSeller, newShopper, request } from '@tests/support/api';
import { creditDeliveredOrder } from './ledger';
import { decideWithdrawal } from './withdrawals';
import { withdrawalsCommand } from '../../cli/withdrawals-command';
import type { Message } from '../messaging/delivery';

/**
 * The seller's earnings API (docs/decisions/017-sellers.md, "Earnings"): who may call it,
 * withdrawals that never spend more than the ledger holds however many arrive at once, the
 * operator's decisions taken once, and the dashboard's, wallet's and statement's figures.
 */
// seedBase: the site's settings, languages and their messages (the decision mail is translated).
const api = await createTestApp(seedBase);
afterAll(() => api.close());

let codes = 0;
/** A delivered order of `shopId` worth `net` to the shop, credited to its ledger: money to withdraw. */
async function deliveredOrder(db: Db, shopId: number, net: number, { placedAt = new Date(), commission = 0, status = 'delivered' as const } = {}) {
  const buyer = await newShopper(db);
  const [order] = await db
    .insert(orders)
    .values({
      userId: buyer.id,
      shopId,
      orderCode: `E${Date.now() % 1_000_000}${codes++}`,
      address: {},
      paymentMethod: 'cash',
      orderStatus: status,
      totalAmount: net + commission,
      payableAmount: net + commission,
      commissionAmount: commission,
      sellerNet: net,
      placedAt,
      createdAt: placedAt,
    })
    .returning();
  if (status === 'delivered') await db.transaction((tx) => creditDeliveredOrder(tx, order!, placedAt));
  return order!;
}

async function balanceOf(shopId: number): Promise<number> {
  const [row] = await api.db
    .select({ sum: sql<number>`coalesce(sum(${shopLedger.amount}), 0)::int` })
    .from(shopLedger)
    .where(eq(shopLedger.shopId, shopId));
  return row!.sum;
}

const withdrawalsOf = (shopId: number) => api.db.select().from(withdrawals).where(eq(withdrawals.shopId, shopId));

const ROUTES = [
  ['GET', '/seller/dashboard'],
  ['GET', '/seller/wallet'],
  ['GET', '/seller/wallet/history'],
  ['GET', '/seller/wallet/withdraws/1'],
  ['POST', '/seller/wallet/withdraw'],
  ['GET', '/seller/statement'],
] as const;

describe('who may call the earnings routes', () => {
  it.each(ROUTES)('%s %s: a guest is 401, a shopper 403', async (method, path) => {
    const init = method === 'GET' ? {} : request(method, {}, { amount: 20 });
    expect((await api.call(path, init)).status).toBe(401);
    const shopper = await newShopper(api.db);
    expect((await api.call(path, method === 'GET' ? { headers: shopper.auth } : request(method, shopper.auth, { amount: 20 }))).status).toBe(403);
  });

  it("another shop's withdrawal is a 404, and nothing about it changes", async () => {
    const owner = await newSeller(api.db);
    await deliveredOrder(api.db, owner.shopId, 50_00);
    const mine = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 20 }));
    expect(mine.status).toBe(201);
    const other = await newSeller(api.db);
    const seen = await api.json(`/seller/wallet/withdraws/${mine.body.data.withdraw.id}`, { headers: other.auth });
    expect(seen.status).toBe(404);
    expect((await api.json(`/seller/wallet/withdraws/${mine.body.data.withdraw.id}`, { headers: owner.auth })).body.data.withdraw.bill_no).toMatch(/^#\d{6}$/);
    expect((await api.json('/seller/wallet/history', { headers: other.auth })).body.data).toEqual({ total: 0, withdraws: [] });
    // The decision of the other shop's owner's API does not exist; the service, scoped to a shop, finds nothing either.
    expect((await decideWithdrawal(api.db, mine.body.data.withdraw.id, { status: 'denied', reason: 'x' }, new Date(), other.shopId)).kind).toBe('missing');
    const [row] = await withdrawalsOf(owner.shopId);
    expect(row!.status).toBe('pending');
    expect(await balanceOf(owner.shopId)).toBe(30_00);
  });
});

describe('POST /seller/wallet/withdraw', () => {
  it('debits the balance at once and lists the request as pending', async () => {
    const owner = await newSeller(api.db);
    await deliveredOrder(api.db, owner.shopId, 120_50);
    const answer = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: '100.25', name: 'Owner', contact_number: '+1555', message: 'Monthly' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.withdraw).toMatchObject({
      amount: 100.25,
      status: 'pending',
      invoice_url: null,
      name: 'Owner',
      contact_number: '+1555',
      message: 'Monthly',
      reason: null,
    });
    expect(answer.body.data.withdraw.created_at).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
    expect(await balanceOf(owner.shopId)).toBe(20_25);
    const history = await api.json('/seller/wallet/history', { headers: owner.auth });
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.withdraws[0].id).toBe(answer.body.data.withdraw.id);
    const wallet = await api.json('/seller/wallet', { headers: owner.auth });
    expect(wallet.body.data).toMatchObject({ withdrawable_amount: 20.25, is_withdrawable: true, min_withdraw_amount: 10 });
    expect(wallet.body.data.pending_withdraw.id).toBe(answer.body.data.withdraw.id);
  });

  it.each([
    ['negative', -5],
    ['zero', 0],
    ['NaN text', 'NaN'],
    ['an exponent', '1e9'],
    ['a huge number', 1e9],
    ['text', 'ten'],
    ['three decimals', '10.005'],
    ['three decimals as a number', 10.005],
    ['a signed text', '+20'],
    ['nothing', undefined],
    ['an object', { value: 20 }],
    ['below the minimum', 5],
  ])('refuses %s with 422 on amount, writing nothing', async (_name, amount) => {
    const owner = await newSeller(api.db);
    await deliveredOrder(api.db, owner.shopId, 500_00);
    const answer = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.amount.length).toBeGreaterThan(0);
    expect(await withdrawalsOf(owner.shopId)).toEqual([]);
    expect(await balanceOf(owner.shopId)).toBe(500_00);
  });

  it('refuses more than the balance, saying what is available, and more than the site allows', async () => {
    const owner = await newSeller(api.db);
    await deliveredOrder(api.db, owner.shopId, 30_00);
    const answer = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 30.01 }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.amount[0]).toContain('Insufficient balance');
    expect(answer.body.errors.amount[0]).toContain('30.00');
    const setMax = async (value: number) => {
      await api.db.insert(settings).values({ key: 'withdrawal_max_amount', value }).onConflictDoUpdate({ target: settings.key, set: { value } });
      invalidateSettings(api.db);
    };
    await setMax(20_00);
    try {
      const tooMuch = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 20.01 }));
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.errors.amount[0]).toContain('The largest withdrawal is');
      expect((await api.json('/seller/wallet', { headers: owner.auth })).body.data.max_withdraw_amount).toBe(20);
    } finally {
      await setMax(0);
    }
    expect(await withdrawalsOf(owner.shopId)).toEqual([]);
  });

  it('twenty requests at once never take more than the balance', async () => {
    const owner = await newSeller(api.db);
    await deliveredOrder(api.db, owner.shopId, 100_00);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 15 }))));
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted).toHaveLength(6);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors.amount[0]).toContain('Insufficient balance');
    }
    expect(await balanceOf(owner.shopId)).toBe(10_00);
    expect(await withdrawalsOf(owner.shopId)).toHaveLength(6);
  });
});

describe("the operator's decisions", () => {
  async function pendingWithdrawal(locale = 'en') {
    const owner = await newSeller(api.db);
    await api.db.update(shops).set({ locale }).where(eq(shops.id, owner.shopId));
    await deliveredOrder(api.db, owner.shopId, 80_00);
    const answer = await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 50 }));
    return { owner, id: answer.body.data.withdraw.id as number };
  }

  it('approve and deny at once: one decision is taken, once, and a denial gives the amount back once', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, id } = await pendingWithdrawal();
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => decideWithdrawal(api.db, id, index % 2 ? { status: 'approved' } : { status: 'denied', reason: 'Wrong account' }, new Date())),
      );
      const decided = outcomes.filter((outcome) => outcome.kind === 'decided');
      expect(decided).toHaveLength(1);
      const status = decided[0]!.kind === 'decided' ? decided[0]!.withdrawal.status : null;
      for (const outcome of outcomes.filter((outcome) => outcome.kind !== 'decided')) {
        expect(outcome.kind === 'already' || outcome.kind === 'refused').toBe(true);
        if (outcome.kind !== 'missing') expect(outcome.withdrawal.status).toBe(status);
      }
      expect(await balanceOf(owner.shopId)).toBe(status === 'denied' ? 80_00 : 30_00);
      const notices = await api.db.select().from(shopNotifications).where(eq(shopNotifications.shopId, owner.shopId));
      expect(notices.map((notice) => notice.eventKey)).toEqual([`withdrawal:${id}:${status}`]);
      const [row] = await withdrawalsOf(owner.shopId);
      expect(row!.decidedAt).not.toBeNull();
    }
  });

  it('approved stays approved and denied stays denied', async () => {
    const first = await pendingWithdrawal();
    expect((await decideWithdrawal(api.db, first.id, { status: 'approved', note: 'Paid by transfer' }, new Date())).kind).toBe('decided');
    expect((await decideWithdrawal(api.db, first.id, { status: 'denied', reason: 'No' }, new Date())).kind).toBe('refused');
    expect((await decideWithdrawal(api.db, first.id, { status: 'approved' }, new Date())).kind).toBe('already');
    expect(await balanceOf(first.owner.shopId)).toBe(30_00);
    const second = await pendingWithdrawal();
    expect((await decideWithdrawal(api.db, second.id, { status: 'denied', reason: 'No' }, new Date())).kind).toBe('decided');
    expect((await decideWithdrawal(api.db, second.id, { status: 'approved' }, new Date())).kind).toBe('refused');
    expect((await decideWithdrawal(api.db, second.id, { status: 'denied', reason: 'Again' }, new Date())).kind).toBe('already');
    expect(await balanceOf(second.owner.shopId)).toBe(80_00);
    const [row] = await withdrawalsOf(second.owner.shopId);
    expect(row!.reason).toBe('No');
    const history = await api.json('/seller/wallet/history', { headers: second.owner.auth });
    expect(history.body.data.withdraws[0]).toMatchObject({ status: 'denied', reason: 'No' });
  });

  it("the command lists, approves and denies, and mails the owner in the shop's language", async () => {
    const sent: Message[] = [];
    const mail = { delivery: { available: () => true, send: async (message: Message) => void sent.push(message) }, log: pino({ level: 'silent' }) };
    const output: string[] = [];
    const log = (...parts: unknown[]) => void output.push(parts.join(' '));
    const saved = { log: console.log, error: console.error };
    console.log = log;
    console.error = log;
    try {
      const arabic = await pendingWithdrawal('ar');
      const english = await pendingWithdrawal('en');
      expect(await withdrawalsCommand(api.db, ['list', '--status', 'pending'], mail)).toBe(0);
      expect(output.join('\n')).toContain(`${arabic.id}\t#`);
      expect(await withdrawalsCommand(api.db, ['deny', String(arabic.id)], mail)).toBe(2);
      expect(await withdrawalsCommand(api.db, ['deny', String(arabic.id), '--reason', 'Wrong IBAN'], mail)).toBe(0);
      expect(await withdrawalsCommand(api.db, ['deny', String(arabic.id), '--reason', 'Wrong IBAN'], mail)).toBe(0);
      expect(await withdrawalsCommand(api.db, ['approve', String(arabic.id)], mail)).toBe(1);
      expect(await withdrawalsCommand(api.db, ['approve', String(english.id), '--note', 'Sent'], mail)).toBe(0);
      expect(await withdrawalsCommand(api.db, ['approve', '999999'], mail)).toBe(1);
      expect(await withdrawalsCommand(api.db, ['approve', 'x'], mail)).toBe(2);
      expect(await withdrawalsCommand(api.db, ['list', '--status', 'nope'], mail)).toBe(2);
    } finally {
      console.log = saved.log;
      console.error = saved.error;
    }
    expect(sent).toHaveLength(2);
    expect(sent[0]!.subject).toContain('تم رفض السحب');
    expect(sent[0]!.text).toContain('Wrong IBAN');
    expect(sent[1]!.subject).toMatch(/^Withdrawal \u2068#\d{6}\u2069 approved$/);
    expect(sent[1]!.text).toContain('Sent');
  });
});

describe('the figures', () => {
  it('dashboard: counts, this month, the chosen year per month, low stock and the last 30 days', async () => {
    const owner = await newSeller(api.db);
    const now = new Date();
    const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 2, 15));
    await deliveredOrder(api.db, owner.shopId, 40_00, { commission: 10_00 });
    await deliveredOrder(api.db, owner.shopId, 7_00, { placedAt: lastYear });
    await deliveredOrder(api.db, owner.shopId, 9_00, { status: 'pending' as never });
    await deliveredOrder(api.db, owner.shopId, 9_00, { status: 'on_the_way' as never });
    await deliveredOrder(api.db, owner.shopId, 9_00, { status: 'processing' as never });
    await deliveredOrder(api.db, owner.shopId, 9_00, { status: 'cancelled' as never });
    const product = await createProduct(api.db, { shopId: owner.shopId, quantity: 3 });
    await createProduct(api.db, { shopId: owner.shopId, quantity: 50 });
    const { body, status } = await api.json('/seller/dashboard', { headers: owner.auth });
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({
      pending_order: 1,
      today_order: 4,
      to_delivery_order: 1,
      to_pickup_order: 1,
      this_manth_sales: 50,
      this_month_sales: 50,
      wallet_balance: 47,
      waiting: 1,
    });
    expect(data.today).toEqual({ orders: 4, revenue: 77 });
    expect(data.sales_chart_months).toHaveLength(12);
    expect(data.sales_chart_values[now.getUTCMonth()]).toBe(50);
    expect(data.max_chart_amount).toBe(50);
    expect(data.low_stock).toEqual([{ id: product.id, name: product.name, quantity: 3 }]);
    expect(data.daily_chart).toHaveLength(30);
    expect(data.daily_chart[29]).toEqual({ date: now.toISOString().slice(0, 10), orders: 4, revenue: 77 });
    const last = await api.json('/seller/dashboard?filter_type=last_year', { headers: owner.auth });
    expect(last.body.data.sales_chart_values[2]).toBe(7);
    expect(last.body.data.sales_chart_values.reduce((a: number, b: number) => a + b, 0)).toBe(7);
    expect((await api.json('/seller/dashboard?filter_type=next_year', { headers: owner.auth })).status).toBe(422);
  });

  it('wallet: sales, commission and net of the period, growth against the one before, pending earnings', async () => {
    const owner = await newSeller(api.db);
    const now = new Date();
    await deliveredOrder(api.db, owner.shopId, 90_00, { commission: 10_00 });
    await deliveredOrder(api.db, owner.shopId, 40_00, { commission: 10_00, placedAt: new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 1)) });
    await deliveredOrder(api.db, owner.shopId, 15_00, { status: 'confirm' as never });
    const { body } = await api.json('/seller/wallet?filter_type=this_year', { headers: owner.auth });
    expect(body.data).toMatchObject({ total_sales: 100, commission: 10, profit: 90, lifetime_sales: 150, withdrawable_amount: 130, pending_earnings: 15, growth_percentage: 100 });
    expect((await api.json('/seller/wallet?filter_type=last_year', { headers: owner.auth })).body.data.growth_percentage).toBe(100);
  });

  it('statement: each entry with its balance after it, order earnings and withdrawal bill numbers, paged', async () => {
    const owner = await newSeller(api.db);
    const order = await deliveredOrder(api.db, owner.shopId, 60_00, { commission: 6_00, placedAt: new Date(Date.now() - 60_000) });
    const withdraw = (await api.json('/seller/wallet/withdraw', request('POST', owner.auth, { amount: 25 }))).body.data.withdraw;
    const first = await api.json('/seller/statement?per_page=1', { headers: owner.auth });
    expect(first.body.data.total).toBe(2);
    expect(first.body.data.balance).toBe(35);
    expect(first.body.data.entries).toEqual([
      expect.objectContaining({ kind: 'withdrawal', amount: -25, balance_after: 35, order: null, withdrawal: { id: withdraw.id, bill_no: withdraw.bill_no } }),
    ]);
    const second = await api.json('/seller/statement?per_page=1&page=2', { headers: owner.auth });
    expect(second.body.data.entries[0]).toMatchObject({
      kind: 'order_delivered',
      amount: 60,
      balance_after: 60,
      order: { id: order.id, order_code: order.orderCode, gross: 66, commission: 6, net: 60 },
    });
    expect((await api.json('/seller/statement?per_page=0', { headers: owner.auth })).status).toBe(422);
    const entries = await api.db
      .select()
      .from(shopLedger)
      .where(and(eq(shopLedger.shopId, owner.shopId)));
    expect(entries).toHaveLength(2);
  });
});
