/** Plain-text tables for the terminal. */
import type { JsWeight } from './js-weight.ts';
import type { LighthouseReport } from './lighthouse-summary.ts';
import { targetLabel, type LoadResult } from './load.ts';
import type { LogSummary } from './logs.ts';
import type { ScaleOutResult } from './scale-out.ts';

export interface HtmlSize {
  rawBytes: number;
  transferredBytes: number;
  encoding: string;
}

export function loadTable(results: LoadResult[], baseline: LoadResult | undefined): string {
  // autocannon's latency percentiles are whole milliseconds; the mean keeps the fraction.
  const header = ['target', 'viewer', 'req/s (median)', 'p50 ms', 'p99 ms', 'vs static', 'CPU ms/req', 'JS before use', 'body', 'non-2xx/err'];
  const rows = results.map((result) => [
    result.path,
    result.kind === 'static' ? 'static' : (result.viewer ?? 'guest'),
    result.requestsPerSec.toFixed(0),
    String(result.latencyP50Ms),
    String(result.latencyP99Ms),
    result.kind === 'dynamic' ? `${ratio(result, baseline).toFixed(2)}x` : '',
    result.cpuMsPerRequest === null ? '' : result.cpuMsPerRequest.toFixed(2),
    result.jsBytes === undefined ? '' : kb(result.jsBytes),
    `${kb(result.responseBytes)} ${result.encoding}`,
    `${result.non2xx}/${result.errors + result.timeouts}`,
  ]);
  return table(header, rows);
}

/** 1 → 2 processes on one PostgreSQL (bench/scale-out.ts). */
export function scaleOutTable(results: ScaleOutResult[]): string {
  const rows = results.map((result) => [result.target, result.oneProcess.toFixed(0), result.twoProcesses.toFixed(0), `${result.ratio.toFixed(2)}x`]);
  return table(['page', '1 process req/s', '2 processes req/s', '1 → 2'], rows);
}

/** A dynamic target's throughput as a share of the static baseline's. */
export function ratio(result: LoadResult, baseline: LoadResult | undefined): number {
  return baseline && baseline.requestsPerSec > 0 ? result.requestsPerSec / baseline.requestsPerSec : 0;
}

export function ratioLines(results: LoadResult[], baseline: LoadResult | undefined): string {
  if (!baseline) return '';
  const dynamic = results.filter((result) => result.kind === 'dynamic');
  const parts = dynamic.map((result) => `${targetLabel(result)} = ${ratio(result, baseline).toFixed(2)}x static`);
  return `${parts.join(', ')}  (baseline ${baseline.path}, ${baseline.requestsPerSec.toFixed(0)} req/s)`;
}

export function jsTable(js: JsWeight, top = 12): string {
  const header = ['file', 'raw', 'gzip -9', 'sent', 'encoding'];
  const rows = js.files.slice(0, top).map((file) => [file.path, kb(file.rawBytes), kb(file.gzipBytes), kb(file.transferredBytes), file.encoding]);
  if (js.files.length > top) rows.push([`… ${js.files.length - top} more files`, '', '', '', '']);
  if (js.inline.count > 0) {
    rows.push([`${js.inline.count} inline <script>`, kb(js.inline.rawBytes), kb(js.inline.gzipBytes), '(in HTML)', '']);
  }
  rows.push(['TOTAL', kb(js.total.rawBytes), kb(js.total.gzipBytes), kb(js.total.transferredBytes), '']);
  return table(header, rows);
}

export function htmlLine(html: HtmlSize): string {
  return `HTML of /: ${kb(html.rawBytes)} raw, ${kb(html.transferredBytes)} transferred (${html.encoding})`;
}

export function logLines(logs: LogSummary): string {
  const counts = `server log: ${logs.stdoutLines} lines, ${logs.warnings} warnings, ${logs.errors} errors; stderr: ${logs.stderrLines} lines`;
  return [counts, ...logs.samples.map((sample) => `  ${sample}`)].join('\n');
}

/** Header line, table of medians, then the failing audits of each page. */
export function lighthouseLines(report: LighthouseReport): string {
  const cpu = report.benchmarkIndex === null ? '' : `, CPU benchmark index ${report.benchmarkIndex.toFixed(0)}`;
  const title = `Lighthouse ${report.lighthouseVersion ?? '?'}, mobile, medians of ${report.runsPerPage} run(s)${cpu}; simulated slow 4G: compare runs, not absolutes`;
  return [title, lighthouseTable(report), '', failingAuditLines(report)].join('\n');
}

function lighthouseTable(report: LighthouseReport): string {
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'TBT ms', 'LCP s', 'CLS', 'SI s', 'runs'];
  const score = (value: number | null) => (value === null ? '–' : (value * 100).toFixed(0));
  const fixed = (value: number | null, divisor: number, digits: number) => (value === null ? '–' : (value / divisor).toFixed(digits));
  const rows = report.pages.map(({ path, scores, metrics, runs, errors }) => [
    path,
    score(scores.performance),
    score(scores.accessibility),
    score(scores['best-practices']),
    score(scores.seo),
    fixed(metrics.tbtMs, 1, 0),
    fixed(metrics.lcpMs, 1000, 2),
    fixed(metrics.cls, 1, 3),
    fixed(metrics.speedIndexMs, 1000, 2),
    errors.length > 0 ? `${runs} ok, ${errors.length} failed` : String(runs),
  ]);
  return table(header, rows);
}

/** Per page, the worst audits (score < 0.9) with Lighthouse's titles: what to fix first. */
function failingAuditLines(report: LighthouseReport, top = 8): string {
  const lines: string[] = [];
  for (const page of report.pages) {
    const shown = page.failingAudits.slice(0, top);
    const more = page.failingAudits.length - shown.length;
    lines.push(`${page.path}: ${page.failingAudits.length === 0 ? 'no failing audits' : 'failing audits'}`);
    for (const audit of shown) {
      const score = audit.score === null ? 'err' : (audit.score * 100).toFixed(0).padStart(3);
      const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
      lines.push(`  ${score}  [${audit.category}] ${audit.title}${value}  (${audit.id})`);
      for (const resource of audit.resources) lines.push(`         ${resource}`);
    }
    if (more > 0) lines.push(`  … ${more} more in bench-results/latest.json`);
    for (const warning of page.warnings) lines.push(`  warning: ${warning}`);
    for (const error of page.errors) lines.push(`  error: ${error}`);
  }
  return lines.join('\n');
}

export function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Left-aligns the first column (names) and the columns in `textColumns`, right-aligns the figures. */
export function table(header: string[], rows: string[][], textColumns: number[] = []): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const left = new Set([0, ...textColumns]);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (left.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}
