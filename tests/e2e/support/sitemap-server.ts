import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VariantServer } from './servers';

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
 * A production server on a small seeded database whose highest product id is `farId`:
 * its sitemap is split into an index just as a catalogue of that many products would be.
 * Shares the main test server's drawn images, as startVariantServer does.
 */
export async function startFarIdServer(farId: number): Promise<VariantServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-sitemap-'));
  symlinkSync(path.join(process.env.E2E_DATA_DIR!, 'uploads'), path.join(dataDir, 'uploads'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const args of [['src/server/db/seed/cli.ts', '--products', '30'], ['tests/e2e/support/far-product.ts', String(farId)]]) {
    const result = spawnSync('npx', ['tsx', ...args], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
  }
  const port = await freePort();
  const child = spawn('node', ['src/server/http/serve.ts'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${baseURL}/api/master`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 150) throw new Error('sitemap test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
