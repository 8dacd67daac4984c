/**
 * The server under test: the production build, seeded into a data directory of its own,
 * started as a child process on a free port of 127.0.0.1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deferCleanup } from './cleanup.ts';
import { getRaw } from './http.ts';

const SEED_CLI = 'src/server/cli/seed.ts';
const READY_TIMEOUT_MS = 180_000;

export interface RunningServer {
  origin: string;
  logFiles: { stdout: string; stderr: string };
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would: no clean-up in the server (scripts/crash-placement.ts). */
  crash(): Promise<void>;
  /**
   * CPU time the server process has used so far (user + system, ms; Linux /proc), or null
   * where it cannot be read. Unlike latency it hardly moves with the machine's other load.
   */
  cpuMs(): number | null;
  /** Whether the server process is still running (scripts/db-restart.ts: a database restart must not end it). */
  alive(): boolean;
  /** The server process's resident memory in bytes (Linux /proc), or null where it cannot be read. */
  rssBytes(): number | null;
}

/** Resident memory of a process from /proc/<pid>/status (VmRSS, in kB). */
function processRssBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time of a process from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms on Linux). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") ": utime and stime are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Lock shared with whoever else builds dist/ on this machine (end-to-end runs). */
const BUILD_LOCK = '/tmp/e2e.lock';

/**
 * Builds if stale and copies dist/ to a directory of this checkout's under the system's
 * temporary directory, both under the build lock (when flock exists), and returns that
 * directory: the servers run there, so a rebuild of dist/ by someone else during a long
 * run can neither change what is measured nor delete a file the server is about to send.
 * `src` and `node_modules` are linked beside the copy (the server reads its migrations from
 * src/, the bundle imports packages); outside the project, so no tool walks them twice.
 */
export function prepareBuild(): string {
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8);
  const root = path.join(os.tmpdir(), `storefront-bench-build-${checkout}`);
  // process.execPath is the Node 24 running this script; the system `node` may be older.
  const script = `"${process.execPath}" scripts/build-if-stale.ts && rm -rf "${root}/dist" && mkdir -p "${root}" && cp -a dist "${root}/dist"`;
  const locked = existsSync('/usr/bin/flock') ? ['/usr/bin/flock', BUILD_LOCK] : [];
  const [command = 'sh', ...args] = [...locked, 'sh', '-c', script];
  execFileSync(command, args, { stdio: 'inherit' });
  for (const name of ['src', 'node_modules']) {
    const link = path.join(root, name);
    if (!existsSync(link)) symlinkSync(path.resolve(name), link);
  }
  return root;
}

/** A PostgreSQL database to seed instead of the data directory's PGlite. */
export interface SeedDatabase {
  url: string;
  /** Names the cluster and database: a marker from another cluster is not trusted. */
  identity: string;
  /** Empties the database (drop and create), for --fresh or a stale marker. */
  reset(): Promise<void>;
}

/**
 * Seeds `dataDir` unless it already holds a finished seed with the same options. A marker
 * written after a successful seed tells a reusable directory from a half-seeded one or one
 * seeded with another --products. With `database` the directory only holds uploads and
 * the marker; a stale marker or --fresh resets that database too. Without it, PGlite in
 * the directory is used, whatever DATABASE_URL says.
 */
