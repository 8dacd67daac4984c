/**
 * The currency payment pages charge in: the shop's default (lib/money.ts defaultCurrencyOf),
 * lower case as providers name it ("usd"). Loaded by plain Node for the operator command
 * (ADR 004): `.ts` imports only.
 */
import type { Db } from '../../db';
import { defaultCurrencyName } from '../../../lib/money.ts';
import { listedCurrencies } from '../master/default-currency.ts';

export async function chargeCurrency(db: Pick<Db, 'select'>): Promise<string> {
  return defaultCurrencyName(await listedCurrencies(db)).toLowerCase();
}
