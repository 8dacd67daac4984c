/**
 * The seller section of `npm run bench` (docs/decisions/017-sellers.md): a shop with
 * 10,000 orders over the last year (inserted in bulk, once, while no server runs: realistic
 * statuses, mostly delivered and credited to the shop's ledger, some cancelled, the rest on
 * their way), then GET /api/seller/dashboard and GET /api/seller/orders timed one request at
 * a time as its owner: p50 and p95, written to latest.json's `seller.<engine>`.
 *
 * The owner is `bench-seller@example.test`, signed in by issuing a token while no server
 * runs (shoppers.ts); the buyer of every order is `bench-seller-buyer@example.test`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Dataset } from './datasets.ts';
import { percentile } from './catalogue.ts';
import { median } from './load.ts';
import { table } from './report.ts';
import { startServer, whileServing } from './server.ts';
import { call, complaint, rows, signInShoppers, withDatabase } from './shoppers.ts';
import { categories, orders, products, shopLedger, shops } from '../../src/server/db/schema/index.ts';
import { createProduct, createShop } from '../../src/server/db/seed/factories.ts';

export interface SellerBenchOptions {
  seller: boolean;
}

const ORDERS = 10_000;
const REQUESTS = 50;
const WARMUPS = 5;
const BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;

/** How a year of a shop's orders ends up: most delivered, some cancelled, the newest still on their way. */
const STATUS_SHARES: [string, number][] = [
  ['delivered', 0.7],
  ['cancelled', 0.1],
  ['pending', 0.05],
  ['confirm', 0.04],
  ['processing', 0.04],
  ['pickup', 0.03],
  ['on_the_way', 0.04],
];

function statusFor(share: number): string {
  let sum = 0;
  for (const [status, part] of STATUS_SHARES) {
    sum += part;
    if (share < sum) return status;
  }
  return 'delivered';
}

/** The bench shop (made once), its owner's token, and its 10,000 orders (inserted once). */
async function prepareShop(target: { dataDir: string; databaseUrl: string | null }) {
  return withDatabase(target, async (db) => {
    const [owner, buyer] = await signInShoppers(db, ['bench-seller@example.test', 'bench-seller-buyer@example.test'], { address: false });
    let [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.userId, owner!.userId));
    if (!shop) {
      shop = { id: (await createShop(db, { userId: owner!.userId, name: 'Bench Seller Shop', orderPrefix: 'BS', status: 'active' })).id };
      const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
      // A few products low on stock, for the dashboard's list.
      for (let index = 0; index < 20; index++)
        await createProduct(db, { shopId: shop.id, quantity: index % 4 === 0 ? index % 5 : 200, ...(category ? { categoryId: category.id } : {}) });
    }
    const shopId = shop.id;
    const [{ count } = { count: 0 }] = await rows<{ count: number }>(db, sql`select count(*)::int as count from orders where shop_id = ${shop.id}`);
    let next = 20_241_101;
    const random = () => {
      next = (next * 1_103_515_245 + 12_345) % 2_147_483_648;
      return next / 2_147_483_648;
    };
    const now = Date.now();
    for (let start = Number(count); start < ORDERS; start += BATCH) {
      const values = Array.from({ length: Math.min(BATCH, ORDERS - start) }, (_, offset) => {
        const index = start + offset;
        // Newer orders are more often still open: statuses drawn by age.
        const age = random() * 365;
        const status = age < 3 ? statusFor(0.8 + random() * 0.2) : statusFor(random() * 0.8);
        const total = 500 + Math.floor(random() * 30_000);
        const delivery = 499;
        const commission = Math.round(total * 0.1);
        const placedAt = new Date(now - age * DAY);
        return {
          userId: buyer!.userId,
          shopId,
          orderCode: `#BS${String(index + 1).padStart(7, '0')}`,
          address: { name: 'Bench Buyer', address_line: '1 Bench Street' },
          paymentMethod: 'cash' as const,
          paymentStatus: status === 'delivered' ? ('paid' as const) : ('pending' as const),
          orderStatus: status as 'pending',
          totalAmount: total,
          deliveryCharge: delivery,
          payableAmount: total + delivery,
          commissionAmount: commission,
          sellerNet: total + delivery - commission,
          placedAt,
          createdAt: placedAt,
          updatedAt: placedAt,
        };
      });
      const inserted = await db.insert(orders).values(values).returning({ id: orders.id, status: orders.orderStatus, net: orders.sellerNet, placedAt: orders.placedAt });
      const credits = inserted
        .filter((order) => order.status === 'delivered')
        .map((order) => ({ shopId, kind: 'order_delivered' as const, orderId: order.id, amount: order.net, createdAt: order.placedAt }));
      if (credits.length) await db.insert(shopLedger).values(credits).onConflictDoNothing();
    }
    const [{ lowStock } = { lowStock: 0 }] = await rows<{ lowStock: number }>(
      db,
      sql`select count(*)::int as "lowStock" from ${products} where shop_id = ${shopId} and quantity <= 5`,
    );
    return { token: owner!.token, shopId, lowStock: Number(lowStock) };
  });
}

