/**
 * The commerce section of `npm run bench` (ADR 013, Consequences): `--commerce-shoppers`
 * (50) signed-in shoppers at once, each adding 1 or 2 lines (POST /api/cart/store), figuring
 * the checkout of their shops (POST /api/cart/checkout) and placing a cash order
 * (POST /api/place-order), for `--commerce-rounds` rounds after a short warm-up; p50 and
 * p95 of each call. Then, with the server stopped, the database is checked: as many
 * payments and orders as the successful answers said, and every product's stock and
 * total_sold (and flash-sale `sold`) moved by exactly the units ordered. Also the
 * JavaScript a product page ships before the cart is opened (js-weight.ts), so the cart's
 * weight on browsing pages can be compared with the build before it.
 *
 * Shoppers are accounts `bench-shopper-N@example.test`, made once in the bench's database
 * and signed in by issuing tokens while no server runs (shoppers.ts). On a server of the
 * caller's (DATABASE_URL) the section writes these accounts and their orders there.
 */
import os from 'node:os';
import type { Dataset } from './datasets.ts';
import { percentile } from './catalogue.ts';
import { measurePageJs } from './js-weight.ts';
import { median } from './load.ts';
import { kb, table } from './report.ts';
import { startServer, whileServing } from './server.ts';
import {
  type Answer,
  call,
  type Candidate,
  cartCandidates,
  complaint,
  drawLines,
  type Line,
  placedSince,
  random,
  type Shopper,
  signInShoppers,
  stockProblems,
  stockSnapshot,
  withDatabase,
} from './shoppers.ts';

export interface CommerceOptions {
  commerce: boolean;
  commerceShoppers: number;
  commerceRounds: number;
}

/** Products with at least this much stock are drawn: a run orders a few units of each, never the last. */
const MIN_STOCK = 50;
/** Flows run one after another before measuring: compiled code paths, warm caches, open pools. */
const WARMUP_FLOWS = 5;
/** The aim for place-order p95 with 50 concurrent shoppers (ADR 013, Consequences). */
const PLACE_ORDER_P95_AIM_MS = 300;

type CallName = 'addToCart' | 'checkout' | 'placeOrder';
const CALLS: Record<CallName, string> = { addToCart: 'POST /api/cart/store', checkout: 'POST /api/cart/checkout', placeOrder: 'POST /api/place-order' };

interface Percentiles {
  p50Ms: number;
  p95Ms: number;
}

export interface CallStats extends Percentiles {
  call: string;
  /** Successful answers; the percentiles are theirs. */
  ok: number;
  failed: number;
  maxMs: number;
  /** p50 and p95 of each round alone, to see how steady the figures are. */
  rounds: Percentiles[];
  /** Median of the warm-up purchases, made one at a time: the call without contention. */
  aloneP50Ms: number;
  failures: string[];
}

