import type { Logger } from 'pino';
import type { Translate } from '../lib/i18n';
import type { Db } from './db';
import type { Env } from './env';
import type { Peer } from './http/transport';
import type { SellerShop } from './modules/seller/access';

/** What every request handler can read from `c.var`. */
export interface AppVariables {
  db: Db;
  config: Env;
  log: Logger;
  requestId: string;
  /** The request reached the shop over HTTPS (http/transport.ts): cookies are Secure. */
  https: boolean;
  /** The language chosen from Accept-Language among the shop's languages. */
  locale: string;
  t: Translate;
  /** Set when the request carries a live token (Bearer header or session cookie). */
  userId?: number;
  token?: string;
  /** The signed-in seller's own shop, on seller routes (modules/seller/access.ts). */
  shop?: SellerShop;
}

/**
 * What the HTTP edge (`pages/api/[...path].ts`, page code) passes to
 * `app.fetch(request, bindings)`: the socket's peer, which a Request does not carry.
 * Without it (tests, in-process calls) the request URL's scheme decides HTTPS.
 */
export interface AppBindings {
  peer?: Peer;
  /**
   * In-process calls of one page render: the users their tokens sign in, looked up once
   * for the whole render (pages/page-api.ts) instead of once per call.
   */
  sessions?: Map<string, Promise<number | null>>;
}

export interface AppEnv {
  Variables: AppVariables;
  Bindings: AppBindings;
}
