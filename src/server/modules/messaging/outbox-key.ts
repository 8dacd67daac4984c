import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Env } from '../../env.ts';
import { readOrCreateKeyFile } from '../../key-file.ts';

const FILE = 'outbox-key';
const known = new Map<string, string>();

/**
 * The key that opens the outbox of kept messages (one-time codes, password resets): the
 * operator's and the test process's, never a request's merely for reaching the server,
 * which through a proxy on this machine always comes from loopback. OUTBOX_KEY, else one
 * generated for this installation on first use and kept in DATA_DIR/outbox-key (mode 0600),
 * which `npm run outbox` reads.
 *
 * Imported by a command that plain Node runs: erasable TypeScript only.
 */
export function outboxKey(config: Pick<Env, 'OUTBOX_KEY' | 'DATA_DIR'>): string {
  if (config.OUTBOX_KEY) return config.OUTBOX_KEY;
  const file = path.resolve(config.DATA_DIR, FILE);
  let key = known.get(file);
  if (!key) {
    key = readOrCreateKeyFile(file, 'base64url');
    known.set(file, key);
  }
  return key;
}

/** Whether `given` is the outbox key, compared in constant time. */
export function opensOutbox(config: Pick<Env, 'OUTBOX_KEY' | 'DATA_DIR'>, given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(outboxKey(config));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The header that carries the key to GET /api/dev/outbox. */
export const OUTBOX_KEY_HEADER = 'X-Outbox-Key';
