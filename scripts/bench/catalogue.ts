/**
 * Catalogue latency: how long one request to each listing, search, filter, sort, deep
 * page, product page and home takes on the running server.
 *
 * Requests are sent one at a time (no concurrency), over one kept-alive connection, a
 * fixed number per target, interleaved by rounds (A B C, A B C...). Why not autocannon
 * with one connection: it measures for a duration, so a slow target would get a handful
 * of samples while a fast one gets thousands, and its percentiles are whole
 * milliseconds. A fixed count gives every target the same sample size and sub-ms
 * figures, and the rounds spread a slow spell of the shared machine over all targets
 * instead of ruining one. Sequential requests measure latency without queueing.
 *
 * The server caches some things (facets of a scope 5 min, the unfiltered count 30 s,
 * categories 1 min): the median is the steady state a popular page sees. The first
 * request of each target, which may pay for a cache miss, is reported apart ("first").
 */
import http from 'node:http';
import { BROWSER_ENCODING, median } from './load.ts';
import { getOk } from './http.ts';

export interface CatalogueOptions {
  /** Measured requests per target. */
  requests: number;
  /** Unmeasured requests per target before, after the first. */
  warmups: number;
}

export interface CatalogueTarget {
  /** Stable name, the key of the growth comparison. */
  label: string;
  path: string;
  /** `products` targets are /api/products, whose statements the EXPLAIN step replays. */
  kind: 'products' | 'api' | 'html';
}

export interface CatalogueResult extends CatalogueTarget {
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** The target's first request, before any warm-up. */
  firstMs: number;
  samples: number;
  /** Answers other than 200, and network errors. */
  failures: number;
  /** Body bytes of the last answer, as transferred. */
  bytes: number;
  /** `data.total` of a listing: how many products match. */
  total: number | null;
}

/** Words of the seed's product names (taxonomy.ts): "organic" names ~2 % of them, "chronograph" ~0.2 %. */
export const COMMON_WORD = 'organic';
export const RARE_WORD = 'chronograph';
const SORTS = ['top_selling', 'popular_product', 'newest', 'just_for_you', 'high_to_low', 'low_to_high', 'best_deal'];

interface ApiBody<T> {
  data: T;
}
interface Facet {
  id: number;
  total: number;
}

async function json<T>(origin: string, path: string): Promise<T> {
  const response = await getOk(origin + path);
  return (JSON.parse(response.body.toString('utf8')) as ApiBody<T>).data;
}

const mostCommon = (facets: Facet[], what: string): number => {
  const best = [...facets].sort((a, b) => b.total - a.total || a.id - b.id)[0];
  if (!best) throw new Error(`The fashion category offers no ${what} to filter by`);
  return best.id;
};

/**
 * The targets, with ids read from the running server: the fashion category, its most
 * common brand, colour and size, and the most viewed product. Resolve them once (on the
 * smallest catalogue) and reuse the paths, so every size answers the same requests.
 */
export async function resolveTargets(origin: string): Promise<CatalogueTarget[]> {
  const { categories } = await json<{ categories: { id: number; slug: string }[] }>(origin, '/api/categories');
  const fashion = categories.find((category) => category.slug === 'fashion') ?? categories[0];
  if (!fashion) throw new Error('No category to filter by: is the database seeded?');
  const facets = await json<{ filters: { brands: Facet[]; colors: Facet[]; sizes: Facet[] } }>(origin, `/api/products?category_id=${fashion.id}&per_page=1`);
  const brand = mostCommon(facets.filters.brands, 'brand');
  const color = mostCommon(facets.filters.colors, 'colour');
  const size = mostCommon(facets.filters.sizes, 'size');
  const popular = await json<{ products: { id: number }[] }>(origin, '/api/products?sort_type=popular_product&per_page=1');
  const productId = popular.products[0]?.id;
  if (productId === undefined) throw new Error('No public product to open');

  const products = (label: string, query: string): CatalogueTarget => ({ label, path: `/api/products${query}`, kind: 'products' });
  return [
    products('products', ''),
    products(`search "${COMMON_WORD}" (common)`, `?search=${COMMON_WORD}`),
    products(`search "${RARE_WORD}" (rare)`, `?search=${RARE_WORD}`),
    products(`category ${fashion.slug}`, `?category_id=${fashion.id}`),
    products('brand+colour+size', `?brand_id=${brand}&color_id=${color}&size_id=${size}`),
    ...SORTS.map((sort) => products(`sort ${sort}`, `?sort_type=${sort}`)),
    products('deep page 500 x 20', '?page=500&per_page=20'),
    { label: 'product details', path: `/api/product-details?product_id=${productId}`, kind: 'api' },
    { label: 'home', path: '/api/home', kind: 'api' },
    { label: 'HTML /', path: '/', kind: 'html' },
    { label: 'HTML /products', path: '/products', kind: 'html' },
    { label: 'HTML product page', path: `/products/${productId}/details`, kind: 'html' },
  ];
}

interface Timed {
  ms: number;
  status: number;
  bytes: number;
}

function timedGet(url: string, agent: http.Agent): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { 'accept-encoding': BROWSER_ENCODING } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('error', reject);
      response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }));
    });
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`No answer within 60 s: ${url}`)));
  });
}

/** Hundredths of a millisecond: finer is noise, and latest.json stays readable. */
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function measureCatalogue(origin: string, targets: CatalogueTarget[], options: CatalogueOptions): Promise<CatalogueResult[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const state = targets.map(() => ({ samples: [] as number[], firstMs: 0, failures: 0, bytes: 0 }));
  const once = async (index: number): Promise<number | null> => {
    const target = targets[index];
    const entry = state[index];
    if (!target || !entry) return null;
    try {
      const timed = await timedGet(origin + target.path, agent);
      entry.bytes = timed.bytes;
      if (timed.status === 200) return timed.ms;
      if (entry.failures === 0) console.warn(`  ${target.path} answered ${timed.status}`);
    } catch (error) {
      if (entry.failures === 0) console.warn(`  ${target.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    entry.failures += 1;
    return null;
  };
  try {
    for (const [index, entry] of state.entries()) entry.firstMs = (await once(index)) ?? Number.NaN;
    const rounds = options.warmups + options.requests;
    for (let round = 1; round <= rounds; round += 1) {
      const measured = round > options.warmups;
      if (round === options.warmups + 1 || round % 10 === 0) {
        console.log(`  round ${round}/${rounds}${measured ? '' : ' (warm-up)'}`);
      }
      for (const [index, entry] of state.entries()) {
        const ms = await once(index);
        if (measured && ms !== null) entry.samples.push(ms);
      }
    }
  } finally {
    agent.destroy();
  }
  const totals = await Promise.all(targets.map((target) => (target.kind === 'products' ? listingTotal(origin, target.path) : null)));
  return targets.map((target, index): CatalogueResult => {
    const entry = state[index] ?? { samples: [], firstMs: Number.NaN, failures: 0, bytes: 0 };
    const { samples } = entry;
    return {
      ...target,
      medianMs: round(median(samples)),
      p95Ms: round(percentile(samples, 95)),
      minMs: round(samples.length ? Math.min(...samples) : 0),
      maxMs: round(samples.length ? Math.max(...samples) : 0),
      firstMs: round(entry.firstMs),
      samples: samples.length,
      failures: entry.failures,
      bytes: entry.bytes,
      total: totals[index] ?? null,
    };
  });
}

async function listingTotal(origin: string, path: string): Promise<number | null> {
  try {
    return (await json<{ total: number }>(origin, path)).total;
  } catch {
    return null;
  }
}
