/**
 * The currency payment pages charge in: the shop's default, lower case as providers name
 * it ("usd"). Loaded by plain Node for the operator command (ADR 004): `.ts` imports only.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { currencies } from '../../db/schema/index.ts';

export async function chargeCurrency(db: Pick<Db, 'select'>): Promise<string> {
  const [currency] = await db.select({ name: currencies.name }).from(currencies).where(eq(currencies.isDefault, true));
  return (currency?.name ?? 'USD').toLowerCase();
}
