/**
 * A PostgreSQL restart must never end the shop's process (docs/decisions/002-database-drizzle-pglite-postgres.md):
 *
 *   npm run db-restart [-- --shoppers 20 --seconds 3]
 *
 * Starts the production server on a PostgreSQL cluster of its own (bench/postgres.ts), with
 * `--shoppers` accounts each filling a cart and placing cash orders in a loop, then:
 *   1. restarts PostgreSQL under that load (`pg_ctl restart -m fast`: every connection is
 *      terminated) and measures how long until the same server process answers again;
 *   2. stops PostgreSQL for a moment and checks what a client sees meanwhile: the API a JSON
 *      503 with Retry-After, a page a plain "try again" page with 503; then starts it again
 *      and measures the recovery once more;
 *   3. checks that the server process never exited, no answer was a 5xx other than 503 or a
 *      non-JSON answer under /api, and every placement answered 200/201 is in the database
 *      with its orders.
 * Exits 1 on any violation or when the server takes longer than RECOVERY_LIMIT_MS to serve again.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { runCleanups } from './bench/cleanup.ts';
import { startCluster } from './bench/postgres.ts';
import { prepareBuild, prepareData, startServer, whileServing } from './bench/server.ts';
import { type Answer, call, cartCandidates, random, rows, signInShoppers, withDatabase } from './bench/shoppers.ts';

const ROOT = path.resolve('bench-results', 'db-restart');
const RUN_DATABASE = 'restart_run';
/** The same process must serve again this soon after PostgreSQL accepts connections again. */
const RECOVERY_LIMIT_MS = 10_000;

const { values } = parseArgs({ options: { shoppers: { type: 'string', default: '20' }, seconds: { type: 'string', default: '3' } } });
const SHOPPERS = Number(values.shoppers);
const LOAD_SECONDS = Number(values.seconds);

interface Placed {
  userId: number;
  paymentId: number;
}

