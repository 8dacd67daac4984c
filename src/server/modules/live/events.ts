import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { liveEvents, shops } from '../../db/schema/index.ts';
import type { LiveEventDto, LiveEventKind } from '../../../contracts/live.ts';

/**
 * Live events as rows (docs/decisions/020-support-and-live-updates.md). A change that a
 * live page should show writes one row in the transaction that makes the change, and a
 * `NOTIFY` that names only who it is for: every process's hub (hub.ts) hears it at commit
 * and reads the rows its streams have not sent yet. A notification lost (a listener
 * reconnecting) or a browser reconnecting loses nothing: the rows are still there.
 */

export const LIVE_CHANNEL = 'storefront_live';
/** How long events are kept for streams to resume from: a browser away longer reloads the page. */
export const LIVE_EVENT_RETENTION_HOURS = 24;
/** The most events one read sends; a stream further behind reads again at once. */
export const LIVE_READ_BATCH = 200;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who an event is for: a shopper, or a shop (its owner's dashboard). */
export type LiveTarget = { userId: number; shopId?: undefined } | { shopId: number; userId?: undefined };

/** Who a stream reads for: the signed-in user, and the shop they own, if any. */
export interface Audience {
  userId: number;
  shopIds: readonly number[];
}

/** The notification's payload: whose streams should read (never what happened). */
export interface LiveSignal {
  user_id: number | null;
  shop_id: number | null;
}

/** Records an event for `target` inside the caller's transaction; it is heard when that commits. */
export async function recordLiveEvent(tx: Tx | Db, target: LiveTarget, kind: LiveEventKind, subject: string): Promise<void> {
  const userId = target.userId ?? null;
  const shopId = target.shopId ?? null;
  await tx.insert(liveEvents).values({ userId, shopId, kind, subject });
  const signal: LiveSignal = { user_id: userId, shop_id: shopId };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
}

export async function audienceOf(db: Db, userId: number): Promise<Audience> {
  const owned = await db.select({ id: shops.id }).from(shops).where(eq(shops.userId, userId));
  return { userId, shopIds: owned.map((shop) => shop.id) };
}

function forAudience(audience: Audience): SQL {
  const mine = eq(liveEvents.userId, audience.userId);
  return audience.shopIds.length ? or(mine, inArray(liveEvents.shopId, [...audience.shopIds]))! : mine;
}

/** The audience's events after `afterId`, oldest first, at most LIVE_READ_BATCH. */
export async function eventsSince(db: Db, audience: Audience, afterId: number): Promise<LiveEventDto[]> {
  const rows = await db
    .select({ id: liveEvents.id, kind: liveEvents.kind, subject: liveEvents.subject, shopId: liveEvents.shopId })
    .from(liveEvents)
    .where(and(forAudience(audience), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(LIVE_READ_BATCH);
  return rows.map((row) => ({ id: row.id, kind: row.kind as LiveEventKind, subject: row.subject, shop_id: row.shopId }));
}

/** The newest event id of any audience: a stream that names no start begins after it. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: liveEvents.id }).from(liveEvents).orderBy(desc(liveEvents.id)).limit(1);
  return row?.id ?? 0;
}

/** Drops events older than the retention (run with the other sweeps). */
export async function pruneLiveEvents(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - LIVE_EVENT_RETENTION_HOURS * 3_600_000);
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, cutoff));
}
