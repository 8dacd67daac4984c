import pino from 'pino';
import { createApp, type App } from './app';
import { getDatabase } from './db';
import { env } from './env';
import { createDelivery } from './modules/messaging/delivery';
import { startExpirySweeps } from './modules/orders/expiry';
import { listenForInvalidations } from './invalidation-listener';
import { startViewCounting } from './modules/catalog/view-counts';
import { resumeRefunds } from './modules/payments/refunds';
import { configuredPaymentProviders } from './modules/payments/stripe';
import { backgroundSettled } from './background';
import { onShutdown } from './shutdown';
import { startLiveHub } from './modules/live/hub';

let starting: Promise<App> | undefined;

/** The process-wide API application, created once the database is open and migrated. */
export function getApp(): Promise<App> {
  starting ??= getDatabase().then(async (handle) => {
    const { db } = handle;
    const config = env();
    const paymentProviders = configuredPaymentProviders(config);
    const log = pino({ level: config.LOG_LEVEL });
    // Refunds a crash or a provider's outage left owed go out now (payments/refunds.ts).
    resumeRefunds(db, paymentProviders, log);
    // Orders left unpaid online give their stock back after a while (orders/expiry.ts).
    startExpirySweeps(db, paymentProviders, log, createDelivery(config));
    // Product views are written in batches, off the requests' path (catalog/view-counts.ts),
    // and what is kept is written when the process is asked to stop.
    onShutdown(startViewCounting(db, log));
    // Invalidations of the other processes on the same PostgreSQL reach this one's caches.
    listenForInvalidations(handle, config.DATABASE_URL, log);
    // Live streams hear every process's events (modules/live/hub.ts).
    const live = await startLiveHub(handle, log);
    onShutdown(live.stop);
    // E-mails, refunds and codes a request left running are finished, not cut off.
    onShutdown(backgroundSettled);
    return createApp({ db, config, log, paymentProviders, live: live.hub });
  });
  // Not kept when it fails (database held by another process, unreachable): retried next time.
  starting.catch(() => {
    starting = undefined;
  });
  return starting;
}
