/**
 * `npm run shops -- withdrawals …`: the operator's decisions on sellers' withdrawal
 * requests (docs/decisions/017-sellers.md). Called by cli/shops.ts with the arguments after
 * `withdrawals`; returns the exit code.
 */
import type { Db } from '../db/index.ts';

export const WITHDRAWALS_USAGE = 'npm run shops -- withdrawals list [--status pending] | approve <id> [--note "..."] | deny <id> --reason "..."';

export async function withdrawalsCommand(_db: Db, _args: string[]): Promise<number> {
  console.error('Not built yet.');
  return 1;
}
