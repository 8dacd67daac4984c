import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Env } from '../../env.ts';
import { readOrCreateKeyFile } from '../../key-file.ts';

/**
 * Secrets kept in the database (social login client secrets) are encrypted with the
 * application key: AES-256-GCM, a fresh 12-byte IV each time, and the row they belong to
 * as additional data, so a value copied into another row does not decrypt. Stored as
 * `v1.<base64url(iv | tag | ciphertext)>`.
 *
 * Imported by the social-auth command, which plain Node runs: erasable TypeScript only.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'app-key';

/** What a provider's client secret is bound to: its row in social_auths. */
export const secretContext = (provider: string) => `social_auths.client_secret:${provider}`;

type KeyConfig = Pick<Env, 'APP_KEY' | 'APP_ENV' | 'DATA_DIR'>;

const known = new Map<string, Buffer>();

/**
 * The 32-byte application key: APP_KEY; else, in local and test, one generated on first
 * use and kept in DATA_DIR/app-key (private to its owner). Production must set APP_KEY,
 * so the key never sits beside the database it protects.
 */
export function applicationKey(config: KeyConfig): Buffer {
  if (config.APP_KEY) return Buffer.from(config.APP_KEY.replace(/^base64:/, ''), 'base64');
  if (config.APP_ENV === 'production') throw new Error('APP_KEY is not set: generate one with `openssl rand -base64 32` and keep it with the server configuration');
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  let key = known.get(file);
  if (!key) {
    key = readOrCreateKey(file);
    known.set(file, key);
  }
  return key;
}

/** The stored form of `plain`, bound to `context` (e.g. "social_auths:google"). */
export function encryptSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain secret; throws when the value was not made by encryptSecret with this key and context. */
export function decryptSecret(key: Buffer, stored: string, context: string): string {
  const [version, payload, ...rest] = stored.split('.');
  if (version !== VERSION || !payload || rest.length) throw new Error('not an encrypted secret');
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the secret does not decrypt with this APP_KEY');
  }
}

function readOrCreateKey(file: string): Buffer {
  const key = Buffer.from(readOrCreateKeyFile(file, 'base64'), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key: delete it or set APP_KEY`);
  return key;
}
