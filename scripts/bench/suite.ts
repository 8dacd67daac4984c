/**
 * The page-load suite of one running server: throughput of `/`, the other guest pages of
 * the page cache and `/api/master` against static files (autocannon), the JavaScript `/`
 * ships, and Lighthouse.
 */
import path from 'node:path';
import { encodingOf, getOk } from './http.ts';
import { measureJs, pageScripts } from './js-weight.ts';
import { firstOf, pagesToAudit, runLighthouse } from './lighthouse.ts';
import type { LighthouseReport } from './lighthouse-summary.ts';
import { BROWSER_ENCODING, type LoadOptions, measureAll, type Target } from './load.ts';

export interface SuiteOptions extends LoadOptions {
  rounds: number;
  /** Lighthouse runs per page; 0 skips Lighthouse. */
  lighthouseRuns: number;
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
    ...(await guestPages(origin)).map((pagePath) => ({ path: pagePath, kind: 'dynamic' as const })),
    { path: '/api/master', kind: 'dynamic' },
  ];
  return { html, htmlSize, targets };
}

/** The guest pages of docs/decisions/018-page-cache.md besides `/`: a listing, a category, a product, a shop and a blog post, as the seed has them. */
async function guestPages(origin: string): Promise<string[]> {
  const [category, product, shop, blog] = await Promise.all([
    firstOf(origin, '/api/categories', 'categories', 'slug'),
    firstOf(origin, '/api/products?per_page=1', 'products', 'id'),
    firstOf(origin, '/api/shops?per_page=1', 'shops', 'id'),
    firstOf(origin, '/api/blogs?per_page=1', 'blogs', 'slug'),
  ]);
  return [
    '/products',
    ...(category === undefined ? [] : [`/categories/${encodeURIComponent(category)}`]),
    ...(product === undefined ? [] : [`/products/${encodeURIComponent(product)}/details`]),
    ...(shop === undefined ? [] : [`/shops/${encodeURIComponent(shop)}`]),
    ...(blog === undefined ? [] : [`/blog/${encodeURIComponent(blog)}`]),
  ];
}

export async function benchmark(origin: string, options: SuiteOptions, resultsDir: string) {
  const { html, htmlSize, targets } = await inspectHome(origin);
  const javascript = await measureJs(`${origin}/`, html);
  console.log(`\nLoad: ${options.connections} connections, ${options.rounds} round(s), ${BROWSER_ENCODING}`);
  const load = await measureAll(origin, targets, options, options.rounds);
  const lighthouse = options.lighthouseRuns > 0 ? await lighthouseOf(origin, options.lighthouseRuns, path.join(resultsDir, 'lighthouse')) : null;
  return { htmlSize, javascript, load, lighthouse };
}

export type Measured = Awaited<ReturnType<typeof benchmark>>;

/** Lighthouse's figures, or why there are none: a broken Chromium should not cost the load figures. */
async function lighthouseOf(origin: string, runs: number, dir: string): Promise<LighthouseReport | { error: string }> {
  try {
    const pages = await pagesToAudit(origin);
    console.log(`\nLighthouse (mobile, simulated slow 4G): ${pages.join(', ')}, ${runs} run(s) each`);
    return await runLighthouse(origin, pages, runs, dir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Lighthouse failed, the other figures stand: ${message}`);
    process.exitCode = 1;
    return { error: message };
  }
}
