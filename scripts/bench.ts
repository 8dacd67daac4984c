/**
 * Throughput, latency and page weight of the production server, on a seeded database.
 *
 *   npm run bench [-- --duration 10 --warmup 2 --connections 10 --rounds 1
 *                    --products N --fresh --data-dir bench-results/data
 *                    --lighthouse-runs 3 --no-lighthouse
 *                    --no-catalogue --catalogue-requests 30 --catalogue-warmups 3
 *                    --growth --postgres --explain
 *                    --no-commerce --commerce-shoppers 50 --commerce-rounds 3 --no-seller --no-live]
 *
 * Builds if stale (and runs a copy of dist/, bench/server.ts), seeds a data directory of its own (reused between runs), starts
 * `src/server/http/serve.ts` on a free port of 127.0.0.1 (DATABASE_URL passes through for
 * PostgreSQL), loads the guest pages (home, listing, category, product, shop, blog post) and
 * the signed-in home, listing and product page with autocannon (req/s, p50, p99, ratio to a
 * static file, the server's CPU ms per request, each page's JavaScript before use), on
 * PostgreSQL also through a second process at once (1 → 2 processes, bench/scale-out.ts), runs
 * Lighthouse (mobile, simulated slow 4G) on a few pages, times the catalogue's listings,
 * searches, filters, sorts and pages one request at a time (bench/catalogue.ts), and
 * writes bench-results/latest.json. Figures are medians and ratios to a static file served
 * by the same process: absolute numbers on a shared 2-core machine mean little.
 *
 * --growth measures 1,000 and 100,000 products (bench/datasets.ts) and prints each
 * target's growth, then EXPLAIN ANALYZE of the listing statements at 100,000 (--explain,
 * on by default with --growth). --postgres runs on the bench's own PostgreSQL cluster
 * instead of PGlite (bench/postgres.ts). Results of a growth run go to latest.json's
 * `growth.<engine>`, so PGlite's and PostgreSQL's stand side by side.
 *
 * The commerce section (bench/commerce.ts, on by default) then starts the server once more
 * on the last dataset: 50 concurrent shoppers add to cart, figure the checkout and place
 * cash orders; latencies, orders and stock checked, and the JavaScript of a product page,
 * go to latest.json's `commerce.<engine>`.
 *
 * The live section (bench/live.ts, on by default, always on a PostgreSQL cluster of its own)
 * holds 1,000 idle live streams on one process (memory per stream) and times messages sent
 * through it at 50 a second until they show on another process's streams (p50, p95).
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCleanups } from './bench/cleanup.ts';
import { type CommerceOptions, commerceSection } from './bench/commerce.ts';
import { type DatasetOptions, datasetsFor } from './bench/datasets.ts';
import { catalogueSection, growthSection, mergeLatest, printCatalogue, printExplain, printGrowth } from './bench/growth.ts';
import { staticBaseline } from './bench/load.ts';
import { htmlLine, jsTable, kb, lighthouseLines, loadTable, logLines, ratio, ratioLines, scaleOutTable } from './bench/report.ts';
import { type DatasetRun, explainRun, type RunOptions, runDataset } from './bench/run-dataset.ts';
import type { CatalogueTarget } from './bench/catalogue.ts';
import { prepareBuild, serverNodeEnv } from './bench/server.ts';
import { type SellerBenchOptions, sellerSection } from './bench/seller.ts';
import { type LiveBenchOptions, liveSection } from './bench/live.ts';

const RESULTS_DIR = 'bench-results';

interface BenchOptions extends RunOptions, DatasetOptions, CommerceOptions, SellerBenchOptions, LiveBenchOptions {
  explain: boolean;
}

function readOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '1' },
      products: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join(RESULTS_DIR, 'data') },
      lighthouse: { type: 'boolean', default: true },
      'lighthouse-runs': { type: 'string', default: '3' },
      catalogue: { type: 'boolean', default: true },
      'catalogue-requests': { type: 'string', default: '30' },
      'catalogue-warmups': { type: 'string', default: '3' },
      growth: { type: 'boolean', default: false },
      postgres: { type: 'boolean', default: false },
      explain: { type: 'boolean' },
      commerce: { type: 'boolean', default: true },
      'commerce-shoppers': { type: 'string', default: '50' },
      'commerce-rounds': { type: 'string', default: '3' },
      seller: { type: 'boolean', default: true },
      live: { type: 'boolean', default: true },
    },
    allowNegative: true,
  });
  if (values.growth && values.products !== undefined) throw new Error('--growth chooses its own sizes: drop --products');
  return {
    duration: count('duration', values.duration, 1),
    warmup: count('warmup', values.warmup, 0),
    connections: count('connections', values.connections, 1),
    rounds: count('rounds', values.rounds, 1),
    products: values.products === undefined ? undefined : count('products', values.products, 0),
    fresh: values.fresh,
    dataDir: path.resolve(values['data-dir']),
    lighthouseRuns: values.lighthouse ? count('lighthouse-runs', values['lighthouse-runs'], 1) : 0,
    catalogue: values.catalogue,
    requests: count('catalogue-requests', values['catalogue-requests'], 1),
    warmups: count('catalogue-warmups', values['catalogue-warmups'], 0),
    growth: values.growth,
    postgres: values.postgres,
    // A plan on a few hundred rows says nothing about 100,000: EXPLAIN by default only with --growth.
    explain: values.catalogue && (values.explain ?? values.growth),
    commerce: values.commerce,
    commerceShoppers: count('commerce-shoppers', values['commerce-shoppers'], 1),
    commerceRounds: count('commerce-rounds', values['commerce-rounds'], 1),
    seller: values.seller,
    live: values.live,
  };
}

function count(name: string, value: string, min: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
  return parsed;
}

type Machine = { cpus: number; loadAverageBefore: number[]; loadAverageAfter: number[]; node: string };

/** The report of a single-dataset run: the page-load figures at the top level, as before. */
function buildReport(options: BenchOptions, run: DatasetRun, machine: Machine) {
  const baseline = staticBaseline(run.measured.load);
  return {
    generatedAt: new Date().toISOString(),
    machine,
    database: run.engine,
    nodeEnv: serverNodeEnv(),
    options,
    staticBaseline: baseline?.path ?? null,
    load: run.measured.load.map((result) => ({
      ...result,
      ratioToStatic: result.kind === 'dynamic' ? ratio(result, baseline) : null,
    })),
    html: run.measured.htmlSize,
    javascript: run.measured.javascript,
    contentJs: run.measured.contentJs,
    lighthouse: run.measured.lighthouse,
    scaleOut: run.measured.scaleOut,
    serverLog: run.logs,
    ...(run.catalogue ? { catalogue: catalogueSection(run) } : {}),
  };
}

