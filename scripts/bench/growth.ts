/**
 * The catalogue suite's figures for the terminal and for bench-results/latest.json: per
 * dataset, and with --growth the comparison of the smallest and largest catalogues.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { catalogueTable, compareSizes, explainTable, type GrowthRow, growthTable, slowNotes, targetLines } from './catalogue-report.ts';
import type { ExplainReport } from './explain.ts';
import { staticBaseline } from './load.ts';
import { ratio } from './report.ts';
import type { DatasetRun } from './run-dataset.ts';

const isReport = (explain: DatasetRun['explain']): explain is ExplainReport => explain !== null && !('error' in explain);

/** The catalogue section of one dataset, as written to latest.json. */
export function catalogueSection(run: DatasetRun) {
  return {
    generatedAt: new Date().toISOString(),
    database: run.engine,
    products: run.products ?? null,
    results: run.catalogue,
    explain: run.explain,
  };
}

/** Load figures of one dataset, compact: the growth report holds several. */
function loadSection(run: DatasetRun) {
  const baseline = staticBaseline(run.measured.load);
  return run.measured.load.map((result) => ({
    ...result,
    ratioToStatic: result.kind === 'dynamic' ? ratio(result, baseline) : null,
  }));
}

export function growthSection(runs: DatasetRun[], extra: Record<string, unknown>) {
  const measuredRuns = runs.flatMap((run) => (run.catalogue ? [{ products: run.products ?? 0, catalogue: run.catalogue }] : []));
  const last = runs[runs.length - 1];
  return {
    generatedAt: new Date().toISOString(),
    ...extra,
    comparison: compareSizes(measuredRuns),
    sizes: runs.map((run) => ({
      products: run.products ?? null,
      dataDir: run.dataDir,
      seedSeconds: Number(run.seedSeconds.toFixed(1)),
      load: loadSection(run),
      catalogue: run.catalogue,
      serverLog: run.logs,
    })),
    explain: last?.explain ?? null,
    html: last?.measured.htmlSize ?? null,
    javascript: last?.measured.javascript ?? null,
    lighthouse: last?.measured.lighthouse ?? null,
  };
}

export function printCatalogue(run: DatasetRun): void {
  if (!run.catalogue) return;
  const size = run.products === undefined ? 'default catalogue' : `${run.products} products`;
  console.log(`\nCatalogue latency on ${run.engine}, ${size} (ms, sequential requests, browser encoding):`);
  console.log(catalogueTable(run.catalogue));
}

/** Paths once, the growth table, `/` and `/api/master` throughput at each size, EXPLAIN and notes. */
export function printGrowth(runs: DatasetRun[], comparison: GrowthRow[]): void {
  const last = runs[runs.length - 1];
  if (last?.catalogue) {
    console.log(`\nTargets:\n${targetLines(last.catalogue)}`);
    console.log(`\nGrowth on ${last.engine} (median and p95 ms; ratio = largest / smallest catalogue):`);
    console.log(growthTable(comparison));
  }
  const throughput = runs.map((run) => {
    const dynamic = run.measured.load.filter((result) => result.kind === 'dynamic');
    return `${run.products ?? 'default'}: ${dynamic.map((result) => `${result.path} ${result.requestsPerSec.toFixed(0)} req/s`).join(', ')}`;
  });
  console.log(`\nThroughput (autocannon): ${throughput.join(' | ')}`);
  printExplain(last);
}

export function printExplain(run: DatasetRun | undefined): void {
  if (!run) return;
  if (run.explain && !isReport(run.explain)) console.log(`\nEXPLAIN failed: ${run.explain.error}`);
  const explain = isReport(run.explain) ? run.explain : null;
  if (explain) console.log(`\n${explainTable(explain)}`);
  if (run.catalogue) console.log(`\n${slowNotes(run.catalogue, explain)}`);
}

/** Writes `update(current)` to `file`, where current is what the file holds (or {}). */
export function mergeLatest(file: string, update: (current: Record<string, unknown>) => Record<string, unknown>): void {
  let current: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) current = parsed as Record<string, unknown>;
    } catch {
      console.warn(`${file} is not JSON: replacing it`);
    }
  }
  writeFileSync(file, `${JSON.stringify(update(current), null, 2)}\n`);
}
