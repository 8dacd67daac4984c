/**
 * Which seeded databases a run measures. Default: one, the data directory's PGlite (or
 * DATABASE_URL's server). --growth: one per size of GROWTH_SIZES, each in a directory
 * (and, with --postgres, a database) of its own kept between runs. --postgres: the
 * bench's own cluster (postgres.ts), started here and stopped by the run's clean-up.
 */
import path from 'node:path';
import { startCluster } from './postgres.ts';
import type { SeedDatabase } from './server.ts';

/** The catalogue sizes --growth compares: the ratio of the last to the first is the growth. */
export const GROWTH_SIZES = [1_000, 100_000] as const;

export interface Dataset {
  /** What the seed is asked for; undefined keeps the seed's default (--if-empty). */
  products: number | undefined;
  dataDir: string;
  /** PostgreSQL to seed and serve from; null runs PGlite in `dataDir`. */
  database: SeedDatabase | null;
  engine: 'pglite' | 'postgresql';
  /** Names the server's log files. */
  name: string;
}

export interface DatasetOptions {
  growth: boolean;
  postgres: boolean;
  products: number | undefined;
  fresh: boolean;
  dataDir: string;
}

export async function datasetsFor(options: DatasetOptions, resultsDir: string): Promise<Dataset[]> {
  const sizes: (number | undefined)[] = options.growth ? [...GROWTH_SIZES] : [options.products];
  const growthDir = path.resolve(resultsDir, 'growth');
  const label = (products: number | undefined) => String(products ?? 'default');

  if (options.postgres) {
    const cluster = await startCluster(path.join(growthDir, 'postgres-cluster'), options.fresh);
    const datasets: Dataset[] = [];
    for (const products of sizes) {
      datasets.push({
        products,
        // Uploads (the seed's image files) and the seed marker; the rows are in the database.
        dataDir: options.growth ? path.join(growthDir, `postgres-${label(products)}`) : `${options.dataDir}-postgres`,
        database: await cluster.database(`bench_${label(products)}`),
        engine: 'postgresql',
        name: `server-postgres-${label(products)}`,
      });
    }
    return datasets;
  }

  if (options.growth) {
    if (process.env['DATABASE_URL']) console.warn('--growth without --postgres measures PGlite: DATABASE_URL is ignored.');
    return sizes.map((products) => ({
      products,
      dataDir: path.join(growthDir, `pglite-${label(products)}`),
      database: null,
      engine: 'pglite',
      name: `server-pglite-${label(products)}`,
    }));
  }

  // One dataset, as before --growth existed: DATABASE_URL, when set, is a server of the
  // caller's that the bench only tops up, never empties.
  const external = process.env['DATABASE_URL'];
  return [
    {
      products: options.products,
      dataDir: options.dataDir,
      database: external ? { url: external, identity: externalIdentity(external), reset: async () => {} } : null,
      engine: external ? 'postgresql' : 'pglite',
      name: 'server',
    },
  ];
}

/** Host and database of a URL, without its credentials. */
function externalIdentity(url: string): string {
  try {
    const parsed = new URL(url);
    return `external:${parsed.host}${parsed.pathname}`;
  } catch {
    return 'external';
  }
}
