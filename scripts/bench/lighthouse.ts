/**
 * Lighthouse on a few storefront pages, in headless Chromium, N runs each, medians kept.
 *
 * Lighthouse's default mobile configuration loads the page once unthrottled, then
 * *simulates* a mid-range phone on slow 4G (150 ms RTT, 1.6 Mbit/s, 4x CPU slowdown) to
 * compute the metrics. The figures are therefore comparable between runs of this bench,
 * not what a real phone would see, and the shared machine still adds noise: hence medians.
 *
 * Each run is a separate `lighthouse` CLI process with a fresh Chromium profile (cold
 * cache), so one run cannot warm the next. Its JSON report stays in bench-results/lighthouse/
 * and opens in https://googlechrome.github.io/lighthouse/viewer/.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Result } from 'lighthouse';
import { getRaw } from './http.ts';
import { median } from './load.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Lab metrics kept from each run: audit id → what the report calls it. */
export const METRICS = {
  'total-blocking-time': 'tbtMs',
  'largest-contentful-paint': 'lcpMs',
  'cumulative-layout-shift': 'cls',
  'speed-index': 'speedIndexMs',
} as const;
export type Metric = (typeof METRICS)[keyof typeof METRICS];

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const RUN_TIMEOUT_MS = 180_000;
/** Lighthouse's own threshold: an audit scoring 0.9 or more passes. */
const PASSING = 0.9;

export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** Median score (0–1) over the runs, or null when the audit errored. */
  score: number | null;
  displayValue: string;
}

export interface PageResult {
  path: string;
  /** Successful runs; the medians below are over these. */
  runs: number;
  errors: string[];
  scores: Record<Category, number | null>;
  metrics: Record<Metric, number | null>;
  failingAudits: FailingAudit[];
  warnings: string[];
  reports: string[];
}

export interface LighthouseReport {
  lighthouseVersion: string | null;
  chromium: string | null;
  /** Lighthouse's CPU benchmark of this machine (median); under ~1000 it warns the CPU is slow. */
  benchmarkIndex: number | null;
  runsPerPage: number;
  pages: PageResult[];
}

/** `/`, then `/products`, a product and a blog post when the server has them. */
export async function pagesToAudit(origin: string): Promise<string[]> {
  const product = await firstOf(origin, '/api/products?per_page=1', 'products', 'id');
  const blog = await firstOf(origin, '/api/blogs?per_page=1', 'blogs', 'slug');
  const candidates = [
    '/products',
    ...(product === undefined ? [] : [`/products/${encodeURIComponent(product)}/details`]),
    ...(blog === undefined ? [] : [`/blog/${encodeURIComponent(blog)}`]),
  ];
  const pages = ['/'];
  for (const candidate of candidates) {
    const { status } = await getRaw(origin + candidate);
    if (status === 200) pages.push(candidate);
    else console.warn(`Lighthouse: skipping ${candidate} (answered ${status})`);
  }
  return pages;
}

/** `data[list][0][field]` of a JSON API answer, or undefined when the endpoint is not there (yet). */
async function firstOf(origin: string, apiPath: string, list: string, field: string): Promise<string | undefined> {
  const response = await getRaw(origin + apiPath);
  if (response.status !== 200) {
    console.warn(`Lighthouse: ${apiPath} answered ${response.status}`);
    return undefined;
  }
  const body = JSON.parse(response.body.toString('utf8')) as { data?: Record<string, unknown> };
  const items = body.data?.[list];
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  const value = first && typeof first === 'object' ? (first as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Audits every page `runs` times, interleaved (A B C, A B C) like the load test. */
export async function runLighthouse(origin: string, pages: string[], runs: number, outDir: string) {
  const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (set CHROMIUM_PATH)`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const results = pages.map(() => ({ lhrs: [] as Result[], errors: [] as string[], reports: [] as string[] }));
  for (let run = 1; run <= runs; run += 1) {
    for (const [index, page] of pages.entries()) {
      console.log(`  lighthouse ${run}/${runs}: ${page}`);
      const file = path.join(outDir, `${slug(page)}-${run}.json`);
      const result = results[index];
      try {
        const lhr = await auditOnce(origin + page, file, chromePath);
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        result?.lhrs.push(lhr);
        result?.reports.push(file);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`  lighthouse ${page} run ${run} failed: ${message}`);
        result?.errors.push(message);
      }
    }
  }
  const all = results.flatMap((result) => result.lhrs);
  const report: LighthouseReport = {
    lighthouseVersion: all[0]?.lighthouseVersion ?? null,
    chromium: all[0]?.environment.hostUserAgent ?? null,
    benchmarkIndex: medianOrNull(all.map((lhr) => lhr.environment.benchmarkIndex)),
    runsPerPage: runs,
    pages: pages.map((page, index) => summarize(page, results[index] ?? { lhrs: [], errors: [], reports: [] })),
  };
  return report;
}

async function auditOnce(url: string, file: string, chromePath: string): Promise<Result> {
  const args = [
    CLI,
    url,
    '--output=json',
    `--output-path=${file}`,
    '--quiet',
    '--form-factor=mobile', // the default, stated: simulated throttling of a slow-4G phone
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  // SIGINT on timeout: the CLI then closes its Chromium instead of orphaning it.
  await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: chromePath },
    timeout: RUN_TIMEOUT_MS,
    killSignal: 'SIGINT',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(readFileSync(file, 'utf8')) as Result;
}

function summarize(page: string, { lhrs, errors, reports }: { lhrs: Result[]; errors: string[]; reports: string[] }) {
  const pick = (value: (lhr: Result) => number | null | undefined) => medianOrNull(lhrs.map(value));
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, pick((lhr) => lhr.categories[category]?.score)]),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([audit, name]) => [name, pick((lhr) => lhr.audits[audit]?.numericValue)]),
  ) as Record<Metric, number | null>;
  const warnings = [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings))];
  return { path: page, runs: lhrs.length, errors, scores, metrics, failingAudits: failing(lhrs), warnings, reports };
}

/** Audits whose median score is under 0.9 (or that errored), worst and heaviest first. */
function failing(lhrs: Result[]): FailingAudit[] {
  const last = lhrs.at(-1);
  if (!last) return [];
  const audits: (FailingAudit & { weight: number })[] = [];
  for (const category of CATEGORIES) {
    for (const ref of last.categories[category]?.auditRefs ?? []) {
      const audit = last.audits[ref.id];
      if (!audit || audits.some((known) => known.id === ref.id)) continue;
      const score = medianOrNull(lhrs.map((lhr) => lhr.audits[ref.id]?.score));
      const errored = audit.scoreDisplayMode === 'error';
      if (!errored && (score === null || score >= PASSING)) continue;
      const displayValue = errored ? (audit.errorMessage ?? 'error') : (audit.displayValue ?? '');
      audits.push({ id: ref.id, title: audit.title, category, score, displayValue, weight: ref.weight });
    }
  }
  audits.sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || b.weight - a.weight);
  return audits.map(({ weight: _weight, ...audit }) => audit);
}

function medianOrNull(values: (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length > 0 ? median(present) : null;
}

function slug(page: string): string {
  return page === '/' ? 'home' : page.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '');
}
