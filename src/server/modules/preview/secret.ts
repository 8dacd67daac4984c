import path from 'node:path';
import type { Env } from '../../env';
import { readOrCreateKeyFile } from '../../key-file.ts';

const FILE = 'preview-secret';
const known = new Map<string, string>();

/**
 * The key preview links are signed with: PREVIEW_SECRET, else one generated for this
 * installation on first use and kept in DATA_DIR (never a constant in the code, so one
 * shop's links do not open another's drafts).
 */
export function previewSecret(config: Pick<Env, 'PREVIEW_SECRET' | 'DATA_DIR'>): string {
  if (config.PREVIEW_SECRET) return config.PREVIEW_SECRET;
  const file = path.resolve(config.DATA_DIR, FILE);
  let secret = known.get(file);
  if (!secret) {
    secret = readOrCreateKeyFile(file, 'base64url');
    known.set(file, secret);
  }
  return secret;
}
