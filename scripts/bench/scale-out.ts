/**
 * 1 → 2 processes on one PostgreSQL: each page is loaded through one server process, then
 * through two processes at once (the same connections each), and the combined throughput
 * compared. What serialises requests across processes (a row every request writes, a lock)
 * shows as a ratio near 1; independent work approaches the machine's spare cores.
 */
import autocannon from 'autocannon';
import { loadHeaders, targetLabel, type LoadOptions, type Target } from './load.ts';

export interface ScaleOutResult {
  target: string;
  /** Median one-second throughput through one process. */
  oneProcess: number;
  /** The two processes' medians added, loaded at the same time. */
  twoProcesses: number;
  ratio: number;
}

/** Connections per process, as the figures this answers were measured with. */
export const SCALE_OUT_CONNECTIONS = 16;

async function load(origin: string, target: Target, seconds: number): Promise<number> {
  const result = await autocannon({
    url: origin + target.path,
    connections: SCALE_OUT_CONNECTIONS,
    duration: seconds,
    headers: loadHeaders(target.cookie),
  });
  return result.requests.p50;
}

export async function measureScaleOut(first: string, second: string, targets: Target[], options: LoadOptions): Promise<ScaleOutResult[]> {
  const results: ScaleOutResult[] = [];
  for (const target of targets) {
    console.log(`  1 → 2 processes: ${targetLabel(target)}`);
    if (options.warmup > 0) await Promise.all([load(first, target, options.warmup), load(second, target, options.warmup)]);
    const oneProcess = await load(first, target, options.duration);
    const [a, b] = await Promise.all([load(first, target, options.duration), load(second, target, options.duration)]);
    const twoProcesses = a + b;
    results.push({ target: targetLabel(target), oneProcess, twoProcesses, ratio: oneProcess > 0 ? twoProcesses / oneProcess : 0 });
  }
  return results;
}