export interface SellerReport {
  generatedAt: string;
  database: Dataset['engine'];
  orders: number;
  requests: number;
  calls: { call: string; ok: number; failed: number; p50Ms: number; p95Ms: number; firstMs: number; failures: string[] }[];
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

async function runSeller(dataset: Dataset, context: { resultsDir: string; buildRoot: string }): Promise<SellerReport> {
  const target = { dataDir: dataset.dataDir, databaseUrl: dataset.database?.url ?? null };
  console.log(`\nSeller: a shop with ${ORDERS} orders (inserted once), ${REQUESTS} requests each, one at a time, after ${WARMUPS} warm-ups...`);
  const shop = await prepareShop(target);
  const server = await startServer(dataset.dataDir, context.resultsDir, { databaseUrl: target.databaseUrl, buildRoot: context.buildRoot, name: `${dataset.name}-seller` });
  const paths = ['/seller/dashboard', '/seller/orders'];
  const calls = await whileServing(server, async () => {
    const results: SellerReport['calls'] = [];
    for (const path of paths) {
      const first = await call(server.origin, shop.token, 'GET', path);
      for (let index = 1; index < WARMUPS; index++) await call(server.origin, shop.token, 'GET', path);
      const samples: number[] = [];
      const failures: string[] = first.status === 200 ? [] : [complaint(first)];
      for (let index = 0; index < REQUESTS; index++) {
        const answer = await call(server.origin, shop.token, 'GET', path);
        if (answer.status === 200) samples.push(answer.ms);
        else failures.push(complaint(answer));
      }
      results.push({
        call: `GET /api${path}`,
        ok: samples.length,
        failed: failures.length,
        p50Ms: round2(percentile(samples, 50)),
        p95Ms: round2(percentile(samples, 95)),
        firstMs: round2(first.ms),
        failures: [...new Set(failures)].slice(0, 5),
      });
    }
    return results;
  });
  const report: SellerReport = { generatedAt: new Date().toISOString(), database: dataset.engine, orders: ORDERS, requests: REQUESTS, calls };
  console.log(`\nSeller on ${report.database}, a shop with ${ORDERS} orders (ms, client-side, one request at a time):`);
  console.log(
    table(
      ['call', 'ok', 'failed', 'p50', 'p95', 'first'],
      calls.map((one) => [one.call, String(one.ok), String(one.failed), one.p50Ms.toFixed(1), one.p95Ms.toFixed(1), one.firstMs.toFixed(1)]),
      [5],
    ),
  );
  for (const one of calls) for (const failure of one.failures) console.log(`  ${one.call} failed: ${failure}`);
  console.log(`(median of the two p50s: ${median(calls.map((one) => one.p50Ms)).toFixed(1)} ms)`);
  return report;
}

/** The section, or null when it failed: a failure here must not cost the bench's other figures. */
export async function sellerSection(dataset: Dataset, context: { resultsDir: string; buildRoot: string }): Promise<SellerReport | null> {
  try {
    return await runSeller(dataset, context);
  } catch (error) {
    console.error(`Seller section failed, the other figures stand: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return null;
  }
}
