/**
 * The server under test: the production build, seeded into a data directory of its own,
 * started as a child process on a free port of 127.0.0.1.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getRaw } from './http.ts';

const SEED_CLI = 'src/server/db/seed/cli.ts';
const READY_TIMEOUT_MS = 180_000;

export interface RunningServer {
  origin: string;
  logFiles: { stdout: string; stderr: string };
  stop(): Promise<void>;
}

export function buildIfStale(): void {
  // process.execPath is the Node 24 running this script; the system `node` may be older.
  execFileSync(process.execPath, ['scripts/build-if-stale.ts'], { stdio: 'inherit' });
}

/**
 * Seeds `dataDir` unless it already holds a finished seed with the same options. A marker
 * written after a successful seed tells a reusable directory from a half-seeded one or one
 * seeded with another --products. With DATABASE_URL the directory only holds uploads:
 * --fresh does not empty the PostgreSQL database.
 */
export function prepareData(dataDir: string, options: { products: number | undefined; fresh: boolean }): void {
  const marker = path.join(dataDir, '.bench-seed.json');
  // The migrations are part of the key: a database from before a migration was rewritten is not reused.
  const migrations = createHash('sha256').update(readFileSync('src/server/db/migrations/meta/_journal.json')).digest('hex').slice(0, 12);
  const wanted = JSON.stringify({ products: options.products ?? 'default', migrations });
  const current = existsSync(marker) ? readFileSync(marker, 'utf8') : undefined;
  if (options.fresh || current !== wanted) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  // Without --products, --if-empty keeps an existing seed; with it, the seed tops the
  // catalogue up to N products (it never deletes, so a PostgreSQL database only grows).
  const seedArgs = options.products === undefined ? ['--if-empty'] : ['--products', String(options.products)];
  execFileSync(process.execPath, ['--import', 'tsx', SEED_CLI, ...seedArgs], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir },
  });
  writeFileSync(marker, wanted);
}

export async function startServer(dataDir: string, logDir: string): Promise<RunningServer> {
  const port = await freePort();
  const logFiles = { stdout: path.join(logDir, 'server.log'), stderr: path.join(logDir, 'server.err.log') };
  // The child writes its logs straight to files, so this process (which also runs the load
  // generator) spends no CPU relaying one log line per request.
  const stdout = openSync(logFiles.stdout, 'w');
  const stderr = openSync(logFiles.stderr, 'w');
  const child = spawn(process.execPath, ['src/server/http/serve.ts'], {
    env: {
      ...process.env, // DATABASE_URL passes through, so the same run works on PostgreSQL
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
  try {
    await waitUntilReady(`${origin}/api/master`, child, logFiles.stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, logFiles, stop };
}

function freePort(): Promise<number> {
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
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before answering:\n${tail(stderrFile)}`,
      );
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
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string, lines = 20): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
