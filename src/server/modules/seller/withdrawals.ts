/**
 * Sellers' withdrawals (docs/decisions/017-sellers.md, "Earnings"): a request debits the
 * shop's ledger at once, under the shop's balance lock, so parallel requests never spend
 * the same money; the operator decides each request once, under its row lock, and a
 * denial gives the amount back. Loaded by plain Node for the operator commands (ADR 004):
 * `.ts` imports only.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { withdrawals } from '../../db/schema/index.ts';
import type { WithdrawalStatus } from '../../../contracts/seller.ts';
import { formatDefaultAmount } from '../../../lib/money.ts';
import { listedCurrencies } from '../master/default-currency.ts';
import { ledgerBalance, lockShopBalance, recordWithdrawalEvent } from './ledger.ts';
import { notifyShop } from './notifications.ts';

export type Withdrawal = typeof withdrawals.$inferSelect;

/** How a withdrawal is named to people: "#000012". */
export function billNo(id: number): string {
  return `#${String(id).padStart(6, '0')}`;
}

export interface WithdrawalRequest {
  /** Minor units, above 0 (the route has checked the site's minimum and maximum). */
  amount: number;
  name?: string | null | undefined;
  contactNumber?: string | null | undefined;
  message?: string | null | undefined;
}

/** A request: the withdrawal written, or the balance it would have overspent (nothing written). */
export type RequestOutcome = { withdrawal: Withdrawal } | { insufficient: { available: number } };

/**
 * Writes a pending withdrawal and its debit in one transaction, after locking the shop's
 * balance: the balance read is the one the debit lands on, so twenty requests at once
 * never take more than the shop has.
 */
export async function requestWithdrawal(db: Db, shopId: number, request: WithdrawalRequest, now: Date): Promise<RequestOutcome> {
  return db.transaction(async (tx) => {
    await lockShopBalance(tx, shopId);
    const available = await ledgerBalance(tx, shopId);
    if (request.amount > available) return { insufficient: { available } };
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        shopId,
        amount: request.amount,
        status: 'pending',
        name: request.name || null,
        contactNumber: request.contactNumber || null,
        message: request.message || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordWithdrawalEvent(tx, shopId, withdrawal!.id, 'withdrawal', withdrawal!.amount, now);
    return { withdrawal: withdrawal! };
  });
}

export type Decision = { status: 'approved'; note?: string | undefined } | { status: 'denied'; reason: string };

/**
 * A decision's outcome: `decided` (this call changed it), `already` (it had this decision:
 * a repeated or concurrent call, nothing written), `refused` (it has the other decision,
 * which stands) or `missing`.
 */
export type DecisionOutcome = { kind: 'decided' | 'already' | 'refused'; withdrawal: Withdrawal } | { kind: 'missing' };

/**
 * Approves or denies a pending withdrawal, once: the row is locked first, so of two
 * decisions at once the second sees the first's status. A denial credits the amount back
 * (the ledger's unique event makes that once too) and both tell the shop on its dashboard.
 * `shopId` limits the decision to one shop's withdrawals (null: the operator's, any shop).
 */
export async function decideWithdrawal(db: Db, id: number, decision: Decision, now: Date, shopId: number | null = null): Promise<DecisionOutcome> {
  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(shopId === null ? eq(withdrawals.id, id) : and(eq(withdrawals.id, id), eq(withdrawals.shopId, shopId)))
      .for('update');
    if (!row) return { kind: 'missing' };
    if (row.status === decision.status) return { kind: 'already', withdrawal: row };
    if (row.status !== 'pending') return { kind: 'refused', withdrawal: row };
    const reason = decision.status === 'denied' ? decision.reason : decision.note || null;
    const [decided] = await tx
      .update(withdrawals)
      .set({ status: decision.status, reason, decidedAt: now, updatedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    if (decision.status === 'denied') await recordWithdrawalEvent(tx, row.shopId, row.id, 'withdrawal_denied', row.amount, now);
    await notifyShop(tx, decisionNotice(decided!, formatDefaultAmount(decided!.amount, await listedCurrencies(tx))), now);
    return { kind: 'decided', withdrawal: decided! };
  });
}

/** The dashboard notification of a decision (English source text, translated when shown: ADR 003). */
function decisionNotice(withdrawal: Withdrawal, amount: string) {
  const approved = withdrawal.status === 'approved';
  return {
    shopId: withdrawal.shopId,
    type: approved ? ('withdrawal_approved' as const) : ('withdrawal_denied' as const),
    eventKey: `withdrawal:${withdrawal.id}:${withdrawal.status}`,
    title: approved ? 'Withdrawal approved' : 'Withdrawal denied',
    message: approved ? 'Your withdrawal {{bill_no}} of {{amount}} was approved.' : 'Your withdrawal {{bill_no}} of {{amount}} was denied: {{reason}}',
    params: { bill_no: billNo(withdrawal.id), amount, reason: withdrawal.reason ?? '' },
    url: '/shop/earnings',
  };
}

/** A shop's withdrawals, newest first, and how many it has. */
export async function listShopWithdrawals(db: Db, shopId: number, page: { limit: number; offset: number }): Promise<{ total: number; rows: Withdrawal[] }> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(eq(withdrawals.shopId, shopId));
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.shopId, shopId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: count?.total ?? 0, rows };
}

/** One of the shop's withdrawals; null when there is none of that id in this shop. */
export async function findShopWithdrawal(db: Db, shopId: number, id: number): Promise<Withdrawal | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.shopId, shopId), eq(withdrawals.id, id)));
  return row ?? null;
}

/** The shop's latest withdrawal still waiting for the operator, or null. */
export async function latestPendingWithdrawal(db: Db, shopId: number): Promise<Withdrawal | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.shopId, shopId), eq(withdrawals.status, 'pending')))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(1);
  return row ?? null;
}

/** Every shop's withdrawals for the operator, newest first (optionally of one status). */
export async function listAllWithdrawals(db: Db, status: WithdrawalStatus | null, limit = 100): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(status ? eq(withdrawals.status, status) : undefined)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
}
