import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Signals between the processes sharing one PostgreSQL (docs/decisions/018-page-cache.md):
 * `NOTIFY` on a channel, delivered at commit to every session that `LISTEN`s on it. A
 * notification is best effort: one sent while a listener's connection is down is lost. So
 * a listener says when it is down and when it is back, and what depends on it (the page
 * cache, cache.ts) trusts nothing it kept across the gap.
 *
 * On PGlite there is one process, so nothing is sent: invalidation within the process is
 * enough.
 */

/** The channel of cache invalidations: the payload is a JSON list of data areas. */
export const INVALIDATION_CHANNEL = 'storefront_invalidate';
/** How often a listener checks that its connection still answers (a silent loss is found within this). */
export const LISTENER_HEARTBEAT_MS = 2_000;
const RECONNECT_MS = 500;

/** Databases whose invalidations other processes must hear: PostgreSQL handles (client.ts). */
const broadcasting = new WeakSet<object>();

export const markBroadcasting = (db: Db) => broadcasting.add(db);

/** Tells every process listening on `channel` (PostgreSQL only; nothing on PGlite). */
export async function publish(db: object, channel: string, payload: string): Promise<void> {
  if (!broadcasting.has(db)) return;
  await (db as Db).execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface ListenerEvents {
  onMessage(payload: string): void;
  /** The connection is listening again (after a start or a loss): anything kept meanwhile is suspect. */
  onUp(): void;
  /** The connection is lost: notifications may be missed until onUp. */
  onDown(error: Error): void;
}

/**
 * Listens on `channel` on a connection of its own (never a pooled one: a pooler in
 * transaction mode would drop the LISTEN), reconnecting for ever after a loss and checking
 * it every LISTENER_HEARTBEAT_MS. Returns a function that stops it.
 */
export function listen(databaseUrl: string, channel: string, events: ListenerEvents): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let up = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  const down = (error: Error) => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    const lost = client;
    client = undefined;
    lost?.removeAllListeners();
    lost?.on('error', () => undefined);
    void lost?.end().catch(() => undefined);
    if (up) events.onDown(error);
    up = false;
    if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000, query_timeout: LISTENER_HEARTBEAT_MS });
    client = next;
    next.on('error', (error) => down(error));
    next.on('end', () => {
      if (client === next) down(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) events.onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      if (client === next) down(error as Error);
      return;
    }
    if (stopped || client !== next) return;
    up = true;
    events.onUp();
    heartbeat = setInterval(() => {
      next.query('select 1').catch((error: Error) => {
        if (client === next) down(error);
      });
    }, LISTENER_HEARTBEAT_MS);
    heartbeat.unref();
  }

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (heartbeat) clearInterval(heartbeat);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.on('error', () => undefined);
    await last?.end().catch(() => undefined);
  };
}
