/** Terminal tables of the catalogue suite, its growth between catalogue sizes, and EXPLAIN. */
import type { CatalogueResult } from './catalogue.ts';
import type { ExplainReport } from './explain.ts';
import { kb, table } from './report.ts';

/** Above this median a target deserves a look at its plan (EXPLAIN, as catalog/explain.test.ts does). */
export const SLOW_MS = 100;

export interface GrowthRow {
  label: string;
  path: string;
  sizes: { products: number; medianMs: number; p95Ms: number; total: number | null }[];
  /** Largest catalogue's figure over the smallest's. */
  medianRatio: number;
  p95Ratio: number;
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '–');
const count = (value: number) => (value >= 1000 ? `${Math.round(value / 1000)}k` : String(value));

export function catalogueTable(results: CatalogueResult[]): string {
  const header = ['target', 'median ms', 'p95 ms', 'min ms', 'max ms', 'first ms', 'n', 'body', 'matches', 'fail'];
  const rows = results.map((result) => [
    result.label,
    ms(result.medianMs),
    ms(result.p95Ms),
    ms(result.minMs),
    ms(result.maxMs),
    ms(result.firstMs),
    String(result.samples),
    kb(result.bytes),
    result.total === null ? '' : String(result.total),
    String(result.failures),
  ]);
  return table(header, rows);
}

export function targetLines(results: CatalogueResult[]): string {
  return results.map((result) => `  ${result.label.padEnd(28)} ${result.path}`).join('\n');
}

/** Per target, the figures of the smallest and largest catalogues and their ratio. */
export function compareSizes(runs: { products: number; catalogue: CatalogueResult[] }[]): GrowthRow[] {
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (!first || !last) return [];
  return first.catalogue.map((small) => {
    const sizes = runs.map((run) => {
      const result = run.catalogue.find((candidate) => candidate.label === small.label);
      return { products: run.products, medianMs: result?.medianMs ?? Number.NaN, p95Ms: result?.p95Ms ?? Number.NaN, total: result?.total ?? null };
    });
    const big = sizes[sizes.length - 1];
    return {
      label: small.label,
      path: small.path,
      sizes,
      medianRatio: Number(((big?.medianMs ?? Number.NaN) / small.medianMs).toFixed(3)),
      p95Ratio: Number(((big?.p95Ms ?? Number.NaN) / small.p95Ms).toFixed(3)),
    };
  });
}

export function growthTable(rows: GrowthRow[]): string {
  const sizes = rows[0]?.sizes.map((size) => count(size.products)) ?? [];
  const small = sizes[0] ?? '?';
  const big = sizes[sizes.length - 1] ?? '?';
  const header = ['target', ...sizes.flatMap((size) => [`${size} median`, `${size} p95`]), `median ${big}/${small}`, `p95 ${big}/${small}`, 'matches'];
  const body = rows.map((row) => [
    row.label,
    ...row.sizes.flatMap((size) => [ms(size.medianMs), ms(size.p95Ms)]),
    times(row.medianRatio),
    times(row.p95Ratio),
    row.sizes.every((size) => size.total === null) ? '' : row.sizes.map((size) => size.total ?? '–').join(' → '),
  ]);
  return table(header, body);
}

export function explainTable(report: ExplainReport): string {
  const header = ['target', 'statement', 'exec ms', 'sort', 'seq scans', 'indexes read'];
  // Counts and facets ignore the sort: one line stands for every sort of a scope.
  const rows = report.plans.map((plan) => [
    plan.statement === 'page' && plan.alsoFor.length ? `${plan.target} (= ${plan.alsoFor.join(', ')})` : plan.target,
    plan.statement,
    plan.executionMs === null ? '–' : ms(plan.executionMs),
    plan.sorts ? 'yes' : '',
    plan.seqScanOnProducts ? ['PRODUCTS', ...plan.seqScans.filter((name) => name !== 'products')].join(', ') : plan.seqScans.join(', '),
    plan.indexes.join(', ') || '(none)',
  ]);
  const scans = report.plans.filter((plan) => plan.seqScanOnProducts).length;
  const verdict = scans === 0 ? 'no Seq Scan on products in any statement' : `${scans} statement(s) with a Seq Scan on products`;
  const title = `EXPLAIN ANALYZE on ${report.database}, ${report.products ?? '?'} products: ${verdict}`;
  return [title, table(header, rows, [1, 4, 5])].join('\n');
}

/**
 * Targets over SLOW_MS at the largest size, and statements over SLOW_MS or scanning
 * products, with their plans: what to read first.
 */
export function slowNotes(results: CatalogueResult[], explain: ExplainReport | null): string {
  const lines: string[] = [];
  for (const result of results.filter((candidate) => candidate.medianMs > SLOW_MS)) {
    lines.push(`SLOW: ${result.label} (${result.path}) median ${ms(result.medianMs)} ms, p95 ${ms(result.p95Ms)} ms`);
  }
  for (const plan of explain?.plans ?? []) {
    if (!plan.seqScanOnProducts && (plan.executionMs ?? 0) <= SLOW_MS) continue;
    lines.push(`Plan of ${plan.target} / ${plan.statement} (${plan.executionMs ?? '?'} ms${plan.seqScanOnProducts ? ', Seq Scan on products' : ''}):`);
    lines.push(...plan.plan.split('\n').map((line) => `    ${line}`));
  }
  return lines.length ? lines.join('\n') : `No target above ${SLOW_MS} ms median, no slow or scanning statement.`;
}
