/**
 * Crash safety of order placement (ADR 013): the server killed with SIGKILL
 * while checkouts are being placed leaves each order whole or absent.
 *
 *   npm run crash [-- --postgres --rounds 5 --shoppers 20 --products 200
 *                     --min-delay 5 --max-delay 300 --seed N --fresh --recheck FILE]
 *
 * Seeds a small catalogue once into a template of its own under bench-results/crash/
 * (reused while the seed and migrations are unchanged; --fresh seeds again) and copies it
 * to a working database for this run: PGlite's data directory, or with --postgres a
 * database made from the template on the bench's own cluster (bench/postgres.ts). Then,
 * each round:
 *   1. with no server running, makes `--shoppers` new accounts with tokens (bench/shoppers.ts)
 *      and snapshots every product's stock and total_sold and every flash-sale `sold`;
 *   2. starts the production server (bench/server.ts), gives each shopper an address and
 *      cart lines from 2 shops through the API, fires every shopper's POST /place-order at
 *      once, and SIGKILLs the server a random `--min-delay`..`--max-delay` ms after the
 *      first request;
 *   3. starts the server again on the same data (it must come up and answer GET /orders),
 *      stops it, and checks with SQL: no order without items or status history, no payment
 *      without orders, each payment's amount is the sum of its orders' payable_amount, each
 *      shopper has its whole checkout (one payment, one order per shop with exactly its cart
 *      lines, those lines gone from the cart) or none of it (cart untouched), every answer
 *      200 is in the database and no refused checkout wrote anything, and every product's
 *      stock and total_sold, and every flash sale's sold, moved by exactly the ordered units
 *      (sold never above its allocation).
 * Prints a row per round and exits 1 on any violation, or when the server or the database
 * does not come back after the kill. Each round's shoppers, carts, answers and snapshot are
 * kept in the working directory (round-N.json): `--recheck <the last round's file>` runs the checks again
 * on the working database as it is now, to look into a failure or to see that the checks
 * catch a half-written order made by hand.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { pgliteDir } from '../src/server/db/client.ts';
import { runCleanups } from './bench/cleanup.ts';
import { startCluster } from './bench/postgres.ts';
import { table } from './bench/report.ts';
import { prepareBuild, prepareData, type RunningServer, startServer, whileServing } from './bench/server.ts';
import {
  type Answer,
  call,
  type Candidate,
  cartCandidates,
  complaint,
  type DatabaseTarget,
  drawLines,
  type Line,
  placedSince,
  random,
  rows,
  type Shopper,
  signInShoppers,
  type StockSnapshot,
  stockProblems,
  stockSnapshot,
  withDatabase,
} from './bench/shoppers.ts';

const ROOT = path.resolve('bench-results', 'crash');
const CLUSTER_DIR = path.join(ROOT, 'postgres-cluster');
const RUN_DATABASE = 'crash_run';

interface Options {
  postgres: boolean;
  rounds: number;
  shoppers: number;
  products: number;
  minDelay: number;
  maxDelay: number;
  seed: number;
  fresh: boolean;
  /** A round's record (round-N.json) to check again against the working database as it is now. */
  recheck: string | undefined;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      postgres: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '5' },
      shoppers: { type: 'string', default: '20' },
      products: { type: 'string', default: '200' },
      'min-delay': { type: 'string', default: '5' },
      'max-delay': { type: 'string', default: '300' },
      seed: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      recheck: { type: 'string' },
    },
  });
  const count = (name: string, value: string, min: number) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name} must be an integer >= ${min}, got "${value}"`);
    return parsed;
  };
  const minDelay = count('min-delay', values['min-delay'], 0);
  const maxDelay = count('max-delay', values['max-delay'], minDelay);
  return {
    postgres: values.postgres,
    rounds: count('rounds', values.rounds, 1),
    shoppers: count('shoppers', values.shoppers, 1),
    products: count('products', values.products, 50),
    minDelay,
    maxDelay,
    seed: values.seed === undefined ? Math.floor(Math.random() * 1_000_000) : count('seed', values.seed, 0),
    fresh: values.fresh,
    recheck: values.recheck,
  };
}

/** A shopper's checkout: the lines put in the cart, the shops selected, the key of the placement. */
interface Plan {
  shopper: Shopper;
  addressId: number;
  lines: Line[];
  shopIds: number[];
  key: string;
}

interface Fired {
  answer: Answer;
  /** Milliseconds after the first request. */
  at: number;
}

interface RoundResult {
  round: number;
  killAfterMs: number;
  sent: number;
  answeredBeforeKill: number;
  ok: number;
  refused: number;
  cut: number;
  /** Cut placements sent again after the restart: answered 200 (placed before the kill), 201 (placed now), refused. */
  retried: { before: number; now: number; refused: number };
  placed: number;
  absent: number;
  orders: number;
  saleUnits: number;
  restart: string;
  violations: string[];
  seconds: number;
}

/** The working database: a copy of the seeded template, so each run starts from the same fresh seed. */
async function workingDatabase(options: Options): Promise<{ target: DatabaseTarget; engine: string }> {
  const engine = options.postgres ? 'postgres' : 'pglite';
  const templateDir = path.join(ROOT, `template-${engine}`);
  const workDir = path.join(ROOT, `run-${engine}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  if (!options.postgres) {
    await prepareData(templateDir, { products: options.products, fresh: options.fresh });
    cpSync(pgliteDir(templateDir), pgliteDir(workDir), { recursive: true });
    return { target: { dataDir: workDir, databaseUrl: null }, engine };
  }
  const cluster = await startCluster(CLUSTER_DIR, options.fresh);
  const template = await cluster.database('crash_template');
  await prepareData(templateDir, { products: options.products, fresh: options.fresh }, template);
  const admin = new pg.Client({ connectionString: `postgresql://shop@127.0.0.1:${cluster.port}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${RUN_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${RUN_DATABASE} TEMPLATE crash_template`);
  } finally {
    await admin.end();
  }
  return { target: { dataDir: workDir, databaseUrl: `postgresql://shop@127.0.0.1:${cluster.port}/${RUN_DATABASE}` }, engine };
}