function printSummary(run: DatasetRun) {
  const { measured, logs } = run;
  const baseline = staticBaseline(measured.load);
  console.log(`\n${loadTable(measured.load, baseline)}`);
  console.log(`\n${ratioLines(measured.load, baseline)}`);
  if (measured.scaleOut) console.log(`\n${scaleOutTable(measured.scaleOut)}`);
  console.log(`\nJavaScript before use on reading pages: ${measured.contentJs.map((page) => `${page.path} ${kb(page.jsBytes)}`).join(', ')}`);
  console.log(`\nJavaScript loaded by / (${measured.javascript.files.length} files, static imports followed):`);
  console.log(jsTable(measured.javascript));
  console.log(`\n${htmlLine(measured.htmlSize)}`);
  const lighthouse = measured.lighthouse;
  if (lighthouse && !('error' in lighthouse)) console.log(`\n${lighthouseLines(lighthouse)}`);
  console.log(`\n${logLines(logs)}`);
  printCatalogue(run);
}

async function main() {
  const options = readOptions();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const loadAverageBefore = os.loadavg();
  const buildRoot = prepareBuild();
  const datasets = await datasetsFor(options, RESULTS_DIR);
  const runs: DatasetRun[] = [];
  // Resolved on the first (smallest) catalogue, so every size answers the same requests.
  let targets: CatalogueTarget[] | null = null;
  for (const [index, dataset] of datasets.entries()) {
    const last = index === datasets.length - 1;
    const run = await runDataset(dataset, options, { resultsDir: RESULTS_DIR, buildRoot, lighthouse: last, targets });
    targets = run.targets;
    runs.push(run);
    printSummary(run);
    if (last && options.explain && targets) run.explain = await explainRun(dataset, targets);
  }
  const lastDataset = datasets[datasets.length - 1];
  const commerce = options.commerce && lastDataset ? await commerceSection(lastDataset, options, { resultsDir: RESULTS_DIR, buildRoot }) : null;
  const seller = options.seller && lastDataset ? await sellerSection(lastDataset, { resultsDir: RESULTS_DIR, buildRoot }) : null;
  // Always on PostgreSQL (a cluster of its own): live streams across two processes.
  const live = options.live ? await liveSection({ resultsDir: RESULTS_DIR, buildRoot }) : null;
  await runCleanups(); // the PostgreSQL cluster, before the report

  const machine: Machine = { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter: os.loadavg(), node: process.version };
  const file = path.join(RESULTS_DIR, 'latest.json');
  const only = runs[0];
  if (options.growth) {
    const engine = only?.engine ?? 'pglite';
    const section = growthSection(runs, { machine, nodeEnv: serverNodeEnv(), options });
    mergeLatest(file, (current) => {
      const previous = current['growth'];
      return { ...current, growth: { ...(previous && typeof previous === 'object' ? previous : {}), [engine]: section } };
    });
    printGrowth(runs, section.comparison);
  } else if (only) {
    mergeLatest(file, (current) => ({ ...current, ...buildReport(options, only, machine) }));
    if (options.explain) printExplain(only);
  }
  if (commerce) {
    mergeLatest(file, (current) => {
      const previous = current['commerce'];
      return { ...current, commerce: { ...(previous && typeof previous === 'object' ? previous : {}), [commerce.database]: commerce } };
    });
  }
  if (live) mergeLatest(file, (current) => ({ ...current, live }));
  if (seller) {
    mergeLatest(file, (current) => {
      const previous = current['seller'];
      return { ...current, seller: { ...(previous && typeof previous === 'object' ? previous : {}), [seller.database]: seller } };
    });
  }
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`\nLoad average ${loads(machine.loadAverageBefore)} before, ${loads(machine.loadAverageAfter)} after (${machine.cpus} CPUs): a busy machine lowers every figure.`);
  const logs = runs.map((run) => run.logFiles.stdout).join(', ');
  console.log(`Results written to ${file}; server logs in ${logs} (and .err.log beside each)`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
