/**
 * Small read-through caches for data read on nearly every request (settings, languages,
 * messages). Entries belong to one database handle, so test databases never share them,
 * and expire after a short time so several processes sharing PostgreSQL converge.
 */
interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const stores = new WeakMap<object, Map<string, Entry>>();

export function cached<T>(owner: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new Map()));
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  // A failed load must not be served from the cache.
  value.catch(() => store.delete(key));
  return value;
}

/** Drops cached entries whose key starts with `prefix` (all when omitted). */
export function invalidate(owner: object, prefix = ''): void {
  const store = stores.get(owner);
  if (!store) return;
  for (const key of store.keys()) if (key.startsWith(prefix)) store.delete(key);
}
