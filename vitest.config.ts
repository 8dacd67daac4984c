import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs on PGlite always, and on PostgreSQL too when scripts/test-all.sh
// (or the developer) provides TEST_DATABASE_URL pointing at a server it may create databases on.
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Files that start real processes on embedded databases of their own (the operator commands,
 * the data directory lock, the production scripts on plain Node) and never open the project's
 * test database: the same test on either project, so they run once, with PGlite's.
 */
const OWN_PROCESSES = ['src/server/cli/*.test.ts', 'src/server/db/lock.test.ts', 'src/server/db/plain-node.test.ts'];

/**
 * The pages' data loaders, tested against a mocked API client (vi.mock of pages/page-api):
 * no database, so they run once, isolated, with the unit tests.
 */
const PAGE_DATA = ['src/server/page-data/**/*.test.ts'];

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...PAGE_DATA, ...(database === 'postgres' ? OWN_PROCESSES : [])],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console.ts'],
    env: { TEST_DB: database },
    // Files share a worker's loaded modules instead of importing the app afresh each (the
    // whole PGlite project: 587 s isolated, 312 s shared). Each file still opens its own
    // database (tests/support/database.ts) and its own app (tests/support/app.ts); the app's
    // caches are kept per database (cache.ts); spies are restored after each test, and timers,
    // stubbed variables and globals after each file (tests/support/fail-on-console.ts). Files
    // that mock modules need a module graph of their own: they are in the unit project.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  // The `@/` and `@tests/` aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one on a 2-core machine.
    // Two overlap a file's database waits with another's work (cart and orders files on
    // PGlite: 84 s with one worker, 75 s with two; the PostgreSQL server runs beside them).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/lib/**/*.test.ts', 'src/stores/**/*.test.ts', 'scripts/**/*.test.ts', ...PAGE_DATA],
          setupFiles: ['tests/support/fail-on-console.ts'],
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(postgresUrl ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
