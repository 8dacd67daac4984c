import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, walletTransactions } from '../../db/schema';
import { createUser, DEMO_CUSTOMER, seedBase, seedCatalog } from '@tests/fixtures';
import { bearerFor, createTestApp, type TestApp } from '@tests/support/api';

let app: TestApp;
beforeAll(async () => {
  // The demo seed, small: its customer has a wallet statement (seed/catalog.ts).
  app = await createTestApp(async (db) => {
    await seedBase(db);
    await seedCatalog(db, { products: 12 });
  });
});
afterAll(() => app.close());

const bearer = (userId: number) => bearerFor(app.db, userId);

/** A new user whose wallet holds `entries` (minor units), oldest first, balance kept as their sum. */
async function userWithWallet(entries: { type: 'credit' | 'debit'; amount: number; purpose: string }[]) {
  const user = await createUser(app.db);
  let balance = 0;
  for (const [n, entry] of entries.entries()) {
    balance += entry.type === 'credit' ? entry.amount : -entry.amount;
    await app.db.insert(walletTransactions).values({ userId: user.id, ...entry, balanceAfter: balance, createdAt: new Date(Date.UTC(2025, 0, 1 + n)) });
  }
  await app.db.update(users).set({ walletBalance: balance }).where(eq(users.id, user.id));
  return { id: user.id, auth: await bearer(user.id) };
}

const wallet = (auth: Record<string, string>, query = '') => app.json(`/wallet${query}`, { headers: auth });

// It needs a signed-in user, 401 for a guest or a bad token: contract/auth-required.test.ts.
describe('GET /wallet (balance and transactions)', () => {
  it('answers the balance and the transactions, the latest first', async () => {
    const me = await userWithWallet([
      { type: 'credit', amount: 10_000, purpose: 'Welcome bonus' },
      { type: 'debit', amount: 2_550, purpose: 'Gift card purchase' },
      { type: 'credit', amount: 500, purpose: 'Cashback reward' },
    ]);
    const { status, body } = await wallet(me.auth);
    expect(status).toBe(200);
    expect(body.data.wallet).toEqual({ balance: 79.5 });
    expect(body.data.total).toBe(3);
    expect(body.data.transactions).toEqual([
      { id: expect.any(Number), type: 'credit', amount: 5, balance_after: 79.5, purpose: 'Cashback reward', reference: null, created_at: '2025-01-03T00:00:00.000Z' },
      { id: expect.any(Number), type: 'debit', amount: 25.5, balance_after: 74.5, purpose: 'Gift card purchase', reference: null, created_at: '2025-01-02T00:00:00.000Z' },
      { id: expect.any(Number), type: 'credit', amount: 100, balance_after: 100, purpose: 'Welcome bonus', reference: null, created_at: '2025-01-01T00:00:00.000Z' },
    ]);
  });

  it('pages with page and per_page', async () => {
    const me = await userWithWallet(Array.from({ length: 7 }, (_, n) => ({ type: 'credit' as const, amount: 100 * (n + 1), purpose: `Credit ${n + 1}` })));
    const first = await wallet(me.auth, '?per_page=3');
    expect(first.body.data.total).toBe(7);
    expect(first.body.data.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['Credit 7', 'Credit 6', 'Credit 5']);
    const last = await wallet(me.auth, '?per_page=3&page=3');
    expect(last.body.data.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['Credit 1']);
    const past = await wallet(me.auth, '?per_page=3&page=9');
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ total: 7, transactions: [] });
    // Blank parameters are absent (a form's untouched field): the default page of 10.
    expect((await wallet(me.auth, '?page=&per_page=')).body.data.transactions).toHaveLength(7);
  });

  it('refuses bad paging with a 422 naming the field', async () => {
    const me = await userWithWallet([]);
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?per_page=101', 'per_page'],
      ['?per_page=-1', 'per_page'],
      ['?page=1.5', 'page'],
      ['?page=%00', 'page'],
    ] as const) {
      const { status, body } = await wallet(me.auth, query);
      expect(status, query).toBe(422);
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
  });

  it("never shows one user's wallet to another: each sees only their own", async () => {
    const alice = await userWithWallet([{ type: 'credit', amount: 4_200, purpose: 'Alice top-up' }]);
    const bob = await userWithWallet([{ type: 'credit', amount: 100, purpose: 'Bob top-up' }]);
    const fresh = await userWithWallet([]);
    expect((await wallet(alice.auth)).body.data).toMatchObject({ wallet: { balance: 42 }, total: 1, transactions: [{ purpose: 'Alice top-up' }] });
    expect((await wallet(bob.auth)).body.data).toMatchObject({ wallet: { balance: 1 }, total: 1, transactions: [{ purpose: 'Bob top-up' }] });
    expect((await wallet(fresh.auth)).body.data).toEqual({ wallet: { balance: 0 }, total: 0, transactions: [] });
    // A user id in the query changes nothing: the token decides whose wallet it is.
    expect((await wallet(bob.auth, `?user_id=${alice.id}`)).body.data.transactions[0].purpose).toBe('Bob top-up');
  });
});

describe('the demo customer’s seeded wallet', () => {
  it('has several credits and debits whose sum is the balance, each balance_after the running total', async () => {
    const [customer] = await app.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    const { body } = await wallet(await bearer(customer!.id), '?per_page=100');
    const transactions = [...body.data.transactions].reverse() as { type: string; amount: number; balance_after: number }[];
    expect(transactions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(transactions.map((t) => t.type))).toEqual(new Set(['credit', 'debit']));
    let running = 0;
    for (const t of transactions) {
      running = Math.round((running + (t.type === 'credit' ? t.amount : -t.amount)) * 100) / 100;
      expect(t.balance_after).toBe(running);
    }
    expect(body.data.wallet.balance).toBe(running);
    // The user's wallet on GET /user and /profile is the same balance.
    expect((await app.json('/profile', { headers: await bearer(customer!.id) })).body.data.user.wallet).toEqual({ balance: running });
  });
});
