import type { Db } from './client.ts';

/**
 * Writes a process keeps and sends in batches, off the requests' path (product views,
 * recently viewed products: catalog/view-counts.ts, activity/service.ts). Each database
 * handle has its own keeping. A value is kept under a key: the first one noted stays, or
 * the latest replaces it (`keep`). A flush hands the kept values to `write` in the order
 * of their keys, so two processes flushing at once take rows in the same order and cannot
 * deadlock; when `write` fails, the values come back (those noted meanwhile win) for the
 * next flush. Once `max` are kept, a flush starts at once (a crawler's burst).
 */
export interface KeptWrites<V, R> {
  note(db: Db, key: string, value: V): void;
  /** Writes what is kept; undefined when nothing was. */
  flush(db: Db): Promise<R | undefined>;
}

export function keptWrites<V, R>(options: { max: number; keep: 'first' | 'latest'; write(db: Db, batch: V[]): Promise<R> }): KeptWrites<V, R> {
  const keptByDb = new WeakMap<Db, Map<string, V>>();

  async function flush(db: Db): Promise<R | undefined> {
    const kept = keptByDb.get(db);
    if (!kept || kept.size === 0) return undefined;
    const batch = [...kept.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    kept.clear();
    try {
      return await options.write(
        db,
        batch.map(([, value]) => value),
      );
    } catch (error) {
      for (const [key, value] of batch) if (!kept.has(key) && kept.size < options.max) kept.set(key, value);
      throw error;
    }
  }

  return {
    note(db, key, value) {
      let kept = keptByDb.get(db);
      if (!kept) keptByDb.set(db, (kept = new Map()));
      if (options.keep === 'latest' || !kept.has(key)) kept.set(key, value);
      if (kept.size >= options.max) void flush(db).catch(() => undefined);
    },
    flush,
  };
}
