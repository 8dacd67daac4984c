/**
 * One dataset from seed to figures: seed (or reuse), start the production server on it,
 * run the page-load suite and the catalogue suite, stop the server. Then, apart, EXPLAIN
 * the listing statements against the database while nothing else holds it.
 */
import { type CatalogueOptions, type CatalogueResult, type CatalogueTarget, measureCatalogue, resolveTargets } from './catalogue.ts';
import type { Dataset } from './datasets.ts';
import { explainCatalogue, type ExplainReport } from './explain.ts';
import { type LogSummary, summarizeLogs } from './logs.ts';
import { prepareData, serverNodeEnv, startServer, whileServing } from './server.ts';
import { measureScaleOut, SCALE_OUT_CONNECTIONS } from './scale-out.ts';
import { isPageTarget } from './load.ts';
import { benchmark, type Measured, type SuiteOptions } from './suite.ts';

export interface RunOptions extends SuiteOptions, CatalogueOptions {
  fresh: boolean;
  catalogue: boolean;
}

export interface DatasetRun {
  engine: Dataset['engine'];
  products: number | undefined;
  dataDir: string;
  seedSeconds: number;
  measured: Measured;
  catalogue: CatalogueResult[] | null;
  targets: CatalogueTarget[] | null;
  explain: ExplainReport | { error: string } | null;
  logs: LogSummary;
  logFiles: { stdout: string; stderr: string };
}

export async function runDataset(
  dataset: Dataset,
  options: RunOptions,
  context: { resultsDir: string; buildRoot: string; lighthouse: boolean; targets: CatalogueTarget[] | null },
): Promise<DatasetRun> {
  const size = dataset.products === undefined ? 'default catalogue' : `${dataset.products} products`;
  console.log(`\n=== ${dataset.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${size} (${dataset.dataDir}) ===`);
  const seedStarted = performance.now();
  await prepareData(dataset.dataDir, { products: dataset.products, fresh: options.fresh }, dataset.database ?? undefined);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const databaseUrl = dataset.database?.url ?? null;
  const server = await startServer(dataset.dataDir, context.resultsDir, { databaseUrl, buildRoot: context.buildRoot, name: dataset.name });
  // React and Astro pick their production code paths from NODE_ENV: say which ran.
  console.log(`Server on ${server.origin} (NODE_ENV ${serverNodeEnv()})`);
  const suiteOptions = { ...options, lighthouseRuns: context.lighthouse ? options.lighthouseRuns : 0 };
  const { measured, catalogue, targets } = await whileServing(server, async () => {
    const measured = await benchmark(server.origin, suiteOptions, context.resultsDir, server.cpuMs);
    // On PostgreSQL a second process joins the first on the same database (bench/scale-out.ts).
    if (databaseUrl) {
      const second = await startServer(`${dataset.dataDir}-second`, context.resultsDir, { databaseUrl, buildRoot: context.buildRoot, name: `${dataset.name}-second` });
      const pages = measured.load.filter(isPageTarget);
      console.log(`\nScale-out: ${pages.length} pages, ${SCALE_OUT_CONNECTIONS} connections per process`);
      measured.scaleOut = await whileServing(second, () => measureScaleOut(server.origin, second.origin, pages, options));
    }
    if (!options.catalogue) return { measured, catalogue: null, targets: context.targets };
    const targets = context.targets ?? (await resolveTargets(server.origin));
    console.log(`\nCatalogue: ${targets.length} targets, 1 + ${options.warmups} warm-up + ${options.requests} requests each, one at a time`);
    return { measured, catalogue: await measureCatalogue(server.origin, targets, options), targets };
  });
  const logs = summarizeLogs(server.logFiles);

  return {
    engine: dataset.engine,
    products: dataset.products,
    dataDir: dataset.dataDir,
    seedSeconds,
    measured,
    catalogue,
    targets,
    explain: null,
    logs,
    logFiles: server.logFiles,
  };
}

/** EXPLAIN ANALYZE of the run's listing statements, once its server has stopped; a failure costs only this. */
export async function explainRun(dataset: Dataset, targets: CatalogueTarget[]): Promise<ExplainReport | { error: string }> {
  console.log('\nEXPLAIN ANALYZE of the listing statements (server stopped)...');
  return explainCatalogue({ dataDir: dataset.dataDir, databaseUrl: dataset.database?.url ?? null }, targets, dataset.products ?? null).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`EXPLAIN failed, the other figures stand: ${message}`);
    process.exitCode = 1;
    return { error: message };
  });
}
