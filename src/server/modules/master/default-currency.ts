/**
 * The shop's currencies as lib/money.ts `defaultCurrencyOf` chooses the default among them:
 * the active ones, in id order, as GET /master lists them. For payment charges and server
 * messages; pages read the same list from /master. Loaded by plain Node for the operator
 * command (ADR 004): `.ts` imports only.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { currencies } from '../../db/schema/index.ts';
import type { ListedCurrency } from '../../../lib/money.ts';

export async function listedCurrencies(db: Pick<Db, 'select'>): Promise<ListedCurrency[]> {
  const rows = await db
    .select({ name: currencies.name, symbol: currencies.symbol, position: currencies.position, isDefault: currencies.isDefault })
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.id));
  return rows.map((row) => ({ name: row.name, symbol: row.symbol, position: row.position === 'suffix' ? 'suffix' : 'prefix', is_default: row.isDefault }));
}
