import pino from 'pino';
import { createApp, type App, type AppDependencies } from '../../src/server/app';
import type { Db } from '../../src/server/db';
import { parseEnv } from '../../src/server/env';
import { startLiveHub, type LiveHub } from '../../src/server/modules/live/hub';
import { createTestDatabase } from './database';

export interface TestApp {
  db: Db;
  /** The Hono application itself: its routes, or requests with bindings (tests/support/edge-call.ts). */
  app: App;
  /** Calls the API in-process; `path` is below /api. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** Calls and parses the JSON body, returning status, headers and body. */
  json<T = any>(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
  /** The app's live hub, listening to the database as a server's does (modules/live/hub.ts). */
  live: LiveHub;
  close(): Promise<void>;
}

/**
 * The API on a fresh database of its own. `prepare` fills it (usually with the seed's
 * factories) before the app starts serving; `environment` adds configuration and
 * `dependencies` what the app is given besides (a clock, payment providers). Its live hub
 * hears the database's notifications, so `GET /live` streams what is written while it is
 * open. Server warnings and errors go to console.error, which fails the test
 * (tests/support/fail-on-console.ts).
 */
export async function createTestApp(
  prepare?: (db: Db) => Promise<void>,
  environment: Record<string, string> = {},
  dependencies: Pick<AppDependencies, 'now' | 'paymentProviders' | 'sms'> = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  try {
    if (prepare) await prepare(handle.db);
  } catch (error) {
    // A failed preparation must not leave its database behind (on PostgreSQL, a whole database).
    await handle.close();
    throw error;
  }
  const log = pino({ level: 'warn' }, { write: (line: string) => console.error(line) });
  const live = await startLiveHub(handle, log).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const app = createApp({ db: handle.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn', ...environment }), log, ...dependencies, live: live.hub });
  return {
    db: handle.db,
    app,
    call: (path, init) => Promise.resolve(app.request(`/api${path}`, init)),
    json: jsonCaller(app),
    live: live.hub,
    // The listener first: on PostgreSQL its connection would keep the database from being
    // dropped. The database's own close waits for work requests left running (database.ts).
    close: () => live.stop().finally(() => handle.close()),
  };
}

export type JsonCaller = <T = any>(path: string, init?: RequestInit) => Promise<{ status: number; headers: Headers; body: T }>;

/**
 * Calls an app in-process (`path` below /api) and parses the JSON body, null when empty:
 * for tests that build their app with dependencies of their own (payment providers, a clock).
 */
export function jsonCaller(app: App): JsonCaller {
  return async (path, init) => {
    const response = await app.request(`/api${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}

export const jsonBody = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
