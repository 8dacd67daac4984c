import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { loadSiteSettings } from '../master/settings';
import { clientKey } from '../rate-limit/middleware';
import { hit, peek } from '../rate-limit/service';
import type { Rule } from '../rate-limit/limits';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How many checkouts one account, and one client address, may place an hour: the site
 * settings `order_limit_per_account` and `order_limit_per_address` (ADR 010). Without them
 * one account placed 162 cash-on-delivery orders in a minute and took a product's whole stock.
 *
 * The placement's own transaction counts it (place.ts): after the checkout placed before
 * under the same idempotency key is looked up, so a repeated submit is answered even over
 * the limit, and as its last write, so a refused placement (stock, a changed price, an
 * empty cart) rolls its count back with everything else. The counters' rows serialise
 * parallel placements of one account or address at that last step only.
 */
export interface PlacementGate {
  /** Refuses at once when the account or address has used up its placements (a read). */
  check(tx: Tx): Promise<void>;
  /** Counts this placement; refuses, rolling the placement back, when it is one too many. */
  count(tx: Tx): Promise<void>;
}

const HOUR_SECONDS = 3600;

/** The 429 of a placement over the limit (translated, with Retry-After). */
export const TOO_MANY_ORDERS = 'You have placed many orders in a short time. Please try again in {{seconds}} seconds.';

export async function placementGate(c: Context<AppEnv>): Promise<PlacementGate> {
  const site = await loadSiteSettings(c.var.db);
  const counters: [Rule, string][] = [
    [{ bucket: 'place-order:account', max: site.order_limit_per_account, windowSeconds: HOUR_SECONDS }, `user:${c.var.userId}`],
    [{ bucket: 'place-order:address', max: site.order_limit_per_address, windowSeconds: HOUR_SECONDS }, clientKey(c)],
  ];
  const refuse = (seconds: number) => new ApiError(429, c.var.t(TOO_MANY_ORDERS, { seconds }), undefined, { 'Retry-After': String(seconds) });
  return {
    async check(tx) {
      for (const [rule, key] of counters) {
        const current = await peek(tx as unknown as Db, rule, key);
        if (current && current.count >= rule.max) throw refuse(current.retryAfter);
      }
    },
    async count(tx) {
      for (const [rule, key] of counters) {
        const result = await hit(tx as unknown as Db, rule, key);
        if (!result.allowed) throw refuse(result.retryAfter);
      }
    },
  };
}
