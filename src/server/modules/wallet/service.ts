import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { users, walletTransactions } from '../../db/schema';
import { fromMinor } from '@/lib/money';
import { limitOffset, type Page } from '@/lib/pagination';
import type { WalletPage } from '@/contracts/wallet';

/**
 * A shopper's wallet (docs/product.md §3.3 User wallet {balance}): the balance
 * kept on the user and the statement of credits and debits it is the sum of. Only the
 * owner's id ever reaches these functions.
 */

/** The balance and one page of transactions, the latest first; null when the user is gone. */
export async function readWallet(db: Db, userId: number, page: Page): Promise<WalletPage | null> {
  const { limit, offset } = limitOffset(page);
  const [[user], [counted], rows] = await Promise.all([
    db.select({ balance: users.walletBalance }).from(users).where(eq(users.id, userId)),
    db.select({ total: count() }).from(walletTransactions).where(eq(walletTransactions.userId, userId)),
    db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(limit)
      .offset(offset),
  ]);
  if (!user) return null;
  return {
    wallet: { balance: fromMinor(user.balance) },
    total: counted?.total ?? 0,
    transactions: rows.map((row) => ({
      id: row.id,
      type: row.type,
      amount: fromMinor(row.amount),
      balance_after: fromMinor(row.balanceAfter),
      purpose: row.purpose,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
