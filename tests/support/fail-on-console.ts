import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/** A warning or error logged during a test fails it (docs/product.md §10, Tests). */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ['warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (logged.length) throw new Error(`Unexpected log output during the test:\n${logged.join('\n')}`);
});

// The API projects share a worker's modules between files (vitest.config.ts `isolate: false`):
// whatever a file switched on for itself is switched off before the next file runs there.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