export async function prepareData(dataDir: string, options: { products: number | undefined; fresh: boolean }, database?: SeedDatabase): Promise<void> {
  const marker = path.join(dataDir, '.bench-seed.json');
  // The migrations are part of the key: a database from before a migration was rewritten is not reused.
  const migrations = createHash('sha256').update(readFileSync('src/server/db/migrations/meta/_journal.json')).digest('hex').slice(0, 12);
  const wanted = JSON.stringify({ products: options.products ?? 'default', migrations, database: database?.identity });
  const current = existsSync(marker) ? readFileSync(marker, 'utf8') : undefined;
  if (options.fresh || current !== wanted) {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.reset();
  }
  mkdirSync(dataDir, { recursive: true });

  // Without --products, --if-empty keeps an existing seed; with it, the seed tops the
  // catalogue up to N products (it never deletes, so a PostgreSQL database only grows).
  const seedArgs = options.products === undefined ? ['--if-empty'] : ['--products', String(options.products)];
  // Spawned, not execFileSync: a minute of seeding must not block Ctrl-C's clean-up.
  const child = spawn(process.execPath, ['--import', 'tsx', SEED_CLI, ...seedArgs], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' },
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`Seeding ${dataDir} failed (${code ?? signal})`);
  // Every bench shopper places from 127.0.0.1, many times an hour: the placement limits
  // (ADR 010) are lifted here, the API tests prove them.
  for (const [key, value] of Object.entries(MEASURING_SETTINGS)) {
    execFileSync(process.execPath, [SETTINGS_CLI, 'set', key, value], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' },
    });
  }
  writeFileSync(marker, wanted);
}

const SETTINGS_CLI = 'src/server/cli/settings.ts';
/** Site settings of every measuring server (bench, crash and restart scripts). */
const MEASURING_SETTINGS = { order_limit_per_account: '100000', order_limit_per_address: '100000' };

/** Runs `work` with the server up, and stops the server afterwards, on error and on Ctrl-C too. */
export async function whileServing<T>(server: RunningServer, work: () => Promise<T>): Promise<T> {
  const stop = deferCleanup(() => server.stop());
  try {
    return await work();
  } finally {
    await stop();
  }
}

/** `databaseUrl` null runs PGlite in `dataDir`; `buildRoot` comes from prepareBuild; `name` tells log files apart. */
export async function startServer(
  dataDir: string,
  logDir: string,
  { databaseUrl, buildRoot, name = 'server', port: givenPort }: { databaseUrl: string | null; buildRoot: string; name?: string; port?: number },
): Promise<RunningServer> {
  // A given port: a process started again where browsers reconnect (scripts/live-processes.ts).
  const port = givenPort ?? (await freePort());
  const logFiles = { stdout: path.join(logDir, `${name}.log`), stderr: path.join(logDir, `${name}.err.log`) };
  // The child writes its logs straight to files, so this process (which also runs the load
  // generator) spends no CPU relaying one log line per request.
  const stdout = openSync(logFiles.stdout, 'w');
  const stderr = openSync(logFiles.stderr, 'w');
  // Run in `buildRoot`, where dist/ is the bench's copy (serve.ts reads dist/ relative to the working directory).
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env['BENCH_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env['BENCH_CPU_PROF'])] : [];
  const child = spawn(process.execPath, [...profile, path.resolve('src/server/http/serve.ts')], {
    cwd: buildRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '', // empty means unset: PGlite
      NODE_ENV: serverNodeEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: process.env['APP_ENV'] ?? 'production',
    },
    stdio: ['ignore', stdout, stderr],
  });
  closeSync(stdout);
  closeSync(stderr);
  // Last resort if this process dies without running its clean-up.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    process.off('exit', killOnExit);
  };
  const crash = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    process.off('exit', killOnExit);
  };
  try {
    await waitUntilReady(`${origin}/api/master`, child, logFiles.stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    logFiles,
    stop,
    crash,
    cpuMs: () => processCpuMs(child.pid),
    alive: () => child.exitCode === null && child.signalCode === null,
    rssBytes: () => processRssBytes(child.pid),
  };
}

/**
 * What `npm run serve` and `npm start` run with: React and Astro pick their production code
 * paths from NODE_ENV, so an unset one would measure React's development build. A
 * NODE_ENV given to the bench wins.
 */
export function serverNodeEnv(): string {
  return process.env['NODE_ENV'] || 'production';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, stderrFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail(stderrFile)}`);
    }
    const status = await getRaw(url).then(
      (response) => response.status,
      () => 0, // not listening yet
    );
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${tail(stderrFile)}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  // A server writing its CPU profile (BENCH_CPU_PROF) takes longer to exit.
  const timer = setTimeout(() => child.kill('SIGKILL'), process.env['BENCH_CPU_PROF'] ? 60_000 : 5_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string, lines = 20): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