async function main(): Promise<string[]> {
  const violations: string[] = [];
  const buildRoot = prepareBuild();
  const cluster = await startCluster(path.join(ROOT, 'postgres-cluster'), false);
  const template = await cluster.database('restart_template');
  await prepareData(path.join(ROOT, 'template'), { products: 200, fresh: false }, template);
  const databaseUrl = await cluster.copyDatabase('restart_template', RUN_DATABASE);
  const workDir = path.join(ROOT, 'run');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const target = { dataDir: workDir, databaseUrl };
  const emails = Array.from({ length: SHOPPERS }, (_, index) => `restart-${index + 1}@example.test`);
  const shoppers = await withDatabase(target, (db) => signInShoppers(db, emails, { address: true }));
  const candidates = await withDatabase(target, (db) => cartCandidates(db, 100));
  const next = random(7);

  const server = await startServer(workDir, ROOT, { databaseUrl: target.databaseUrl, buildRoot, name: 'db-restart' });
  const placed: Placed[] = [];
  const statuses = new Map<number, number>();
  const note = (what: string, answer: Answer) => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 0) violations.push(`${what}: no answer (${answer.error})`);
    else if (answer.status >= 500 && answer.status !== 503) violations.push(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);
    else if (answer.body === null || typeof answer.body.message !== 'string') violations.push(`${what}: ${answer.status} without the JSON envelope`);
  };

  await whileServing(server, async () => {
    let loading = true;
    const shopperLoop = async (shopper: (typeof shoppers)[number], index: number) => {
      for (let round = 0; loading; round += 1) {
        const line = candidates[Math.floor(next() * candidates.length)]!;
        const added = await call(server.origin, shopper.token, 'POST', '/cart/store', { product_id: line.productId, quantity: 1, ...line.choice });
        note('POST /cart/store', added);
        if (added.status !== 200) continue;
        const answer = await call(server.origin, shopper.token, 'POST', '/place-order', {
          shop_ids: [line.shopId],
          address_id: shopper.addressId,
          payment_method: 'cash',
          idempotency_key: `restart-${index}-${round}`,
        });
        note('POST /place-order', answer);
        const paymentId = (answer.body?.data as { payment_id?: number } | undefined)?.payment_id;
        if ((answer.status === 200 || answer.status === 201) && paymentId) placed.push({ userId: shopper.userId, paymentId });
        await sleep(100);
      }
    };
    const load = Promise.all(shoppers.map(shopperLoop));
    const token = shoppers[0]!.token;
    const servesAgain = async (from: number): Promise<number> => {
      for (;;) {
        const answer = await call(server.origin, token, 'GET', '/orders');
        if (answer.status === 200) return performance.now() - from;
        if (performance.now() - from > RECOVERY_LIMIT_MS * 3) return Number.POSITIVE_INFINITY;
        await sleep(50);
      }
    };

    await sleep(LOAD_SECONDS * 1000);
    const beforeRestart = placed.length;
    cluster.restart();
    const afterRestart = await servesAgain(performance.now());
    await sleep(LOAD_SECONDS * 1000);
    const placedAfter = placed.length - beforeRestart;

    cluster.pause();
    const api = await call(server.origin, token, 'GET', '/orders');
    const page = await fetch(`${server.origin}/products`);
    const pageText = await page.text();
    cluster.resume();
    const afterResume = await servesAgain(performance.now());
    const pageBack = await fetch(`${server.origin}/products`);
    loading = false;
    await load;

    if (!server.alive()) violations.push('the server process exited');
    if (afterRestart > RECOVERY_LIMIT_MS) violations.push(`after the restart the server took ${afterRestart} ms to serve again`);
    if (afterResume > RECOVERY_LIMIT_MS) violations.push(`after the stop the server took ${afterResume} ms to serve again`);
    if (placedAfter === 0) violations.push('no order was placed after the restart');
    if (api.status !== 503 || !api.body?.message) violations.push(`the API answered ${api.status} ${JSON.stringify(api.body)} while PostgreSQL was stopped, not a JSON 503`);
    if (page.status !== 503 || !/text\/html/.test(page.headers.get('content-type') ?? '') || !/Try again/.test(pageText) || page.headers.get('retry-after') === null)
      violations.push(`a page answered ${page.status} (${page.headers.get('content-type')}) while PostgreSQL was stopped, not the "try again" page`);
    if (pageBack.status !== 200) violations.push(`/products answered ${pageBack.status} once PostgreSQL was back`);
    console.log(
      `${SHOPPERS} shoppers, ${placed.length} orders placed (${placedAfter} after the restart); ` +
        `served again ${Math.round(afterRestart)} ms after the restart and ${Math.round(afterResume)} ms after the stop; ` +
        `answers by status: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}`,
    );
  });

  // Every acknowledged placement is in the database, with its orders.
  await withDatabase(target, async (db) => {
    const ids = placed.map((item) => item.paymentId);
    const found = ids.length
      ? await rows<{ id: number; user_id: number; orders: number }>(
          db,
          // The ids are numbers this script read from JSON answers.
          sql.raw(`select p.id, p.user_id, (select count(*)::int from orders o where o.payment_id = p.id) as orders from payments p where p.id in (${ids.join(',')})`),
        )
      : [];
    for (const item of placed) {
      const row = found.find((candidate) => Number(candidate.id) === item.paymentId);
      if (!row) violations.push(`payment ${item.paymentId} was answered but is not in the database`);
      else if (Number(row.user_id) !== item.userId || Number(row.orders) < 1) violations.push(`payment ${item.paymentId} is not whole (user ${row.user_id}, ${row.orders} orders)`);
    }
  });
  return violations;
}

main()
  .then((violations) => {
    for (const violation of violations.slice(0, 20)) console.log(`  - ${violation}`);
    console.log(violations.length ? `${violations.length} VIOLATION(S)` : 'database restart: OK');
    if (violations.length) process.exitCode = 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
