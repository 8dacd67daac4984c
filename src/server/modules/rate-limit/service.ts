import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rateLimits } from '../../db/schema';
import { rule, type LimitName, type Rule } from './limits';

export interface Hit {
  /** This hit is within the limit. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
  retryAfter: number;
}

/** How often a hit also deletes a batch of expired counters: cheap, and no timer to run. */
const SWEEP_CHANCE = 0.01;
const SWEEP_BATCH = 500;
/** Counts stop growing here, so a flood over a long window never overflows the column. */
const COUNT_CEILING = 1_000_000_000;

const toRule = (limit: LimitName | Rule): Rule => (typeof limit === 'string' ? rule(limit) : limit);

/** Keys are stored hashed: fixed length whatever the caller sends, and no addresses or emails at rest. */
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one hit for `key` under a limit and says whether it is allowed. One statement
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING) that the database serialises per row,
 * so parallel requests and several server processes never let more than `max` through.
 * A window that has ended restarts at this hit. `now` is injectable for tests.
 */
export async function hit(db: Db, limit: LimitName | Rule, key: string, now = new Date()): Promise<Hit> {
  const { bucket, max, windowSeconds } = toRule(limit);
  const expired = sql`${rateLimits.resetAt} <= ${timestamp(now)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, key: hashKey(key), count: 1, resetAt: new Date(now.getTime() + windowSeconds * 1000) })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        count: sql`case when ${expired} then 1 else least(${rateLimits.count} + 1, ${COUNT_CEILING}) end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (Math.random() < SWEEP_CHANCE) await sweepExpired(db);
  const { count, resetAt } = row!;
  return { allowed: count <= max, count, retryAfter: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) };
}

/** The count of `key`'s live window without counting a hit, or null when it has none. */
export async function peek(db: Db, limit: LimitName | Rule, key: string, now = new Date()): Promise<Omit<Hit, 'allowed'> | null> {
  const { bucket } = toRule(limit);
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, hashKey(key)), gt(rateLimits.resetAt, now)));
  if (!row) return null;
  return { count: row.count, retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Gives back one hit of the current window: for limits that count failures, the caller
 * hits first (so parallel attempts cannot all slip through) and refunds on success.
 */
export async function refund(db: Db, limit: LimitName | Rule, key: string, now = new Date()): Promise<void> {
  const { bucket } = toRule(limit);
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, hashKey(key)), gt(rateLimits.resetAt, now), gt(rateLimits.count, 0)));
}

/**
 * Deletes up to `batch` counters whose window has ended (the index on reset_at finds
 * them). An ended counter is dead anyway: the next hit on its key restarts it. Compares
 * with the real clock by default, since every server process does.
 */
export async function sweepExpired(db: Db, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const stale = db.select({ bucket: rateLimits.bucket, key: rateLimits.key }).from(rateLimits).where(lte(rateLimits.resetAt, now)).limit(batch);
  const deleted = await db
    .delete(rateLimits)
    // reset_at again: a counter restarted since the subquery read it is live and stays.
    .where(and(inArray(sql`(${rateLimits.bucket}, ${rateLimits.key})`, stale), lte(rateLimits.resetAt, now)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
