/**
 * The demo-data seed: `npm run db:seed -- [--products N] [--if-empty]` (plain Node 24).
 *
 * - Empty database: seeds site settings and a catalogue of N products (default 600).
 * - `--if-empty`: leaves a database that already has settings alone, so `npm start` can
 *   run it every time. Missing image files are still drawn, because uploads live on each
 *   machine's disk while the database may be a shared PostgreSQL.
 * - Seeded database without `--if-empty`: adds seeded products until there are N (the
 *   `--products 100000` benchmark), continuing their numbering, and touches nothing else.
 *   Asking for fewer products than exist changes nothing: the seed never deletes.
 *
 * Everything runs in one transaction, so an interrupted seed leaves no half catalogue
 * that `--if-empty` would then mistake for a finished one.
 */
import { count, sql } from 'drizzle-orm';
import { env } from '../env.ts';
import { categories, settings } from '../db/schema/index.ts';
import { countRows, DEFAULT_PRODUCTS, ensureImages, seedBase, seedCatalog, seedImageSpecs, topUpProducts } from '../db/seed/index.ts';
import { parseArguments, runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = 'Usage: npm run db:seed -- [--products N] [--if-empty]';

/** Any constant works, as long as nothing else takes the same advisory lock. */
const SEED_LOCK = 74_201_001;

function parseOptions() {
  const { values } = parseArguments({ options: { products: { type: 'string' }, 'if-empty': { type: 'boolean', default: false } } });
  const products = values.products === undefined ? DEFAULT_PRODUCTS : Number(values.products);
  if (!Number.isSafeInteger(products) || products < 1) throw new UsageError(`--products must be a positive whole number, got "${values.products}"`);
  return { products, ifEmpty: values['if-empty'] ?? false };
}

await runCommand(USAGE, async () => {
  const started = performance.now();
  const options = parseOptions();
  const { DATA_DIR, SEED_IMAGES_DIR } = env();
  // The database is opened first: on the embedded database this takes the data
  // directory's lock, so a second process is refused before it draws any file.
  await withDatabase(async (handle) => {
    const drawn = await ensureImages(DATA_DIR, seedImageSpecs(), SEED_IMAGES_DIR);
    const { db } = handle;
    const now = new Date();
    const onProgress =
      process.stderr.isTTY && options.products >= 20_000
        ? (done: number) => {
            if (done % 10_000 < 1000) process.stderr.write(`  ${done} products\r`);
          }
        : undefined;
    let changed = false;
    const action = await db.transaction(async (tx) => {
      // Several servers sharing PostgreSQL may start at once: the lock makes the others
      // wait, and they then find the database seeded instead of failing on duplicates.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const [settingsRow] = await tx.select({ n: count() }).from(settings);
      const [categoryRow] = await tx.select({ n: count() }).from(categories);
      const hasSettings = (settingsRow?.n ?? 0) > 0;
      if (hasSettings && options.ifEmpty) return 'skipped, database already seeded';
      changed = true;
      if (!hasSettings) await seedBase(tx);
      if ((categoryRow?.n ?? 0) === 0) {
        await seedCatalog(tx, { products: options.products, now, ...(onProgress ? { onProgress } : {}) });
        return hasSettings ? 'seeded the catalogue' : 'seeded';
      }
      const added = await topUpProducts(tx, options.products, { now, ...(onProgress ? { onProgress } : {}) });
      return added ? `added ${added} products` : `nothing to add, already ${options.products}+ products`;
    });
    // Fresh planner statistics, so listings and searches use their indexes at once:
    // PGlite runs no autovacuum, and PostgreSQL's would analyze the new rows only later.
    // On PGlite also VACUUM: the seed's rating updates leave about half the product rows
    // dead, which doubled index-driven counts at 100,000 products (bench, EXPLAIN).
    if (changed) await db.execute(handle.dialect === 'pglite' ? sql`VACUUM ANALYZE` : sql`ANALYZE`);
    const c = await countRows(db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seed (${handle.dialect}) ${action}: ${c.shops} shops, ${c.categories} categories, ${c.subCategories} sub-categories, ${c.brands} brands, ` +
        `${c.products} products, ${c.reviews} reviews, ${c.users} users, ${c.flashSales} flash sales, ${c.vouchers} vouchers, ${c.blogs} blog posts, ` +
        `${c.legalPages} pages, ${drawn} image files drawn, in ${seconds} s`,
    );
  });
});
