/**
 * A shop's earnings ledger (docs/decisions/017-sellers.md, "Earnings"): one signed row per
 * event in `shop_ledger`, unique per order or withdrawal and kind, so an event asked for
 * twice (a repeated or concurrent status change, a retried decision) is written once.
 * The balance a seller may withdraw is the sum of the shop's rows.
 *
 * Every writer runs inside the transaction that makes the event happen (the order's status
 * change, the withdrawal's request or decision), so the ledger never disagrees with them.
 * Loaded by plain Node for the operator commands (ADR 004): `.ts` imports only.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { orders, shopLedger, shops } from '../../db/schema/index.ts';
import type { LedgerKind } from '../../../contracts/seller.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Order = Pick<typeof orders.$inferSelect, 'id' | 'shopId' | 'sellerNet'>;

/** Writes one event; false when it had happened already (nothing written). */
async function record(tx: Tx | Db, row: { shopId: number; kind: LedgerKind; amount: number; orderId?: number; withdrawalId?: number }, now: Date): Promise<boolean> {
  const written = await tx
    .insert(shopLedger)
    .values({ ...row, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: shopLedger.id });
  return written.length > 0;
}

/** A delivered order makes its net available to the shop, once. */
export function creditDeliveredOrder(tx: Tx | Db, order: Order, now: Date): Promise<boolean> {
  if (order.sellerNet <= 0) return Promise.resolve(false);
  return record(tx, { shopId: order.shopId, kind: 'order_delivered', orderId: order.id, amount: order.sellerNet }, now);
}

/**
 * A cancel or refund after the order's net was credited takes it back, once; an order never
 * credited has nothing to take back.
 */
export async function clawBackOrder(tx: Tx, order: Order, now: Date): Promise<boolean> {
  const [credit] = await tx
    .select({ amount: shopLedger.amount })
    .from(shopLedger)
    .where(and(eq(shopLedger.orderId, order.id), eq(shopLedger.kind, 'order_delivered')));
  if (!credit) return false;
  return record(tx, { shopId: order.shopId, kind: 'order_clawback', orderId: order.id, amount: -credit.amount }, now);
}

/** A withdrawal's debit when it is requested, and its return when it is denied. */
export function recordWithdrawalEvent(tx: Tx | Db, shopId: number, withdrawalId: number, kind: 'withdrawal' | 'withdrawal_denied', amount: number, now: Date): Promise<boolean> {
  return record(tx, { shopId, kind, withdrawalId, amount: kind === 'withdrawal' ? -amount : amount }, now);
}

/** The shop's balance: what it may withdraw now, in minor units. */
export async function ledgerBalance(tx: Tx | Db, shopId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<number>`coalesce(sum(${shopLedger.amount}), 0)::int` })
    .from(shopLedger)
    .where(eq(shopLedger.shopId, shopId));
  return row?.balance ?? 0;
}

/**
 * Locks the shop's row for a change of its balance that depends on the balance (a
 * withdrawal request): two requests of one shop run one after the other, so neither
 * spends money the other has already taken.
 */
export async function lockShopBalance(tx: Tx, shopId: number): Promise<void> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
}
