/**
 * The page-load suite of one running server: throughput of `/`, the other guest pages of
 * the page cache and `/api/master` against static files (autocannon), the JavaScript `/`
 * ships, and Lighthouse.
 */
import path from 'node:path';
import { encodingOf, getOk } from './http.ts';
import { measureJs, measurePageJs, pageScripts } from './js-weight.ts';
import { DEMO_ACCOUNTS } from '../../src/lib/demo-accounts.ts';
import { firstOf, pagesToAudit, runLighthouse } from './lighthouse.ts';
import type { LighthouseReport } from './lighthouse-summary.ts';
import type { ScaleOutResult } from './scale-out.ts';
import { BROWSER_ENCODING, type CpuClock, isPageTarget, type LoadOptions, measureAll, type Target } from './load.ts';

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
  const pages = ['/', ...(await guestPages(origin))];
  const cookie = await signedInCookie(origin);
  // Signed in: the home, the listing and a product page (built from the guest copy, never served from the cache as it is).
  const signedIn = pages.filter((pagePath) => pagePath === '/' || pagePath === '/products' || pagePath.startsWith('/products/'));
  const targets: Target[] = [
    { path: '/favicon.svg', kind: 'static' },
    ...(asset ? [{ path: asset, kind: 'static' as const }] : []),
    ...pages.map((pagePath) => ({ path: pagePath, kind: 'dynamic' as const, viewer: 'guest' as const })),
    ...signedIn.map((pagePath) => ({ path: pagePath, kind: 'dynamic' as const, viewer: 'signed-in' as const, cookie })),
    { path: '/api/master', kind: 'dynamic' },
  ];
  return { html, htmlSize, targets };
}

/** The demo shopper's session cookie (the seed's customer account), for the signed-in pages. */
async function signedInCookie(origin: string): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.customer;
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ phone: email, password }),
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) throw new Error(`The demo shopper could not sign in (${response.status})`);
  return session.split(';')[0]!;
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

/** Reading pages without a cached-load row of their own; the blog post is in the load table. */
const CONTENT_PAGES = ['/blogs', '/about-us', '/privacy-policy', '/terms-and-conditions'];

export async function benchmark(origin: string, options: SuiteOptions, resultsDir: string, cpu?: CpuClock) {
  const { html, htmlSize, targets } = await inspectHome(origin);
  const javascript = await measureJs(`${origin}/`, html);
  console.log(`\nLoad: ${options.connections} connections, ${options.rounds} round(s), ${BROWSER_ENCODING}`);
  const measuredLoad = await measureAll(origin, targets, options, options.rounds, cpu);
  // Each page's JavaScript before interaction, as a guest gets it.
  const load = [];
  for (const result of measuredLoad) {
    load.push(isPageTarget(result) ? { ...result, jsBytes: (await measurePageJs(origin, result.path)).total.transferredBytes } : result);
  }
  // Pages that are only reading (the goal there is 5 kB): the blog list, the about and policy pages.
  const contentJs = [];
  for (const page of CONTENT_PAGES) contentJs.push({ path: page, jsBytes: (await measurePageJs(origin, page)).total.transferredBytes });
  const lighthouse = options.lighthouseRuns > 0 ? await lighthouseOf(origin, options.lighthouseRuns, path.join(resultsDir, 'lighthouse')) : null;
  // scaleOut is filled in on PostgreSQL, where a second process can share the database (run-dataset.ts).
  return { htmlSize, javascript, contentJs, load, lighthouse, scaleOut: null as ScaleOutResult[] | null };
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
