import type { Logger } from 'pino';
import { applyRemoteInvalidation, invalidateAll } from './cache';
import type { DatabaseHandle } from './db';
import { INVALIDATION_CHANNEL, listen, LISTENER_HEARTBEAT_MS } from './db/signals';
import { pageCache } from './http/page-cache';
import { setFragmentsTrusted } from './pages/fragments';
import { setSessionsTrusted } from './modules/auth/tokens';

/**
 * Keeps this process's caches right beside the others on one PostgreSQL
 * (docs/decisions/018-page-cache.md): every invalidation another process sends drops the
 * same data and pages here. While the listening connection is down, pages are neither
 * served from nor kept in the page cache; once it listens again, everything kept before is
 * dropped. So a page invalidated elsewhere is served here for at most the heartbeat
 * (LISTENER_HEARTBEAT_MS) plus the signal's own delay. On PGlite (one process) there is
 * nothing to listen to. Rendered page fragments follow the same rule.
 */
/** What this process keeps of what others may change (page cache, pages/fragments.ts, the sessions of auth/tokens.ts) may be trusted or not. */
function trust(value: boolean): void {
  pageCache.setTrusted(value);
  setFragmentsTrusted(value);
  setSessionsTrusted(value);
}

export function listenForInvalidations(handle: DatabaseHandle, databaseUrl: string | undefined, log: Logger): (() => Promise<void>) | undefined {
  if (handle.dialect !== 'postgres' || !databaseUrl) return undefined;
  trust(false);
  return listen(databaseUrl, INVALIDATION_CHANNEL, {
    onMessage: (payload) => applyRemoteInvalidation(handle.db, payload),
    onUp: () => {
      invalidateAll(handle.db);
      trust(true);
      log.info({ heartbeatMs: LISTENER_HEARTBEAT_MS }, 'listening for cache invalidations');
    },
    onDown: (error) => {
      trust(false);
      log.warn({ error: error.message.split('\n')[0] }, 'cache invalidations not heard: page cache off until the listener is back');
    },
  });
}
