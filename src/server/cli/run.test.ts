import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every command starts the same way (run.ts): usage and exit code 2 on bad arguments,
 * `--help` on stdout, a locked or misconfigured database as one message and exit code 1,
 * the database closed on the way out. Run as production runs them: plain Node 24.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(file: string, args: string[], env: Record<string, string> = {}) {
  const { NODE_OPTIONS: _ignored, DATABASE_URL: _url, ...inherited } = process.env;
  return spawnSync(process.execPath, [`src/server/cli/${file}.ts`, ...args], {
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the commands’ start-up', () => {
  it.each([
    ['settings', ['frobnicate'], 'Usage: npm run settings -- get'],
    ['settings', ['set', 'multi_vendor', '3'], 'Invalid value for multi_vendor'],
    ['orders', ['status'], 'Usage: npm run orders -- status'],
    ['social-auth', ['--bogus'], "Unknown option '--bogus'"],
    ['preview-link', ['blog', 'x', '--hours', '0'], 'hours must be above 0'],
    ['db:seed', ['--products', 'none'], '--products must be a positive whole number'],
    ['migrate', ['extra'], 'Usage: npm run db:migrate'],
  ])('%s %j is a usage error: exit code 2, the usage printed, the database untouched', (file, args, expected) => {
    const result = run(file === 'db:seed' ? 'seed' : file, args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(expected);
    expect(result.stderr).toContain('Usage: npm run');
    expect(result.stderr).not.toContain('    at ');
  });

  it('--help prints the usage on stdout and succeeds', () => {
    const result = run('social-auth', ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: npm run social-auth -- list');
  });

  it('bad configuration is one message naming the variable, exit code 1', () => {
    const result = run('settings', ['get'], { DATABASE_URL: 'mysql://nowhere' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: must start with postgres://');
    expect(result.stderr).not.toContain('    at ');
  });

  it('opens, migrates and closes the database: a second command finds it free', () => {
    expect(run('settings', ['set', 'multi_vendor', 'false'])).toMatchObject({ status: 0, stdout: 'multi_vendor = false\n' });
    expect(run('settings', ['get', 'multi_vendor'])).toMatchObject({ status: 0, stdout: 'multi_vendor = false\n', stderr: '' });
  }, 120_000);
});
