import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface VariantServer {
  baseURL: string;
  /**
   * Runs an operator command (a tsx script under src/server/cli with its arguments) on this
   * server's database, as an operator does on the embedded database: the server stops, the
   * command runs, the server starts again at the same address. Returns what it printed.
   */
  operate(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A second production server on its own embedded database, seeded small and with some
 * site settings changed through the settings command, for behaviour that depends on
 * them (download-app dropdown, single-vendor mode).
 */
export function startVariantServer(settings: Record<string, unknown>): Promise<VariantServer> {
  return startPreparedServer(Object.entries(settings).map(([key, value]) => ['src/server/cli/settings.ts', 'set', key, JSON.stringify(value)]));
}

/** The main test server's drawn images, which every variant server shares. */
const mainUploads = () => path.join(process.env.E2E_DATA_DIR!, 'uploads');

/** Runs a tsx script (a command under src/server/cli, a test step) on the embedded database of `dataDir`. */
function runIn(dataDir: string, args: string[]): string {
  const result = spawnSync('npx', ['tsx', ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * The variant servers' starting point, made once per run and copied for each (a seed and two
 * settings took about 20 s a server): the small demo seed, with the placement limits lifted
 * as scripts/e2e-server.sh lifts them, since every test shopper places from 127.0.0.1. The
 * first worker to ask prepares it; another one asking meanwhile waits for it to be ready.
 */
async function variantTemplate(): Promise<string> {
  const root = path.join(process.env.E2E_DATA_DIR!, 'variant-template');
  const ready = path.join(root, 'ready');
  try {
    mkdirSync(root);
  } catch {
    for (let waited = 0; !existsSync(ready); waited += 200) {
      if (!existsSync(root)) return variantTemplate(); // its preparation failed: try again
      if (waited > 180_000) throw new Error(`the variant servers' database in ${root} was not prepared`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return root;
  }
  try {
    symlinkSync(mainUploads(), path.join(root, 'uploads'));
    runIn(root, ['src/server/cli/seed.ts', '--products', '30']);
    runIn(root, ['src/server/cli/settings.ts', 'set', 'order_limit_per_account', '100000']);
    runIn(root, ['src/server/cli/settings.ts', 'set', 'order_limit_per_address', '100000']);
  } catch (error) {
    rmSync(root, { recursive: true, force: true }); // the next server to start tries again
    throw error;
  }
  writeFileSync(ready, '');
  return root;
}

/**
 * A production server on a small seeded embedded database of its own, after running each
 * of `steps` (tsx scripts with their arguments) on it, with `serverEnv` added to its
 * environment (e.g. TRUST_PROXY). It shares the main test server's drawn images so
 * seeding stays quick.
 */
export async function startPreparedServer(steps: string[][], serverEnv: Record<string, string> = {}): Promise<VariantServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-variant-'));
  let child: ChildProcess | undefined;
  const halt = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  // Stops the server and removes its database: on stop(), or at once when it fails to start.
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const run = (args: string[]) => runIn(dataDir, args);
  const launch = async (port: number) => {
    child = spawn('node', ['src/server/http/serve.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...serverEnv, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const baseURL = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`variant server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${baseURL}/api/master`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (attempt > 150) throw new Error('variant server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return baseURL;
  };
  try {
    symlinkSync(mainUploads(), path.join(dataDir, 'uploads'));
    cpSync(path.join(await variantTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    for (const step of steps) run(step);

    const port = await freePort();
    const baseURL = await launch(port);
    const operate = async (args: string[]) => {
      await halt();
      try {
        return run(args);
      } finally {
        await launch(port);
      }
    };
    return { baseURL, operate, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
