/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
  }

  export interface Result {
    /** Requests completed per one-second sample. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    /** Bytes per one-second sample. */
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: Options): EventEmitter & Promise<Result>;
  export default autocannon;
}
