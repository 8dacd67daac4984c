/**
 * Builds the production bundle unless it is newer than every source file, so `npm start`
 * is quick after the first run and still never serves a stale build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (builtAt > Math.max(...INPUTS.map(newest))) {
  console.log('Build is up to date.');
} else {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}