/**
 * A few shops' best-stocked products, sale items first: every shopper draws from the same
 * handful, so placements wait on each other's product locks while the server dies.
 */
function hotPool(candidates: Candidate[], next: () => number): Candidate[] {
  const byShop = new Map<number, Candidate[]>();
  for (const candidate of candidates) byShop.set(candidate.shopId, [...(byShop.get(candidate.shopId) ?? []), candidate]);
  const shops = [...byShop.entries()]
    .filter(([, list]) => list.length >= 2)
    .sort(() => next() - 0.5)
    .slice(0, 5);
  return shops.flatMap(([, list]) => [...list].sort((a, b) => Number(b.onSale) - Number(a.onSale) || b.stock - a.stock).slice(0, 4));
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Through the API, as a shopper would: an address, then the cart lines. */
async function fillCarts(origin: string, shoppers: Shopper[], pool: Candidate[], next: () => number, round: number): Promise<Plan[]> {
  const drawn = shoppers.map((shopper) => ({ shopper, lines: drawLines(pool, next, { shops: 2, maxLinesPerShop: 2, maxQuantity: 3 }) }));
  return pooled(drawn, 5, async ({ shopper, lines }) => {
    const address = await call(origin, shopper.token, 'POST', '/address/store', { name: 'Crash Tester', phone: '2025550143', address_line: '1 Test Street', address_type: 'home' });
    const addressId = (address.body?.data as { address?: { id?: number } } | undefined)?.address?.id;
    if (address.status !== 201 || !addressId) throw new Error(`POST /address/store answered ${complaint(address)}`);
    for (const line of lines) {
      const added = await call(origin, shopper.token, 'POST', '/cart/store', { product_id: line.productId, quantity: line.quantity, ...line.choice });
      if (added.status !== 200) throw new Error(`POST /cart/store ${line.productId} answered ${complaint(added)}`);
    }
    const shopIds = [...new Set(lines.map((line) => line.shopId))];
    return { shopper, addressId, lines, shopIds, key: `crash-r${round}-u${shopper.userId}` };
  });
}

/** The shopper's POST /place-order: the same body, and idempotency key, every time it is sent. */
const placeCheckout = (origin: string, plan: Plan) =>
  call(origin, plan.shopper.token, 'POST', '/place-order', { shop_ids: plan.shopIds, address_id: plan.addressId, payment_method: 'cash', idempotency_key: plan.key });

/** Every placement at once; the server is killed `killAfterMs` after the first request leaves. */
async function fireAndKill(server: RunningServer, plans: Plan[], killAfterMs: number): Promise<{ fired: Fired[]; killedAt: number }> {
  const started = performance.now();
  const pending = plans.map((plan) => placeCheckout(server.origin, plan).then((answer) => ({ answer, at: performance.now() - started })));
  await sleep(killAfterMs);
  const killedAt = performance.now() - started;
  await server.crash();
  return { fired: await Promise.all(pending), killedAt };
}

/** POST /place-order's success: 201 placed now, 200 placed before under the same idempotency key. */
const isPlaced = (answer: Answer) => answer.status === 201 || answer.status === 200;

const sameLines = (a: Map<number, number>, b: Map<number, number>) => a.size === b.size && [...a].every(([product, quantity]) => b.get(product) === quantity);
const lineMap = (lines: { productId: number; quantity: number }[]) => new Map(lines.map((line) => [line.productId, line.quantity]));

/** The round's invariants, read with SQL once no server holds the database. */
async function checkRound(db: Db, before: StockSnapshot, plans: Plan[], fired: Fired[]) {
  const userIds = plans.map((plan) => plan.shopper.userId);
  const { payments, orders } = await placedSince(db, before, userIds);
  const orderIds = orders.map((order) => Number(order.id));
  const idList = sql.raw(`(${orderIds.length ? orderIds.join(',') : 'null'})`);
  const items = await rows<{ order_id: number; product_id: number; quantity: number }>(db, sql`select order_id, product_id, quantity from order_items where order_id in ${idList}`);
  const history = await rows<{ order_id: number; n: number }>(db, sql`select order_id, count(*)::int as n from order_status_history where order_id in ${idList} group by order_id`);
  const cartLines = await rows<{ user_id: number; product_id: number; quantity: number }>(
    db,
    sql`select c.user_id, ci.product_id, ci.quantity from cart_items ci join carts c on c.id = ci.cart_id
        where not ci.is_buy_now and c.user_id in ${sql.raw(`(${userIds.join(',')})`)}`,
  );
  const violations: string[] = [];
  const itemsOf = (orderId: number) =>
    items.filter((item) => Number(item.order_id) === orderId).map((item) => ({ productId: Number(item.product_id), quantity: Number(item.quantity) }));

  for (const order of orders) {
    const id = Number(order.id);
    if (itemsOf(id).length === 0) violations.push(`order ${id} has no items`);
    const historyRows = history.find((row) => Number(row.order_id) === id)?.n ?? 0;
    if (Number(historyRows) !== 1) violations.push(`order ${id} has ${historyRows} status history rows, not 1`);
    if (order.payment_id === null || !payments.some((payment) => Number(payment.id) === Number(order.payment_id))) violations.push(`order ${id} has no payment of this round`);
  }
  for (const payment of payments) {
    const its = orders.filter((order) => Number(order.payment_id) === Number(payment.id));
    if (its.length === 0) violations.push(`payment ${payment.id} has no orders`);
    const sum = its.reduce((total, order) => total + Number(order.payable_amount), 0);
    if (its.length && sum !== Number(payment.amount)) violations.push(`payment ${payment.id}: amount ${payment.amount} but its orders add up to ${sum}`);
  }

  const expectedUnits = new Map<number, number>();
  let placed = 0;
  for (const [index, plan] of plans.entries()) {
    const who = `shopper ${plan.shopper.userId}`;
    const mine = payments.filter((payment) => Number(payment.user_id) === plan.shopper.userId);
    const myOrders = orders.filter((order) => Number(order.user_id) === plan.shopper.userId);
    const myCart = lineMap(
      cartLines.filter((line) => Number(line.user_id) === plan.shopper.userId).map((line) => ({ productId: Number(line.product_id), quantity: Number(line.quantity) })),
    );
    const answer = fired[index]!.answer;
    if (mine.length > 1) violations.push(`${who} has ${mine.length} payments for one checkout`);
    if (mine.length === 0) {
      if (myOrders.length) violations.push(`${who} has ${myOrders.length} orders without a payment`);
      if (!sameLines(myCart, lineMap(plan.lines))) violations.push(`${who} placed nothing, but the cart changed`);
      if (isPlaced(answer)) violations.push(`${who} was answered ${answer.status} (orders placed) but nothing is in the database`);
      continue;
    }
    placed += 1;
    for (const line of plan.lines) expectedUnits.set(line.productId, (expectedUnits.get(line.productId) ?? 0) + line.quantity);
    const shops = myOrders.map((order) => Number(order.shop_id)).sort((a, b) => a - b);
    if (shops.join(',') !== [...plan.shopIds].sort((a, b) => a - b).join(','))
      violations.push(`${who}: orders for shops ${shops.join(',')}, checkout had ${plan.shopIds.join(',')}`);
    for (const order of myOrders) {
      const want = lineMap(plan.lines.filter((line) => line.shopId === Number(order.shop_id)));
      if (!sameLines(lineMap(itemsOf(Number(order.id))), want)) violations.push(`${who}: order ${order.id} does not hold exactly the cart lines of shop ${order.shop_id}`);
    }
    const leftover = plan.lines.filter((line) => myCart.has(line.productId));
    if (leftover.length) violations.push(`${who}: ordered, but ${leftover.length} ordered line(s) are still in the cart`);
    if (answer.status >= 400 && answer.status < 500) violations.push(`${who} was refused (${complaint(answer)}) but has a payment`);
    const answered = isPlaced(answer) ? (answer.body?.data as { payment_id?: number } | undefined)?.payment_id : undefined;
    if (answered !== undefined && answered !== Number(mine[0]!.id)) violations.push(`${who} was answered payment ${answered}, the database has ${mine[0]!.id}`);
  }
  const stock = await stockProblems(db, before, userIds, expectedUnits);
  violations.push(...stock.problems);
  return { placed, orders: orders.length, saleUnits: stock.saleUnits, violations };
}

/** What a round leaves in round-N.json for --recheck. */
interface RoundRecord {
  round: number;
  engine: 'pglite' | 'postgres';
  dataDir: string;
  before: { products: [number, { quantity: number; totalSold: number }][]; sales: [string, { quantity: number; sold: number }][]; maxOrderId: number; maxPaymentId: number };
  plans: Plan[];
  fired: Fired[];
  /** The last answer of each placement: the retry's for those the kill cut. */
  retried?: Answer[];
}

/** --recheck: the checks of a recorded round, on the working database as it is now. */
async function recheck(file: string): Promise<void> {
  const record = JSON.parse(readFileSync(file, 'utf8')) as RoundRecord;
  let databaseUrl: string | null = null;
  if (record.engine === 'postgres') {
    const cluster = await startCluster(CLUSTER_DIR, false);
    databaseUrl = `postgresql://shop@127.0.0.1:${cluster.port}/${RUN_DATABASE}`;
  }
  const before: StockSnapshot = { ...record.before, products: new Map(record.before.products), sales: new Map(record.before.sales) };
  const checked = await withDatabase({ dataDir: record.dataDir, databaseUrl }, (db) =>
    checkRound(
      db,
      before,
      record.plans,
      record.fired.map((shot, index) => ({ ...shot, answer: record.retried?.[index] ?? shot.answer })),
    ),
  );
  await runCleanups();
  console.log(
    `Round ${record.round} on ${record.engine}, checked again: ${checked.placed} checkouts placed (${checked.orders} orders), ${record.plans.length - checked.placed} absent`,
  );
  for (const violation of checked.violations) console.log(`  - ${violation}`);
  console.log(checked.violations.length ? `${checked.violations.length} VIOLATION(S)` : 'invariants OK');
  if (checked.violations.length) process.exitCode = 1;
}

interface Retry {
  /** Each placement's last answer: the retry's where the kill cut the first. */
  answers: Answer[];
  counts: RoundResult['retried'];
  violations: string[];
}

/**
 * What a shopper's app does when its placement got no answer: send the same checkout again,
 * with the same idempotency key, once the server is back. Which cut checkouts the kill had
 * committed is read first (no server running); each of those must be answered 200 naming
 * its payment, and each of the others placed now (201) or refused with a 4xx, never twice.
 */
async function retryCutPlacements(
  target: DatabaseTarget,
  serverOptions: { databaseUrl: string | null; buildRoot: string },
  logDir: string,
  round: number,
  before: StockSnapshot,
  plans: Plan[],
  fired: Fired[],
): Promise<Retry> {
  const answers = fired.map((shot) => shot.answer);
  const counts = { before: 0, now: 0, refused: 0 };
  const cut = plans.map((plan, index) => ({ plan, index })).filter(({ index }) => fired[index]!.answer.status === 0);
  if (cut.length === 0) return { answers, counts, violations: [] };
  const committed = await withDatabase(target, async (db) => {
    const { payments } = await placedSince(
      db,
      before,
      cut.map(({ plan }) => plan.shopper.userId),
    );
    return new Map(payments.map((payment) => [Number(payment.user_id), Number(payment.id)]));
  });
  const server = await startServer(target.dataDir, logDir, { ...serverOptions, name: `round-${round}-retry` });
  const retried = await whileServing(server, () => pooled(cut, 10, ({ plan }) => placeCheckout(server.origin, plan)));
  const violations: string[] = [];
  for (const [position, { plan, index }] of cut.entries()) {
    const answer = retried[position]!;
    answers[index] = answer;
    const who = `shopper ${plan.shopper.userId}`;
    const paymentId = (answer.body?.data as { payment_id?: number } | undefined)?.payment_id;
    const earlier = committed.get(plan.shopper.userId);
    if (answer.status === 200) counts.before += 1;
    else if (answer.status === 201) counts.now += 1;
    else if (answer.status >= 400 && answer.status < 500) counts.refused += 1;
    if (earlier !== undefined && (answer.status !== 200 || paymentId !== earlier)) {
      violations.push(`${who}: the kill committed payment ${earlier}, but the retry answered ${complaint(answer)}${paymentId ? ` naming payment ${paymentId}` : ''}`);
    }
    if (earlier === undefined && answer.status !== 201 && !(answer.status >= 400 && answer.status < 500)) {
      violations.push(`${who}: nothing was committed before the kill, but the retry answered ${complaint(answer)}`);
    }
  }
  return { answers, counts, violations };
}

async function runRound(
  round: number,
  options: Options,
  target: DatabaseTarget,
  buildRoot: string,
  next: () => number,
  logDir: string,
  tag: string,
): Promise<Omit<RoundResult, 'seconds'>> {
  const emails = Array.from({ length: options.shoppers }, (_, index) => `crash-${tag}-r${round}-${index + 1}@example.test`);
  const phases: string[] = [];
  let mark = performance.now();
  const phase = (name: string) => {
    phases.push(`${name} ${((performance.now() - mark) / 1000).toFixed(1)} s`);
    mark = performance.now();
  };
  const prepared = await withDatabase(target, async (db) => ({
    shoppers: await signInShoppers(db, emails, { address: false }),
    pool: hotPool(await cartCandidates(db, 20), next),
    before: await stockSnapshot(db),
  }));
  if (prepared.pool.length < 4) throw new Error(`Too few products with stock left for round ${round}: seed a larger catalogue (--products) or --fresh`);
  const killAfterMs = Math.round(options.minDelay + next() * (options.maxDelay - options.minDelay));
  const serverOptions = { databaseUrl: target.databaseUrl, buildRoot };

  phase('accounts');
  const first = await startServer(target.dataDir, logDir, { ...serverOptions, name: `round-${round}` });
  phase('start');
  const { plans, fired, killedAt } = await whileServing(first, async () => {
    const plans = await fillCarts(first.origin, prepared.shoppers, prepared.pool, next, round);
    phase('carts');
    return { plans, ...(await fireAndKill(first, plans, killAfterMs)) };
  });

  const base = {
    round,
    killAfterMs: Math.round(killedAt),
    sent: fired.length,
    answeredBeforeKill: fired.filter((shot) => shot.answer.status > 0 && shot.at <= killedAt).length,
    ok: fired.filter((shot) => isPlaced(shot.answer)).length,
    refused: fired.filter((shot) => shot.answer.status >= 400 && shot.answer.status < 500).length,
    cut: fired.filter((shot) => shot.answer.status === 0).length,
  };
  const record: RoundRecord = {
    round,
    engine: target.databaseUrl ? 'postgres' : 'pglite',
    dataDir: target.dataDir,
    before: { products: [...prepared.before.products], sales: [...prepared.before.sales], maxOrderId: prepared.before.maxOrderId, maxPaymentId: prepared.before.maxPaymentId },
    plans: plans.map((plan) => ({ ...plan, shopper: { ...plan.shopper, token: '' } })),
    fired,
  };
  writeFileSync(path.join(target.dataDir, `round-${round}.json`), `${JSON.stringify(record, null, 1)}\n`);
  const unexpected = fired
    .filter((shot) => shot.answer.status >= 500 || (shot.answer.status > 0 && shot.answer.status < 400 && !isPlaced(shot.answer)))
    .map((shot) => `a placement answered ${complaint(shot.answer)}`);

  // The server must come back on the data the kill left, and serve a signed-in read.
  phase('placements');
  let restarted: RunningServer;
  try {
    restarted = await startServer(target.dataDir, logDir, { ...serverOptions, name: `round-${round}-restart` });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      retried: { before: 0, now: 0, refused: 0 },
      placed: 0,
      absent: 0,
      orders: 0,
      saleUnits: 0,
      restart: 'FAILED',
      violations: [`the server did not restart after SIGKILL: ${message}`],
    };
  }
  const read = await whileServing(restarted, () => call(restarted.origin, prepared.shoppers[0]!.token, 'GET', '/orders'));
  phase('restart');
  const restart = read.status === 200 ? 'ok' : `GET /orders ${complaint(read)}`;

  let retry: Retry = { answers: fired.map((shot) => shot.answer), counts: { before: 0, now: 0, refused: 0 }, violations: [] };
  try {
    retry = await retryCutPlacements(target, serverOptions, logDir, round, prepared.before, plans, fired);
    phase('retry');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    retry.violations.push(`the cut placements could not be sent again: ${message}`);
  }
  record.retried = retry.answers;
  writeFileSync(path.join(target.dataDir, `round-${round}.json`), `${JSON.stringify(record, null, 1)}\n`);

  try {
    const final = fired.map((shot, index) => ({ ...shot, answer: retry.answers[index]! }));
    const checked = await withDatabase(target, (db) => checkRound(db, prepared.before, plans, final));
    phase('check');
    console.log(`  round ${round}: ${phases.join(', ')}`);
    const violations = [...unexpected, ...(read.status === 200 ? [] : [`after the restart GET /orders answered ${complaint(read)}`]), ...retry.violations, ...checked.violations];
    return {
      ...base,
      retried: retry.counts,
      placed: checked.placed,
      absent: plans.length - checked.placed,
      orders: checked.orders,
      saleUnits: checked.saleUnits,
      restart,
      violations,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, retried: retry.counts, placed: 0, absent: 0, orders: 0, saleUnits: 0, restart, violations: [`the database could not be read after the restart: ${message}`] };
  }
}

