import { createApp, type App } from './app';
import { getDatabase } from './db';
import { env } from './env';
import { configuredPaymentProviders } from './modules/payments/stripe';

let starting: Promise<App> | undefined;

/** The process-wide API application, created once the database is open and migrated. */
export function getApp(): Promise<App> {
  starting ??= getDatabase().then(({ db }) => createApp({ db, config: env(), paymentProviders: configuredPaymentProviders(env()) }));
  // Not kept when it fails (database held by another process, unreachable): retried next time.
  starting.catch(() => {
    starting = undefined;
  });
  return starting;
}
