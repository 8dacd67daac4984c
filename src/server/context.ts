import type { Logger } from 'pino';
import type { Translate } from '../lib/i18n';
import type { Db } from './db';
import type { Env } from './env';

/** What every request handler can read from `c.var`. */
export interface AppVariables {
  db: Db;
  config: Env;
  log: Logger;
  requestId: string;
  /** The language chosen from Accept-Language among the shop's languages. */
  locale: string;
  t: Translate;
  /** Set when the request carries a live token (Bearer header or session cookie). */
  userId?: number;
  token?: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