export interface CommerceReport {
  generatedAt: string;
  database: Dataset['engine'];
  products: number | null;
  shoppers: number;
  rounds: number;
  calls: Record<CallName, CallStats>;
  placeOrderP95AimMs: number;
  orders: { successfulAnswers: number; ordersAnswered: number; paymentsInDatabase: number; ordersInDatabase: number; ok: boolean };
  stock: { productsMoved: number; units: number; saleUnits: number; ok: boolean; problems: string[] };
  productPage: { path: string; files: number; transferredBytes: number; rawBytes: number; gzipBytes: number } | { error: string };
  /**
   * The server process's CPU time over the measured rounds, per request: what limits how
   * many shoppers one process serves, and a figure the machine's other load hardly moves
   * (PostgreSQL's own work is not in it; PGlite's is).
   */
  serverCpu: { totalMs: number; requests: number; perRequestMs: number } | null;
  loadAverage: { before: number[]; after: number[] };
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

interface Recorder {
  samples: Record<CallName, number[]>;
  failures: Record<CallName, string[]>;
}

const recorder = (): Recorder => ({
  samples: { addToCart: [], checkout: [], placeOrder: [] },
  failures: { addToCart: [], checkout: [], placeOrder: [] },
});

interface Outcome {
  placed: boolean;
  lines: Line[];
  orders: number;
}

/**
 * One shopper's purchase: add the lines, figure the checkout of their shops, place a cash
 * order. A refused placement leaves the lines in the cart: they are deleted (not timed) so
 * the next round orders exactly what it adds.
 */
async function purchase(origin: string, shopper: Shopper, lines: Line[], key: string, record: Recorder): Promise<Outcome> {
  const note = (name: CallName, answer: Answer, ok: boolean) => {
    if (ok) record.samples[name].push(answer.ms);
    else record.failures[name].push(complaint(answer));
  };
  const kept: Line[] = [];
  for (const line of lines) {
    const added = await call(origin, shopper.token, 'POST', '/cart/store', { product_id: line.productId, quantity: line.quantity, ...line.choice });
    note('addToCart', added, added.status === 200);
    if (added.status === 200) kept.push(line);
  }
  if (kept.length === 0) return { placed: false, lines: [], orders: 0 };
  const shopIds = [...new Set(kept.map((line) => line.shopId))];
  const checkout = await call(origin, shopper.token, 'POST', '/cart/checkout', { shop_ids: shopIds });
  note('checkout', checkout, checkout.status === 200);
  const placed = await call(origin, shopper.token, 'POST', '/place-order', { shop_ids: shopIds, address_id: shopper.addressId, payment_method: 'cash', idempotency_key: key });
  const ok = placed.status === 201;
  note('placeOrder', placed, ok);
  if (ok) return { placed: true, lines: kept, orders: (placed.body?.data as { orders?: unknown[] } | undefined)?.orders?.length ?? 0 };
  for (const line of kept) await call(origin, shopper.token, 'POST', '/cart/delete', { product_id: line.productId });
  return { placed: false, lines: [], orders: 0 };
}

function stats(name: CallName, record: Recorder, perRound: Recorder[], alone: Recorder): CallStats {
  const samples = record.samples[name];
  const failures = record.failures[name];
  return {
    call: CALLS[name],
    ok: samples.length,
    failed: failures.length,
    p50Ms: round2(percentile(samples, 50)),
    p95Ms: round2(percentile(samples, 95)),
    maxMs: round2(Math.max(0, ...samples)),
    rounds: perRound.map((one) => ({ p50Ms: round2(percentile(one.samples[name], 50)), p95Ms: round2(percentile(one.samples[name], 95)) })),
    aloneP50Ms: round2(median(alone.samples[name])),
    failures: [...new Set(failures)].slice(0, 5),
  };
}

/** The lowest-numbered product on sale: the same page on every run and build of one seed. */
const productPath = (candidates: Candidate[]) => `/products/${Math.min(...candidates.map((candidate) => candidate.productId))}/details`;

async function runCommerce(dataset: Dataset, options: CommerceOptions, context: { resultsDir: string; buildRoot: string }): Promise<CommerceReport> {
  const loadBefore = os.loadavg();
  const target = { dataDir: dataset.dataDir, databaseUrl: dataset.database?.url ?? null };
  const emails = Array.from({ length: options.commerceShoppers }, (_, index) => `bench-shopper-${index + 1}@example.test`);
  console.log(
    `\nCommerce: ${options.commerceShoppers} shoppers at once, ${options.commerceRounds} round(s) after ${WARMUP_FLOWS} warm-up purchases (signing in, server stopped)...`,
  );
  const setup = await withDatabase(target, async (db) => ({
    shoppers: await signInShoppers(db, emails, { address: true }),
    candidates: await cartCandidates(db, MIN_STOCK),
    before: await stockSnapshot(db),
  }));
  if (setup.candidates.length < 4) throw new Error(`Only ${setup.candidates.length} products have ${MIN_STOCK} or more in stock: re-seed with --fresh`);
  const next = random(20_240_901);
  const draw = () => drawLines(setup.candidates, next, { shops: 1 + Math.floor(next() * 2), maxLinesPerShop: 1, maxQuantity: 2 });
  const tag = Date.now().toString(36);

  const server = await startServer(dataset.dataDir, context.resultsDir, { databaseUrl: target.databaseUrl, buildRoot: context.buildRoot, name: `${dataset.name}-commerce` });
  const outcomes: Outcome[] = [];
  let serverCpu: CommerceReport['serverCpu'] = null;
  const measured = recorder();
  const perRound: Recorder[] = [];
  const alone = recorder();
  const productPage = await whileServing(server, async () => {
    const pagePath = productPath(setup.candidates);
    const page = await measurePageJs(server.origin, pagePath).then(
      (weight) => ({ path: pagePath, files: weight.files.length, ...weight.total }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
    for (let index = 0; index < WARMUP_FLOWS; index++) {
      const shopper = setup.shoppers[index % setup.shoppers.length]!;
      outcomes.push(await purchase(server.origin, shopper, draw(), `bench-${tag}-w${index}`, alone));
    }
    const cpuBefore = server.cpuMs();
    for (let round = 1; round <= options.commerceRounds; round++) {
      const record = recorder();
      const plans = setup.shoppers.map((shopper) => ({ shopper, lines: draw() }));
      const started = performance.now();
      outcomes.push(...(await Promise.all(plans.map(({ shopper, lines }) => purchase(server.origin, shopper, lines, `bench-${tag}-r${round}`, record)))));
      perRound.push(record);
      for (const name of Object.keys(CALLS) as CallName[]) {
        measured.samples[name].push(...record.samples[name]);
        measured.failures[name].push(...record.failures[name]);
      }
      console.log(`  round ${round}: ${((performance.now() - started) / 1000).toFixed(1)} s, place-order p95 ${percentile(record.samples.placeOrder, 95).toFixed(0)} ms`);
    }
    const cpuAfter = server.cpuMs();
    if (cpuBefore !== null && cpuAfter !== null) {
      const requests =
        Object.values(measured.samples).reduce((sum, samples) => sum + samples.length, 0) + Object.values(measured.failures).reduce((sum, failures) => sum + failures.length, 0);
      serverCpu = { totalMs: cpuAfter - cpuBefore, requests, perRequestMs: round2((cpuAfter - cpuBefore) / Math.max(1, requests)) };
    }
    return page;
  });

  // Server stopped: what the answers said against what the database holds.
  const expectedUnits = new Map<number, number>();
  for (const outcome of outcomes) if (outcome.placed) for (const line of outcome.lines) expectedUnits.set(line.productId, (expectedUnits.get(line.productId) ?? 0) + line.quantity);
  const userIds = setup.shoppers.map((shopper) => shopper.userId);
  const checked = await withDatabase(target, async (db) => ({
    placed: await placedSince(db, setup.before, userIds),
    stock: await stockProblems(db, setup.before, userIds, expectedUnits),
  }));
  const successfulAnswers = outcomes.filter((outcome) => outcome.placed).length;
  const ordersAnswered = outcomes.reduce((sum, outcome) => sum + outcome.orders, 0);
  const orders = {
    successfulAnswers,
    ordersAnswered,
    paymentsInDatabase: checked.placed.payments.length,
    ordersInDatabase: checked.placed.orders.length,
    ok: checked.placed.payments.length === successfulAnswers && checked.placed.orders.length === ordersAnswered,
  };
  const stock = {
    productsMoved: checked.stock.products,
    units: checked.stock.units,
    saleUnits: checked.stock.saleUnits,
    ok: checked.stock.problems.length === 0,
    problems: checked.stock.problems.slice(0, 20),
  };
  const report: CommerceReport = {
    generatedAt: new Date().toISOString(),
    database: dataset.engine,
    products: dataset.products ?? null,
    shoppers: options.commerceShoppers,
    rounds: options.commerceRounds,
    calls: {
      addToCart: stats('addToCart', measured, perRound, alone),
      checkout: stats('checkout', measured, perRound, alone),
      placeOrder: stats('placeOrder', measured, perRound, alone),
    },
    placeOrderP95AimMs: PLACE_ORDER_P95_AIM_MS,
    orders,
    stock,
    productPage,
    serverCpu,
    loadAverage: { before: loadBefore, after: os.loadavg() },
  };
  printCommerce(report);
  if (!orders.ok || !stock.ok) process.exitCode = 1;
  return report;
}

/** The section, or null when it failed: a failure here must not cost the bench's other figures. */
export async function commerceSection(dataset: Dataset, options: CommerceOptions, context: { resultsDir: string; buildRoot: string }): Promise<CommerceReport | null> {
  try {
    return await runCommerce(dataset, options, context);
  } catch (error) {
    console.error(`Commerce section failed, the other figures stand: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return null;
  }
}

function printCommerce(report: CommerceReport): void {
  const ms = (value: number) => value.toFixed(1);
  const rows = Object.values(report.calls).map((stat) => [
    stat.call,
    String(stat.ok),
    String(stat.failed),
    ms(stat.p50Ms),
    ms(stat.p95Ms),
    ms(stat.maxMs),
    stat.rounds.map((one) => ms(one.p95Ms)).join(' / '),
    ms(stat.aloneP50Ms),
  ]);
  console.log(`\nCommerce on ${report.database}, ${report.shoppers} concurrent shoppers, ${report.rounds} round(s) (ms, client-side, whole answer read):`);
  console.log(table(['call', 'ok', 'failed', 'p50', 'p95', 'max', 'p95 per round', 'alone p50'], rows, [6]));
  console.log(`("alone": the ${WARMUP_FLOWS} warm-up purchases, one at a time, not in the other columns)`);
  for (const stat of Object.values(report.calls)) for (const failure of stat.failures) console.log(`  ${stat.call} failed: ${failure}`);
  const place = report.calls.placeOrder;
  console.log(`place-order p95 ${ms(place.p95Ms)} ms, aim under ${report.placeOrderP95AimMs} ms (median of round p95s ${ms(median(place.rounds.map((one) => one.p95Ms)))} ms)`);
  const { orders, stock } = report;
  console.log(
    `Orders: ${orders.successfulAnswers} placements answered 201 with ${orders.ordersAnswered} orders; the database holds ${orders.paymentsInDatabase} payments and ${orders.ordersInDatabase} orders: ${orders.ok ? 'OK' : 'MISMATCH'}`,
  );
  console.log(
    `Stock: ${stock.units} units (${stock.saleUnits} at flash-sale prices) over ${stock.productsMoved} products, moved exactly as ordered: ${stock.ok ? 'OK' : 'MISMATCH'}`,
  );
  for (const problem of stock.problems) console.log(`  - ${problem}`);
  if (report.serverCpu) {
    const cpu = report.serverCpu;
    console.log(
      `Server CPU over the measured rounds: ${(cpu.totalMs / 1000).toFixed(2)} s for ${cpu.requests} requests, ${ms(cpu.perRequestMs)} ms a request (what one process can serve: about ${Math.floor(1000 / Math.max(0.1, cpu.perRequestMs))} requests/s per core)`,
    );
  }
  const page = report.productPage;
  if ('error' in page) console.log(`JavaScript of a product page: not measured (${page.error})`);
  else
    console.log(
      `JavaScript ${page.path} ships before the cart is opened: ${kb(page.transferredBytes)} transferred (${page.transferredBytes} B, ${page.files} files), ${kb(page.rawBytes)} raw`,
    );
}
