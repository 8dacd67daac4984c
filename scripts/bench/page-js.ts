/**
 * The JavaScript pages of any running server ship, for comparing builds by hand:
 *
 *   npx tsx scripts/bench/page-js.ts http://127.0.0.1:4321 / /products/8/details
 *
 * Used to measure an older checkout (a `git worktree` built and served on its own) against
 * the figures `npm run bench` writes for this one.
 */
import { measurePageJs } from './js-weight.ts';
import { jsTable, kb } from './report.ts';

async function main() {
  const [origin, ...paths] = process.argv.slice(2);
  if (!origin || paths.length === 0) throw new Error('Usage: npx tsx scripts/bench/page-js.ts <origin> <path>...');
  for (const pagePath of paths) {
    const weight = await measurePageJs(origin, pagePath);
    const { total } = weight;
    console.log(`\n${pagePath}: ${weight.files.length} files, ${kb(total.transferredBytes)} transferred (${total.transferredBytes} B), ${kb(total.rawBytes)} raw`);
    console.log(jsTable(weight));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
