import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm start` must run with production dependencies only (ADR 004): its scripts are run
 * by plain Node 24 (type stripping, no tsx), and nothing they load may come from a
 * devDependency. Each script is started with an argument or setting it rejects, which it
 * only reaches after every static import has loaded.
 */
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };

/** Refuses to resolve any devDependency, from our code or from a dependency's. */
const NO_DEV_PACKAGES = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
const dev = new Set(${JSON.stringify(Object.keys(pkg.devDependencies))});
registerHooks({
  resolve(specifier, context, next) {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (dev.has(name)) throw new Error('devDependency ' + name + ' imported by ' + context.parentURL);
    return next(specifier, context);
  },
});`)}`;

function run(args: string[], env: Record<string, string> = {}, cwd = process.cwd()) {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', NO_DEV_PACKAGES, ...args], { cwd, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('the scripts npm start runs', () => {
  it('are run by node, not tsx', () => {
    for (const name of ['start', 'serve', 'build', 'db:migrate', 'db:seed', 'settings', 'preview-link', 'social-auth', 'order-status', 'orders', 'translations']) {
      expect(pkg.scripts[name], name).not.toMatch(/\btsx\b|ts-node/);
    }
  });

  it.each([
    ['db:migrate', ['src/server/cli/migrate.ts'], { DATABASE_URL: 'mysql://nowhere' }, 'DATABASE_URL: must start with postgres://'],
    ['db:seed', ['src/server/cli/seed.ts', '--products', 'none'], {}, '--products must be a positive whole number'],
    ['settings', ['src/server/cli/settings.ts'], {}, 'Usage: npm run settings -- get'],
    ['preview-link', ['src/server/cli/preview-link.ts'], {}, 'Usage: npm run preview-link'],
    ['social-auth', ['src/server/cli/social-auth.ts'], {}, 'Usage: npm run social-auth'],
    ['order-status', ['src/server/cli/orders.ts'], {}, 'Usage: npm run orders -- status'],
    ['translations', ['src/server/cli/translations.ts', 'import'], {}, 'Usage: npm run translations -- export'],
    ['serve', ['src/server/http/serve.ts'], { PORT: 'no-port' }, 'PORT: '],
  ])('%s loads on plain Node with production dependencies only', (_name, args, env, expected) => {
    const result = run(args, env);
    expect(result.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX|ERR_UNKNOWN_FILE_EXTENSION|devDependency /);
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain(expected);
  });

  it('build steps load on plain Node too', () => {
    // Run where there is no build: precompress then fails on the missing folder, after loading.
    const result = run([path.resolve('scripts/precompress.ts')], {}, tmpdir());
    expect(result.stderr).toContain('ENOENT');
    expect(result.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX|devDependency /);
    // build-if-stale would start a build: it may import nothing but Node's own modules.
    const imports = [...readFileSync('scripts/build-if-stale.ts', 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) expect(specifier).toMatch(/^node:/);
  });
});
