/**
 * Lighthouse reports boiled down: per page, the median of each category score and lab
 * metric over the runs, and the audits that fail (score < 0.9) with their titles.
 */
import type { Result } from 'lighthouse';
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

/** Lighthouse's own threshold: an audit scoring 0.9 or more passes. */
const PASSING = 0.9;

export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** Median score (0–1) over the runs, or null when the audit errored. */
  score: number | null;
  displayValue: string;
  /** The first few resources the audit blames (origin left out), when it names any. */
  resources: string[];
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

/** The reports of one page, as the runner collected them. */
export interface Runs {
  page: string;
  lhrs: Result[];
  /** Every failed attempt, retried or not. */
  errors: string[];
  reports: string[];
}

export function summarize(runs: Runs[], runsPerPage: number): LighthouseReport {
  const all = runs.flatMap((run) => run.lhrs);
  return {
    lighthouseVersion: all[0]?.lighthouseVersion ?? null,
    chromium: all[0]?.environment.hostUserAgent ?? null,
    benchmarkIndex: medianOrNull(all.map((lhr) => lhr.environment.benchmarkIndex)),
    runsPerPage,
    pages: runs.map(summarizePage),
  };
}

function summarizePage({ page, lhrs, errors, reports }: Runs): PageResult {
  const pick = (value: (lhr: Result) => number | null | undefined) => medianOrNull(lhrs.map(value));
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, pick((lhr) => lhr.categories[category]?.score)])) as Record<Category, number | null>;
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([audit, name]) => [name, pick((lhr) => lhr.audits[audit]?.numericValue)])) as Record<Metric, number | null>;
  const warnings = [...new Set(lhrs.flatMap((lhr) => lhr.runWarnings))];
  return { path: page, runs: lhrs.length, errors, scores, metrics, failingAudits: failing(lhrs), warnings, reports };
}

/**
 * Audits whose median score is under 0.9 (or that errored), worst and heaviest first. The
 * `hidden` group is left out, as in Lighthouse's own report: in 12.x it holds the new
 * "insight" audits, which repeat the diagnostics shown (render-blocking, image delivery).
 */
function failing(lhrs: Result[]): FailingAudit[] {
  const last = lhrs.at(-1);
  if (!last) return [];
  const audits: (FailingAudit & { weight: number })[] = [];
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of last.categories[category]?.auditRefs ?? []) {
      const audit = last.audits[ref.id];
      if (!audit || ref.group === 'hidden' || seen.has(ref.id)) continue;
      seen.add(ref.id);
      const score = medianOrNull(lhrs.map((lhr) => lhr.audits[ref.id]?.score));
      const errored = audit.scoreDisplayMode === 'error';
      if (!errored && (score === null || score >= PASSING)) continue;
      const displayValue = errored ? (audit.errorMessage ?? 'error') : (audit.displayValue ?? '');
      const resources = resourcesOf(audit.details, last.finalDisplayedUrl);
      audits.push({ id: ref.id, title: audit.title, category, score, displayValue, resources, weight: ref.weight });
    }
  }
  audits.sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || b.weight - a.weight);
  return audits.map(({ weight: _weight, ...audit }) => audit);
}

/** `details.items[].url` of an audit (opportunities and diagnostics list resources so). */
function resourcesOf(details: unknown, pageUrl: string, max = 3): string[] {
  const items: unknown = details && typeof details === 'object' ? (details as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return [];
  const origin = new URL(pageUrl).origin;
  const urls = items.map((item: unknown) => (item as { url?: unknown } | null)?.url);
  return urls
    .filter((url): url is string => typeof url === 'string')
    .slice(0, max)
    .map((url) => (url.startsWith(origin) ? url.slice(origin.length) : url));
}

function medianOrNull(values: (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length > 0 ? median(present) : null;
}
