/**
 * One process per embedded data directory. PGlite keeps no lock of its own, and two
 * processes writing one directory corrupt it, so every process that opens it (server,
 * migrate, seed, settings) first takes `<dir>.lock`: a file created exclusively that
 * names the holder (pid, host, start time, command). A second process reads it and
 * refuses with that name; a lock whose holder is gone (killed with SIGKILL, machine
 * restarted, pid now reused by another program) is taken over. ADR 002.
 *
 * Why not proper-lockfile: it judges a lock stale by an mtime the holder refreshes on a
 * timer, which PGlite's long synchronous work on the main thread can starve (the lock is
 * then "compromised" under a live server), a SIGKILLed holder blocks restarts until the
 * stale period passes, and it does not say who holds the lock.
 */
import { linkSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** What the lock file records about its holder. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** When the holding process started (ISO 8601). */
  startedAt: string;
  command: string;
  /** Linux: the kernel's boot id and the process's start in clock ticks, to tell a reused pid apart. */
  bootId?: string | undefined;
  procStart?: string | undefined;
  /** Distinguishes this acquisition from any other, even in the same process. */
  token: string;
}

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder | undefined;
  readonly lockFile: string;

  constructor(dataDir: string, holder: LockHolder | undefined, lockFile: string) {
    const who = holder
      ? `process ${holder.pid} (${holder.command}), started ${holder.startedAt}${holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`}`
      : 'another process that is starting';
    super(
      `The data directory ${dataDir} is in use by ${who}. ` +
        'The embedded database allows one process per data directory: stop that process, or set another DATA_DIR. ' +
        `(Lock file: ${lockFile}; delete it only if that process is really gone.)`,
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.holder = holder;
    this.lockFile = lockFile;
  }
}

export interface DataDirLock {
  readonly lockFile: string;
  /** Gives the lock up; the file goes when the last holder in this process releases it. */
  release(): void;
}

interface Held {
  count: number;
  token: string;
}

/**
 * Locks held by this process, shared through globalThis so that the server's own copy of
 * this module and the copy bundled into the built app see the same locks: the server
 * takes the lock before it listens, and the app's database opening then joins it.
 */
const REGISTRY = Symbol.for('storefront.dataDirLocks');
function registry(): Map<string, Held> {
  const scope = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, Held> };
  if (!scope[REGISTRY]) {
    const held = new Map<string, Held>();
    scope[REGISTRY] = held;
    process.once('exit', () => {
      for (const [lockFile, { token }] of held) removeIfOurs(lockFile, token);
    });
  }
  return scope[REGISTRY];
}

/** Lock files this process holds (for tests). */
export function heldDataDirLocks(): string[] {
  return [...registry().keys()];
}

/** PGlite keeps its files in a folder of the data directory. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** An unreadable lock younger than this may be one another process is writing right now. */
const FRESH_MS = 10_000;

/**
 * Takes the lock on `dataDir` (created if missing) or throws DataDirLockedError naming
 * the live holder. Reentrant within one process.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  const lockFile = `${dir}.lock`;
  const held = registry().get(lockFile);
  if (held) {
    held.count += 1;
    return handle(lockFile, held);
  }
  const me = ownRecord();
  // A few rounds: each either takes the lock, finds a live holder, or removes a stale lock.
  for (let round = 0; round < 5; round += 1) {
    if (createExclusive(lockFile, me)) {
      const entry = { count: 1, token: me.token };
      registry().set(lockFile, entry);
      return handle(lockFile, entry);
    }
    const text = readOrUndefined(lockFile);
    if (text === undefined) continue; // Released meanwhile: try again.
    const holder = parse(text);
    if (holder ? isAlive(holder) : ageMs(lockFile) < FRESH_MS) throw new DataDirLockedError(dir, holder, lockFile);
    removeIfUnchanged(lockFile, text);
  }
  throw new DataDirLockedError(dir, parse(readOrUndefined(lockFile) ?? ''), lockFile);
}

function handle(lockFile: string, entry: Held): DataDirLock {
  let released = false;
  return {
    lockFile,
    release() {
      if (released) return;
      released = true;
      entry.count -= 1;
      if (entry.count > 0) return;
      registry().delete(lockFile);
      removeIfOurs(lockFile, entry.token);
    },
  };
}

/**
 * Writes the record to a private file and hard-links it into place: the link fails if a
 * lock exists, and a reader never sees a half-written one. Where hard links are not
 * supported, an exclusive create does the same with a short window for partial reads.
 */
function createExclusive(lockFile: string, record: LockHolder): boolean {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  const temp = `${lockFile}.${record.pid}.${record.token}.tmp`;
  writeFileSync(temp, text, { mode: 0o644 });
  try {
    linkSync(temp, lockFile);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    try {
      writeFileSync(lockFile, text, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (fallback) {
      if (code(fallback) === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Removes a stale lock only if it is still the one judged stale. Two processes may find
 * the same stale lock: the first moves it aside and takes the lock; the second then moves
 * aside the first one's fresh lock, sees it is not what it judged, and puts it back.
 * Only a third process creating its lock in the microseconds between those two steps
 * could leave two holders; the test starts four at once on a stale lock.
 */
function removeIfUnchanged(lockFile: string, staleText: string): void {
  const aside = `${lockFile}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (readOrUndefined(aside) === staleText) return;
    try {
      linkSync(aside, lockFile);
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
  } finally {
    unlinkSync(aside);
  }
}

function removeIfOurs(lockFile: string, token: string): void {
  try {
    if (parse(readOrUndefined(lockFile) ?? '')?.token === token) unlinkSync(lockFile);
  } catch {
    // Already gone, or the directory went away with a test's temporary folder.
  }
}

/** Is the recorded holder still running? Unknowable for another host: assume it is. */
export function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  const bootId = linuxBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false; // The machine restarted since.
  // Our own pid yet not in our registry: another thread of this process, or (with a
  // different start) an earlier process that had the same pid, as in a restarted container.
  if (holder.pid === process.pid) return ownRecord().procStart === holder.procStart;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (code(error) !== 'EPERM') return false; // ESRCH: no such process.
  }
  // The pid exists. On Linux make sure it is the same process, not a reused pid, and not a
  // zombie: a killed process keeps its pid until its parent reaps it.
  const stat = linuxProcStat(holder.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return !holder.procStart || stat.start === holder.procStart;
}

let own: Omit<LockHolder, 'token'> | undefined;
function ownRecord(): LockHolder {
  own ??= {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    command: commandLine(),
    bootId: linuxBootId(),
    procStart: linuxProcStat(process.pid)?.start,
  };
  return { ...own, token: randomUUID() };
}

function commandLine(): string {
  const args = process.argv.slice(1).map((arg) => (path.isAbsolute(arg) ? path.relative(process.cwd(), arg) || arg : arg));
  return ['node', ...args].join(' ').slice(0, 200);
}

function linuxBootId(): string | undefined {
  return readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();
}

/**
 * Fields 3 (state) and 22 (start time in clock ticks after boot) of /proc/<pid>/stat; the
 * command name before them is in parentheses and may hold spaces.
 */
function linuxProcStat(pid: number): { state: string; start: string } | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

function parse(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return {
      pid: value.pid,
      hostname: String(value.hostname ?? hostname()),
      startedAt: String(value.startedAt ?? 'at an unknown time'),
      command: String(value.command ?? 'unknown command'),
      bootId: value.bootId,
      procStart: value.procStart,
      token: String(value.token ?? ''),
    };
  } catch {
    return undefined;
  }
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
