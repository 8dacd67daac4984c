/**
 * Throughput, latency and page weight of the production server, on a seeded database.
 *
 *   npm run bench [-- --duration 10 --warmup 2 --connections 10 --rounds 1
 *                    --products N --fresh --data-dir bench-results/data
 *                    --lighthouse-runs 3 --no-lighthouse]
 *
 * Builds if stale, seeds a data directory of its own (reused between runs), starts
 * `src/server/http/serve.ts` on a free port of 127.0.0.1 (DATABASE_URL passes through for
 * PostgreSQL), loads a few pages with autocannon, measures the JavaScript `/` ships, runs
 * Lighthouse (mobile, simulated slow 4G) on a few pages, and writes bench-results/latest.json.
 * Figures are medians and ratios to a static file served by the same process: absolute
 * numbers on a shared 2-core machine mean little.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encodingOf, getOk } from './bench/http.ts';
import { measureJs, pageScripts } from './bench/js-weight.ts';
import { BROWSER_ENCODING, type LoadOptions, measureAll, staticBaseline, type Target } from './bench/load.ts';
import { type LogSummary, summarizeLogs } from './bench/logs.ts';
import { pagesToAudit, runLighthouse } from './bench/lighthouse.ts';
import type { LighthouseReport } from './bench/lighthouse-summary.ts';
import { htmlLine, jsTable, lighthouseLines, loadTable, logLines, ratio, ratioLines } from './bench/report.ts';
import { buildIfStale, prepareData, type RunningServer, startServer } from './bench/server.ts';

const RESULTS_DIR = 'bench-results';

interface BenchOptions extends LoadOptions {
  rounds: number;
  products: number | undefined;
  fresh: boolean;
  dataDir: string;
  /** Lighthouse runs per page; 0 with --no-lighthouse. */
  lighthouseRuns: number;
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
    },
    allowNegative: true,
  });
  return {
    duration: count('duration', values.duration, 1),
    warmup: count('warmup', values.warmup, 0),
    connections: count('connections', values.connections, 1),
    rounds: count('rounds', values.rounds, 1),
    products: values.products === undefined ? undefined : count('products', values.products, 0),
    fresh: values.fresh,
    dataDir: path.resolve(values['data-dir']),
    lighthouseRuns: values.lighthouse ? count('lighthouse-runs', values['lighthouse-runs'], 1) : 0,
  };
}

function count(name: string, value: string, min: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
  return parsed;
}

/** The page's HTML in both forms, and the static and dynamic targets to load. */
async function inspectHome(origin: string) {
  const plain = await getOk(`${origin}/`);
  const compressed = await getOk(`${origin}/`, BROWSER_ENCODING);
  const html = plain.body.toString('utf8');
  const htmlSize = {
    rawBytes: plain.body.length,
    transferredBytes: compressed.body.length,
    encoding: encodingOf(compressed),
  };
  // One hashed chunk the page really loads, as a second static baseline beside the favicon.
  const asset = pageScripts(html)
    .urls.map((url) => new URL(url, origin).pathname)
    .find((pathname) => /^\/_astro\/.+\.js$/.test(pathname));
  if (!asset) console.warn('No /_astro/*.js referenced by / — measuring /favicon.svg as the only static target.');
  const targets: Target[] = [
    { path: '/favicon.svg', kind: 'static' },
    ...(asset ? [{ path: asset, kind: 'static' as const }] : []),
    { path: '/', kind: 'dynamic' },
    { path: '/api/master', kind: 'dynamic' },
  ];
  return { html, htmlSize, targets };
}

async function benchmark(origin: string, options: BenchOptions) {
  const { html, htmlSize, targets } = await inspectHome(origin);
  const javascript = await measureJs(`${origin}/`, html);
  console.log(`\nLoad: ${options.connections} connections, ${options.rounds} round(s), ${BROWSER_ENCODING}`);
  const load = await measureAll(origin, targets, options, options.rounds);
  const lighthouse = options.lighthouseRuns > 0 ? await lighthouseOf(origin, options.lighthouseRuns) : null;
  return { htmlSize, javascript, load, lighthouse };
}

/** Lighthouse's figures, or why there are none: a broken Chromium should not cost the load figures. */
async function lighthouseOf(origin: string, runs: number): Promise<LighthouseReport | { error: string }> {
  try {
    const pages = await pagesToAudit(origin);
    console.log(`\nLighthouse (mobile, simulated slow 4G): ${pages.join(', ')}, ${runs} run(s) each`);
    return await runLighthouse(origin, pages, runs, path.join(RESULTS_DIR, 'lighthouse'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Lighthouse failed, the other figures stand: ${message}`);
    process.exitCode = 1;
    return { error: message };
  }
}

/** Runs `work` with the server up, and stops the server afterwards, on error and on Ctrl-C too. */
async function whileServing<T>(server: RunningServer, work: () => Promise<T>): Promise<T> {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void server.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work();
  } finally {
    await server.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

type Measured = Awaited<ReturnType<typeof benchmark>>;

function buildReport(options: BenchOptions, measured: Measured, logs: LogSummary, loadAverageBefore: number[]) {
  const baseline = staticBaseline(measured.load);
  return {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter: os.loadavg(), node: process.version },
    database: process.env['DATABASE_URL'] ? 'postgresql' : 'pglite',
    nodeEnv: process.env['NODE_ENV'] ?? null,
    options,
    staticBaseline: baseline?.path ?? null,
    load: measured.load.map((result) => ({
      ...result,
      ratioToStatic: result.kind === 'dynamic' ? ratio(result, baseline) : null,
    })),
    html: measured.htmlSize,
    javascript: measured.javascript,
    lighthouse: measured.lighthouse,
    serverLog: logs,
  };
}

function printSummary(measured: Measured, logs: LogSummary, machine: ReturnType<typeof buildReport>['machine']) {
  const baseline = staticBaseline(measured.load);
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`\n${loadTable(measured.load, baseline)}`);
  console.log(`\n${ratioLines(measured.load, baseline)}`);
  console.log(`\nJavaScript loaded by / (${measured.javascript.files.length} files, static imports followed):`);
  console.log(jsTable(measured.javascript));
  console.log(`\n${htmlLine(measured.htmlSize)}`);
  const lighthouse = measured.lighthouse;
  if (lighthouse && !('error' in lighthouse)) console.log(`\n${lighthouseLines(lighthouse)}`);
  console.log(`\n${logLines(logs)}`);
  console.log(
    `\nLoad average ${loads(machine.loadAverageBefore)} before, ${loads(machine.loadAverageAfter)} after (${machine.cpus} CPUs): a busy machine lowers every figure.`,
  );
}

async function main() {
  const options = readOptions();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const loadAverageBefore = os.loadavg();
  buildIfStale();
  prepareData(options.dataDir, options);
  const server = await startServer(options.dataDir, RESULTS_DIR);
  const database = process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
  // React and Astro pick their production code paths from NODE_ENV: say which ran.
  const nodeEnv = process.env['NODE_ENV'] ?? 'unset';
  console.log(`Server on ${server.origin} (${database}, NODE_ENV ${nodeEnv}, data ${options.dataDir})`);

  const measured = await whileServing(server, () => benchmark(server.origin, options));
  const logs = summarizeLogs(server.logFiles);
  const report = buildReport(options, measured, logs, loadAverageBefore);
  const file = path.join(RESULTS_DIR, 'latest.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(measured, logs, report.machine);
  console.log(`Results written to ${file}; server logs in ${server.logFiles.stdout} and ${server.logFiles.stderr}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
