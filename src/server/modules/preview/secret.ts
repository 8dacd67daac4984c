import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../env';

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
    secret = readOrCreate(file);
    known.set(file, secret);
  }
  return secret;
}

function readOrCreate(file: string): string {
  const existing = read(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place: the link fails if another process (the
  // server, the preview-link command) got there first, and nobody reads a half-written key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const secret = read(file);
  if (!secret) throw new Error(`${file} is empty: delete it or set PREVIEW_SECRET`);
  return secret;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
