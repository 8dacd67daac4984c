import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, heldDataDirLocks, lockDataDir, pgliteDir, type LockHolder } from './lock.ts';

/** Real processes run what production runs: Node 24 on the TypeScript sources, no tsx. */
const NODE = process.execPath;
const CLIENT = pathToFileURL(path.resolve('src/server/db/client.ts')).href;
const LOCK = pathToFileURL(path.resolve('src/server/db/lock.ts')).href;

const temps: string[] = [];
const children: ChildProcess[] = [];

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-lock-'));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(NODE, args, { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (stdout.includes(text) ? resolve() : undefined);
      child.stdout.on('data', check);
      child.once('close', () => reject(new Error(`exited before printing "${text}":\n${stderr}`)));
      check();
    });
  return { child, finished, printed };
}

/** A process that opens the embedded database the way the server does and keeps it open. */
function holdDatabase(dataDir: string) {
  const script = `import { openDatabase } from ${JSON.stringify(CLIENT)};
await openDatabase({ dataDir: ${JSON.stringify(pgliteDir(dataDir))} });
console.log('ready');
setInterval(() => {}, 60_000);`;
  return start(['--input-type=module', '-e', script]);
}

function migrateCli(dataDir: string) {
  return start(['src/server/cli/migrate.ts'], { DATA_DIR: dataDir }).finished;
}

function lockFileOf(dataDir: string): string {
  return `${realpathSync(pgliteDir(dataDir))}.lock`;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const { child, finished } = start(['-e', '']);
  await finished;
  return child.pid!;
}

function writeLock(lockFile: string, holder: Partial<LockHolder>) {
  writeFileSync(lockFile, JSON.stringify({ hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'node old', token: 'old', ...holder }));
}

describe('one process per embedded data directory', () => {
  it('refuses a second process, naming the directory and the holder, and lets a restart take over after SIGKILL', { timeout: 90_000 }, async () => {
    const dataDir = tempDataDir();
    const holder = holdDatabase(dataDir);
    await holder.printed('ready');
    const dir = realpathSync(pgliteDir(dataDir));

    const refused = await migrateCli(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data directory ${dir} is in use by process ${holder.child.pid} `);
    expect(refused.stderr).toMatch(/started \d{4}-\d\d-\d\dT/);
    expect(refused.stderr).not.toContain('    at '); // A message, not a stack trace.
    expect(refused.stdout).not.toContain('Migrations applied');

    holder.child.kill('SIGKILL');
    await holder.finished;
    expect(existsSync(lockFileOf(dataDir))).toBe(true); // Left behind by the killed process.

    const restarted = await migrateCli(dataDir);
    expect(restarted.stderr).toBe('');
    expect(restarted).toMatchObject({ code: 0, stdout: 'Migrations applied (pglite).\n' });
    expect(existsSync(lockFileOf(dataDir))).toBe(false); // Released when the command ended.
  });

  it('lets exactly one of several processes take over a stale lock at the same moment', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    const dir = pgliteDir(dataDir);
    lockDataDir(dir).release(); // Creates the directory.
    writeLock(lockFileOf(dataDir), { pid: await deadPid() });
    const script = `import { lockDataDir } from ${JSON.stringify(LOCK)};
try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 60_000); }
catch (error) { console.error(error.message); process.exit(1); }`;
    const contenders = Array.from({ length: 4 }, () => start(['--input-type=module', '-e', script]));
    // Each either holds the lock (and keeps running) or exits refused.
    const outcomes = await Promise.all(
      contenders.map((contender) =>
        contender.printed('locked').then(
          () => 'locked',
          () => 'refused',
        ),
      ),
    );
    const winners = contenders.filter((_, index) => outcomes[index] === 'locked');
    expect(winners).toHaveLength(1);
    const losers = await Promise.all(contenders.filter((contender) => !winners.includes(contender)).map((contender) => contender.finished));
    for (const loser of losers) expect(loser).toMatchObject({ code: 1, stderr: expect.stringContaining(`is in use by process ${winners[0]!.child.pid} `) });
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: winners[0]!.child.pid });
  });

  it('takes over a lock whose pid now belongs to another program, and respects the real holder', { skip: process.platform !== 'linux' }, async () => {
    const dataDir = tempDataDir();
    const dir = pgliteDir(dataDir);
    lockDataDir(dir).release();
    const other = start(['-e', 'setInterval(() => {}, 60_000)']);
    const pid = other.child.pid!;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

    writeLock(lockFileOf(dataDir), { pid, bootId, procStart });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    writeLock(lockFileOf(dataDir), { pid, bootId, procStart: String(Number(procStart) - 1) });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lock.lockFile)).toBe(false);
  });

  it('takes over from a killed holder whose parent has not reaped it yet (a zombie keeps its pid)', { skip: process.platform !== 'linux' }, async () => {
    const dir = pgliteDir(tempDataDir());
    // sh becomes `sleep`, which never waits for its child: the killed holder stays a zombie.
    const script = `import { lockDataDir } from ${JSON.stringify(LOCK)};
lockDataDir(${JSON.stringify(dir)}); console.log('locked ' + process.pid); setInterval(() => {}, 60_000);`;
    const parent = spawn('sh', ['-c', '"$NODE" --input-type=module -e "$SCRIPT" & exec sleep 60'], {
      env: { ...process.env, NODE, SCRIPT: script },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const pid = await new Promise<number>((resolve) => parent.stdout.on('data', (chunk: Buffer) => resolve(Number(/locked (\d+)/.exec(chunk.toString())?.[1]))));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${pid} `);
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('does not break a lock held on another machine, which it cannot check', () => {
    const dataDir = tempDataDir();
    const dir = pgliteDir(dataDir);
    lockDataDir(dir).release();
    writeLock(lockFileOf(dataDir), { pid: 4242, hostname: 'other-host.example' });
    expect(() => lockDataDir(dir)).toThrow(/in use by process 4242 \(node old\), started 2020-01-01T00:00:00.000Z on host other-host.example/);
  });

  it('is reentrant within one process: the file goes with the last release', () => {
    const dir = pgliteDir(tempDataDir());
    const first = lockDataDir(dir);
    const second = lockDataDir(dir);
    expect(second.lockFile).toBe(first.lockFile);
    first.release();
    expect(existsSync(first.lockFile)).toBe(true);
    second.release();
    expect(existsSync(first.lockFile)).toBe(false);
    expect(heldDataDirLocks()).toEqual([]);
  });

  it('takes no lock for an in-memory database', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(heldDataDirLocks()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
