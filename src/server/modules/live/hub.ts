import type { Logger } from 'pino';
import type { DatabaseHandle, Db } from '../../db';
import { listen } from '../../db/signals';
import { summarizeError } from '../../http/log-safe';
import type { LiveEventDto } from '@/contracts/live';
import { eventsSince, LIVE_CHANNEL, LIVE_READ_BATCH, pruneLiveEvents, type Audience, type LiveSignal } from './events';

const PRUNE_EVERY_MS = 3_600_000;

/**
 * This process's open live streams (docs/decisions/020-support-and-live-updates.md).
 * One listener per process hears every `NOTIFY` on LIVE_CHANNEL (PostgreSQL: a connection
 * of its own, reconnecting; PGlite: the embedded database's own listen) and wakes the
 * streams of the user or shop it names; each woken stream reads its rows after the last id
 * it sent. When the listener comes back after a loss, every stream reads: whatever was
 * written meanwhile is sent, nothing twice (ids only grow).
 */

interface Subscription {
  audience: Audience;
  lastId: number;
  deliver(events: LiveEventDto[]): Promise<void>;
  reading: boolean;
  again: boolean;
  closed: boolean;
}

const userKey = (id: number) => `u${id}`;
const shopKey = (id: number) => `s${id}`;

export class LiveHub {
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly all = new Set<Subscription>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Streams open in this process. */
  get size(): number {
    return this.all.size;
  }

  /**
   * Sends `deliver` the audience's events after `lastId`: those already written at once,
   * the rest as they are written. Returns the function that ends it.
   */
  subscribe(audience: Audience, lastId: number, deliver: (events: LiveEventDto[]) => Promise<void>): () => void {
    const sub: Subscription = { audience, lastId, deliver, reading: false, again: false, closed: false };
    this.all.add(sub);
    for (const key of this.keysOf(audience)) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(sub);
    }
    this.wake(sub);
    return () => {
      sub.closed = true;
      this.all.delete(sub);
      for (const key of this.keysOf(audience)) {
        const set = this.byKey.get(key);
        set?.delete(sub);
        if (set?.size === 0) this.byKey.delete(key);
      }
    };
  }

  /** A notification: the streams of the user or shop it names read. */
  signal(payload: string): void {
    let signal: LiveSignal;
    try {
      signal = JSON.parse(payload) as LiveSignal;
    } catch {
      return;
    }
    const woken = new Set<Subscription>();
    if (typeof signal.user_id === 'number') for (const sub of this.byKey.get(userKey(signal.user_id)) ?? []) woken.add(sub);
    if (typeof signal.shop_id === 'number') for (const sub of this.byKey.get(shopKey(signal.shop_id)) ?? []) woken.add(sub);
    for (const sub of woken) this.wake(sub);
  }

  /** Every stream reads (the listener is back after a gap in which notifications may have been lost). */
  wakeAll(): void {
    for (const sub of this.all) this.wake(sub);
  }

  private keysOf(audience: Audience): string[] {
    return [userKey(audience.userId), ...audience.shopIds.map(shopKey)];
  }

  /** Reads and sends a stream's new events; a wake while it reads makes it read once more. */
  private wake(sub: Subscription): void {
    if (sub.reading) {
      sub.again = true;
      return;
    }
    sub.reading = true;
    void (async () => {
      try {
        do {
          sub.again = false;
          const events = await eventsSince(this.db, sub.audience, sub.lastId);
          if (sub.closed) return;
          if (events.length) {
            sub.lastId = events[events.length - 1]!.id;
            await sub.deliver(events);
          }
          if (events.length === LIVE_READ_BATCH) sub.again = true;
        } while (sub.again && !sub.closed);
      } catch (error) {
        // The database is away: the listener's return (wakeAll) or the next signal reads again.
        this.log.warn({ error: summarizeError(error) }, 'live events not read');
      } finally {
        sub.reading = false;
      }
    })();
  }
}

/** A started hub and the function that stops its listener. */
export interface StartedHub {
  hub: LiveHub;
  stop(): Promise<void>;
}

/**
 * Starts a hub for the process and its listener: on PostgreSQL a connection of its own
 * (signals.ts `listen`), on PGlite the embedded database's listen.
 */
export async function startLiveHub(handle: DatabaseHandle, log: Logger): Promise<StartedHub> {
  const hub = new LiveHub(handle.db, log);
  // Events older than the retention go, once an hour (any process may: the deletes agree).
  const prune = setInterval(() => {
    pruneLiveEvents(handle.db, new Date()).catch((error: unknown) => log.warn({ error: summarizeError(error) }, 'old live events not pruned'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  const withPrune = (stop: () => Promise<void>) => async () => {
    clearInterval(prune);
    await stop();
  };
  if (handle.dialect === 'postgres' && handle.databaseUrl) {
    const stop = listen(handle.databaseUrl, LIVE_CHANNEL, {
      onMessage: (payload) => hub.signal(payload),
      onUp: () => hub.wakeAll(),
      onDown: (error) => log.warn({ error: error.message.split('\n')[0] }, 'live events not heard until the listener is back'),
    });
    return { hub, stop: withPrune(stop) };
  }
  const stop = handle.listenLocally ? await handle.listenLocally(LIVE_CHANNEL, (payload) => hub.signal(payload)) : async () => undefined;
  return { hub, stop: withPrune(stop) };
}