function resultTable(results: RoundResult[]): string {
  const header = [
    'round',
    'kill ms',
    'sent',
    'answered before kill',
    'answered 2xx',
    'refused 4xx',
    'cut',
    'retry: placed before',
    'retry: placed now',
    'retry: refused',
    'placed in db',
    'absent in db',
    'orders',
    'sale units',
    'restart',
    'invariants',
    'round s',
  ];
  return table(
    header,
    results.map((result) => [
      String(result.round),
      String(result.killAfterMs),
      String(result.sent),
      String(result.answeredBeforeKill),
      String(result.ok),
      String(result.refused),
      String(result.cut),
      String(result.retried.before),
      String(result.retried.now),
      String(result.retried.refused),
      String(result.placed),
      String(result.absent),
      String(result.orders),
      String(result.saleUnits),
      result.restart,
      result.violations.length ? `${result.violations.length} VIOLATED` : 'OK',
      result.seconds.toFixed(1),
    ]),
    [14, 15],
  );
}

async function main() {
  const options = readOptions();
  if (options.recheck) return recheck(options.recheck);
  const started = performance.now();
  const loadBefore = os.loadavg();
  const buildRoot = prepareBuild();
  const { target, engine } = await workingDatabase(options);
  const logDir = path.join(target.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const next = random(options.seed);
  const tag = `${Date.now().toString(36)}`;
  console.log(
    `\nCrash test on ${engine}: ${options.rounds} round(s) of ${options.shoppers} shoppers, kill ${options.minDelay}-${options.maxDelay} ms after the first placement (--seed ${options.seed})`,
  );

  const results: RoundResult[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const roundStarted = performance.now();
    const result = { ...(await runRound(round, options, target, buildRoot, next, logDir, tag)), seconds: (performance.now() - roundStarted) / 1000 };
    results.push(result);
    console.log(
      `round ${round}: killed ${result.killAfterMs} ms after the first request; ${result.ok} answered placed, ${result.refused} refused, ${result.cut} cut ` +
        `(sent again: ${result.retried.before} placed before the kill, ${result.retried.now} placed now, ${result.retried.refused} refused); ` +
        `${result.placed} checkouts placed (${result.orders} orders), ${result.absent} absent; restart ${result.restart}; ${result.violations.length ? 'VIOLATIONS' : 'invariants OK'}`,
    );
    for (const violation of result.violations.slice(0, 20)) console.log(`  - ${violation}`);
    if (result.violations.length > 20) console.log(`  … ${result.violations.length - 20} more`);
    if (result.restart === 'FAILED' || result.violations.some((violation) => violation.startsWith('the database could not be read'))) break;
  }
  await runCleanups();

  console.log(`\nCrash test on ${engine} (checkouts per round; "cut" = no answer, the server died first; "placed in db" = whole checkouts found after the restart):`);
  console.log(resultTable(results));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`\n${seconds} s; load average ${loads(loadBefore)} before, ${loads(os.loadavg())} after (${os.cpus().length} CPUs). Server logs in ${logDir}`);
  const failed = results.some((result) => result.violations.length > 0) || results.length < options.rounds;
  if (failed) {
    console.log('FAILED: an order was not whole-or-absent, or the server or database did not survive the kill (see above).');
    process.exitCode = 1;
  } else {
    console.log(`OK: every order whole or absent in ${results.length} round(s).`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
