import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A key this installation generates on first use and keeps in DATA_DIR (the preview-link
 * secret, the application key outside production): never a constant in the code, so one
 * shop's keys do not open another's. Returns the file's text, trimmed; the caller checks
 * its form. Written aside, then linked into place: the link fails if another process (the
 * server, a command) got there first, and nobody reads a half-written key.
 *
 * Imported by commands that plain Node runs: erasable TypeScript only.
 */
export function readOrCreateKeyFile(file: string, encoding: 'base64' | 'base64url'): string {
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString(encoding)}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const text = readKeyFile(file);
  if (!text) throw new Error(`${file} is empty: delete it so a new key is made`);
  return text;
}

/** The file's text, trimmed; undefined when there is no such file or it is empty. */
function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
