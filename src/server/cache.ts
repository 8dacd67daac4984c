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

/**
 * `cached` for keys that clients choose (search words, filter ids): at most `maxEntries`
 * entries of one `namespace` are kept, the least recently loaded dropped first, so no
 * request pattern can grow the cache without bound.
 */
export function cachedBounded<T>(owner: object, namespace: string, key: string, ttlMs: number, maxEntries: number, load: () => Promise<T>): Promise<T> {
  const prefix = `${namespace}:`;
  const full = `${prefix}${key}`;
  const store = stores.get(owner);
  const hit = store?.get(full);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  // Re-inserted at the end, so the first keys of the namespace are the oldest.
  store?.delete(full);
  const value = cached(owner, full, ttlMs, load);
  const keys = [...stores.get(owner)!.keys()].filter((candidate) => candidate.startsWith(prefix));
  for (const old of keys.slice(0, Math.max(0, keys.length - maxEntries))) stores.get(owner)!.delete(old);
  return value;
}
