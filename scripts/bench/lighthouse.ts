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
import { CATEGORIES, type LighthouseReport, type Runs, summarize } from './lighthouse-summary.ts';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const RUN_TIMEOUT_MS = 180_000;

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
export async function firstOf(origin: string, apiPath: string, list: string, field: string): Promise<string | undefined> {
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
export async function runLighthouse(origin: string, pages: string[], runs: number, outDir: string): Promise<LighthouseReport> {
  const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (set CHROMIUM_PATH)`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const results: Runs[] = pages.map((page) => ({ page, lhrs: [], errors: [], reports: [] }));
  for (let run = 1; run <= runs; run += 1) {
    for (const result of results) {
      console.log(`  lighthouse ${run}/${runs}: ${result.page}`);
      const file = path.join(outDir, `${slug(result.page)}-${run}.json`);
      const lhr = await auditWithRetry(origin + result.page, file, chromePath, result.errors);
      if (lhr) {
        result.lhrs.push(lhr);
        result.reports.push(file);
      }
    }
  }
  return summarize(results, runs);
}

/**
 * Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP), more so on a busy
 * machine: a failed run is tried once more, so the medians still rest on N runs.
 */
async function auditWithRetry(url: string, file: string, chromePath: string, errors: string[]) {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      return await auditOnce(url, file, chromePath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`    attempt ${attempt} failed: ${message}`);
      errors.push(message);
    }
  }
  return undefined;
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
  try {
    // SIGINT on timeout: the CLI then closes its Chromium instead of orphaning it.
    await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      timeout: RUN_TIMEOUT_MS,
      killSignal: 'SIGINT',
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    // The CLI's own words ("Runtime error encountered: …") rather than its whole command line.
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').split('\n');
    const reason = stderr.find((line) => /error/i.test(line)) ?? stderr.findLast((line) => line.trim() !== '');
    throw new Error(reason ?? (error instanceof Error ? error.message : String(error)));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Result;
}

function slug(page: string): string {
  return page === '/' ? 'home' : page.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '');
}
