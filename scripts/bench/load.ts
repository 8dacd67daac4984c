/**
 * Load generation with autocannon, bounded and against 127.0.0.1 only. Throughput is the
 * median of the one-second samples: on a shared machine a median resists the odd stall
 * better than a mean.
 */
import autocannon, { type Result } from 'autocannon';
import { encodingOf, getOk, type RawResponse } from './http.ts';

/** What a browser sends; the server then picks its pre-compressed or on-the-fly encoding. */
export const BROWSER_ENCODING = 'br, gzip';

export interface LoadOptions {
  connections: number;
  /** Seconds measured per target. */
  duration: number;
  /** Seconds of load before measuring, not counted. */
  warmup: number;
}

export interface Target {
  path: string;
  kind: 'static' | 'dynamic';
  /** Who asks: a guest, or the demo shopper signed in (their session cookie sent). */
  viewer?: 'guest' | 'signed-in';
  cookie?: string;
}

export interface LoadResult extends Target {
  contentType: string;
  encoding: string;
  /** Body bytes of one response as transferred. */
  responseBytes: number;
  requestsPerSec: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The server process's CPU time per measured request (ms; warm-up excluded), when known. */
  cpuMsPerRequest: number | null;
  /** JavaScript the page loads before any interaction (brotli bytes, js-weight.ts), for pages. */
  jsBytes?: number;
}

type Measurement = Pick<LoadResult, 'requestsPerSec' | 'latencyMeanMs' | 'latencyP50Ms' | 'latencyP99Ms' | 'requests' | 'non2xx' | 'errors' | 'timeouts' | 'cpuMsPerRequest'>;

/** The server's CPU time so far (ms), or null where it cannot be read (bench/server.ts cpuMs). */
export type CpuClock = () => number | null;

/**
 * Measures every target `rounds` times, interleaved (A B C, A B C) so that a slow spell on
 * the shared machine hits all targets alike, and keeps the median of each figure.
 */
export async function measureAll(origin: string, targets: Target[], options: LoadOptions, rounds: number, cpu: CpuClock = () => null) {
  // One plain request first: a target that does not answer 200 is not worth loading.
  const probes: RawResponse[] = [];
  for (const target of targets) probes.push(await getOk(origin + target.path, BROWSER_ENCODING, target.cookie));

  const runs = targets.map((): Measurement[] => []);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, target] of targets.entries()) {
      console.log(`  round ${round}/${rounds}: ${targetLabel(target)} (${options.warmup} s warm-up + ${options.duration} s)`);
      runs[index]?.push(await measureOnce(origin + target.path, options, target.cookie, cpu));
    }
  }
  return targets.map((target, index): LoadResult => {
    const probe = probes[index];
    return {
      ...target,
      contentType: probe?.headers['content-type'] ?? '',
      encoding: probe ? encodingOf(probe) : '',
      responseBytes: probe?.body.length ?? 0,
      ...combine(runs[index] ?? []),
    };
  });
}

/** A page (not a static file, not the API): its JavaScript is measured, and it joins the scale-out. */
export const isPageTarget = (target: Target) => target.kind === 'dynamic' && !target.path.startsWith('/api/');

/** The headers every load sends: a browser's encodings, and the target's session cookie when signed in. */
export const loadHeaders = (cookie: string | undefined): Record<string, string> => ({ 'accept-encoding': BROWSER_ENCODING, ...(cookie ? { cookie } : {}) });

/** A target as the tables name it: its path, and who asks when signed in. */
export const targetLabel = (target: Target) => (target.viewer === 'signed-in' ? `${target.path} (signed in)` : target.path);

async function measureOnce(url: string, options: LoadOptions, cookie: string | undefined, cpu: CpuClock): Promise<Measurement> {
  const headers = loadHeaders(cookie);
  // A signed-in page is built from the guest copy when the page cache holds one fresh
  // (docs/decisions/018-page-cache.md), as it does for a page guests are reading: one
  // guest's request first, as on a shop with visitors. A run longer than the copy's
  // minute measures full renders after it.
  if (cookie) await fetch(url, { headers: loadHeaders(undefined) }).then((response) => response.arrayBuffer());
  // The warm-up is a run of its own, so the CPU read around the measured run is that run's alone.
  if (options.warmup > 0) await autocannon({ url, connections: options.connections, duration: options.warmup, headers });
  const cpuBefore = cpu();
  const result: Result = await autocannon({ url, connections: options.connections, duration: options.duration, headers });
  const cpuAfter = cpu();
  const cpuMsPerRequest = cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (cpuAfter - cpuBefore) / result.requests.total;
  return {
    cpuMsPerRequest,
    requestsPerSec: result.requests.p50,
    latencyMeanMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function combine(runs: Measurement[]): Measurement {
  const sum = (pick: (run: Measurement) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    requestsPerSec: median(runs.map((run) => run.requestsPerSec)),
    latencyMeanMs: median(runs.map((run) => run.latencyMeanMs)),
    latencyP50Ms: median(runs.map((run) => run.latencyP50Ms)),
    latencyP99Ms: median(runs.map((run) => run.latencyP99Ms)),
    requests: sum((run) => run.requests),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    cpuMsPerRequest: runs.some((run) => run.cpuMsPerRequest === null) ? null : median(runs.map((run) => run.cpuMsPerRequest ?? 0)),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The static file served fastest: the ceiling this server reaches for a trivial response. */
export function staticBaseline(results: LoadResult[]): LoadResult | undefined {
  const statics = results.filter((result) => result.kind === 'static');
  return statics.reduce<LoadResult | undefined>((best, result) => (!best || result.requestsPerSec > best.requestsPerSec ? result : best), undefined);
}
