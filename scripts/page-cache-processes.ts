/**
 * The page cache stays right with two server processes on one PostgreSQL
 * (docs/decisions/018-page-cache.md):
 *
 *   npm run page-cache-processes
 *
 * Starts PostgreSQL (bench/postgres.ts) and two production servers, A and B, on one seeded
 * database, then:
 *   1. a product the demo seller adds through A (95% off, so home's best deals list it) is
 *      cached as a guest page on both; its price changed through A's seller API shows on
 *      B's product page, listing and home page at once (within SIGNAL_LIMIT_MS, the
 *      NOTIFY's delay);
 *   2. PostgreSQL restarts: both serve again, B's listener comes back, and a price changed
 *      through A after the restart shows on B at once (pages cached before the restart are
 *      not trusted after it);
 *   3. an order placed through A moves the stock B's cached page shows within SIGNAL_LIMIT_MS
 *      (served as it was at most while one render refreshes it);
 *   4. guests and signed-in shoppers load the same page on both processes at once: every
 *      guest gets a guest page, every shopper a page of their own, none anyone else's.
 * A signed-in shopper's product page, whose body B keeps rendered (components/RenderedOnce.astro),
 * is watched in 1 and 2 beside the guest pages.
 * Exits 1 on any violation.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { runCleanups } from './bench/cleanup.ts';
import { startCluster } from './bench/postgres.ts';
import { prepareBuild, prepareData, startServer, type RunningServer } from './bench/server.ts';
import { signInShoppers, withDatabase } from './bench/shoppers.ts';

const ROOT = path.resolve('bench-results', 'page-cache-processes');
const RUN_DATABASE = 'page_cache_run';
/** A change made through one process shows on the other this soon (the signal's delay, on a busy 2-core machine). */
const SIGNAL_LIMIT_MS = 1_000;
/** Both processes serve again this soon after a PostgreSQL restart. */
const RECOVERY_LIMIT_MS = 15_000;

interface Json {
  status: number;
  body: { message?: string; data?: any } | null;
}

async function api(server: RunningServer, method: 'GET' | 'POST', pathName: string, token?: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${server.origin}/api${pathName}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const page = async (server: RunningServer, pathName: string, cookie?: string) => {
  const response = await fetch(`${server.origin}${pathName}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, cache: response.headers.get('x-page-cache'), control: response.headers.get('cache-control'), html: await response.text() };
};

/** Milliseconds until `pathName` on `server` contains `text`, or Infinity past `limitMs`. */
async function shows(server: RunningServer, pathName: string, text: string, limitMs: number, cookie?: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await page(server, pathName, cookie)).html.includes(text)) return performance.now() - started;
    if (performance.now() - started > limitMs) return Number.POSITIVE_INFINITY;
    await sleep(25);
  }
}

async function servesAgain(server: RunningServer): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await fetch(`${server.origin}/api/master`).catch(() => null);
    if (answer?.status === 200) return performance.now() - started;
    if (performance.now() - started > RECOVERY_LIMIT_MS) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

const money = (amount: number) => `$${amount.toFixed(2)}`;

async function main(): Promise<string[]> {
  const violations: string[] = [];
  const buildRoot = prepareBuild();
  const cluster = await startCluster(path.join(ROOT, 'postgres-cluster'), false);
  const template = await cluster.database('page_cache_template');
  await prepareData(path.join(ROOT, 'template'), { products: 200, fresh: false }, template);
  const databaseUrl = await cluster.copyDatabase('page_cache_template', RUN_DATABASE);
  const target = { dataDir: path.join(ROOT, 'data'), databaseUrl };
  const emails = Array.from({ length: 8 }, (_, index) => `page-cache-${index + 1}@example.test`);
  const shoppers = await withDatabase(target, (db) => signInShoppers(db, emails, { address: true }));

  const servers: RunningServer[] = [];
  for (const name of ['a', 'b']) {
    const dataDir = path.join(ROOT, `data-${name}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    servers.push(await startServer(dataDir, ROOT, { databaseUrl, buildRoot, name: `server-${name}` }));
  }
  const [a, b] = servers as [RunningServer, RunningServer];
  try {
    // 1. A product of the demo seller's, cached on both, repriced through A.
    const login = await api(a, 'POST', '/seller/login', undefined, { contact: 'seller@example.com', password: 'password' });
    const token = login.body?.data?.access?.token as string;
    const created = await api(a, 'GET', '/seller/product/create-data', token);
    const category = created.body?.data?.categories?.[0]?.id as number;
    const name = `Cached lamp ${Date.now().toString(36)}`;
    // 95% off: the deepest discount of the catalogue, so home's "Best Deals" lists it first.
    const fields = { name, category, price: 200, discount_price: 10, quantity: 3 };
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 240, g: 180, b: 60 } } })
      .png()
      .toBuffer();
    form.set('thumbnail', new File([new Uint8Array(picture)], 'lamp.png', { type: 'image/png' }));
    const storedAnswer = await fetch(`${a.origin}/api/seller/product/store`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: form,
    });
    const stored: Json = { status: storedAnswer.status, body: await storedAnswer.json() };
    const productId = stored.body?.data?.product?.id as number;
    if (!productId) throw new Error(`the product was not created: ${stored.status} ${JSON.stringify(stored.body)}`);
    const productPath = `/products/${productId}/details`;
    const listingPath = `/products?search=${encodeURIComponent(name)}`;
    const watched = [productPath, listingPath, '/'];
    if (!(await page(a, '/')).html.includes(name)) violations.push('the home page does not list the new 95%-off product among its best deals');
    for (const server of servers) {
      for (const pathName of [productPath, listingPath]) {
        await page(server, pathName);
        const again = await page(server, pathName);
        if (again.cache !== 'HIT') violations.push(`${pathName} on ${server.origin}: the second guest request was ${again.cache ?? 'not cached'}`);
      }
    }
    // A signed-in shopper's product page: its body is rendered once and kept on each process.
    const reader = `session=${shoppers[1]!.token}`;
    const warmSignedIn = async () => {
      for (const server of servers) for (let visit = 0; visit < 2; visit += 1) await page(server, productPath, reader);
    };
    for (const server of servers) {
      await page(server, '/');
      await page(server, '/');
    }
    await warmSignedIn();
    // The price a shopper pays is the discounted one: that is what the pages show.
    const reprice = async (price: number, label: string) => {
      const updated = await api(a, 'POST', `/seller/product/${productId}/update`, token, { ...fields, discount_price: price });
      if (updated.status !== 200) violations.push(`${label}: the price change answered ${updated.status} ${updated.body?.message}`);
      for (const pathName of watched) {
        const ms = await shows(b, pathName, money(price), SIGNAL_LIMIT_MS * 5);
        console.log(`${label}: ${pathName} on B shows ${money(price)} after ${Number.isFinite(ms) ? Math.round(ms) : '∞'} ms`);
        if (ms > SIGNAL_LIMIT_MS) violations.push(`${label}: ${pathName} on B showed the new price after ${Math.round(ms)} ms (limit ${SIGNAL_LIMIT_MS} ms)`);
      }
      const ms = await shows(b, productPath, money(price), SIGNAL_LIMIT_MS * 5, reader);
      console.log(`${label}: ${productPath} signed in on B shows ${money(price)} after ${Number.isFinite(ms) ? Math.round(ms) : '∞'} ms`);
      if (ms > SIGNAL_LIMIT_MS) violations.push(`${label}: ${productPath} signed in on B showed the new price after ${Math.round(ms)} ms (limit ${SIGNAL_LIMIT_MS} ms)`);
    };
    await reprice(10.45, 'before the restart');

    // 2. PostgreSQL restarts: listeners come back, and a change made afterwards reaches B at once.
    for (const server of servers) await page(server, productPath);
    cluster.restart();
    for (const [label, server] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const ms = await servesAgain(server);
      if (ms > RECOVERY_LIMIT_MS) violations.push(`${label} did not serve again after the restart`);
    }
    // The listener checks its connection every 2 s; give it that to come back before the change.
    await sleep(3_000);
    for (const server of servers) {
      for (const pathName of watched) {
        await page(server, pathName);
        await page(server, pathName);
      }
    }
    await warmSignedIn();
    await reprice(11.5, 'after the restart');

    // An order through A moves the stock B's cached page shows: B serves it as it was at
    // most while one render refreshes it (a soft invalidation), then the new stock.
    const buyer = shoppers[0]!;
    const added = await api(a, 'POST', '/cart/store', buyer.token, { product_id: productId, quantity: 1 });
    const placed = await api(a, 'POST', '/place-order', buyer.token, { shop_ids: [login.body?.data?.user?.shop?.id], address_id: buyer.addressId, payment_method: 'cash' });
    if (added.status !== 200 || placed.status !== 201) violations.push(`the order through A answered ${added.status} / ${placed.status} ${placed.body?.message}`);
    else {
      const ms = await shows(b, productPath, 'Only 2 left in stock', SIGNAL_LIMIT_MS * 5);
      console.log(`an order through A: ${productPath} on B shows the stock it left after ${Number.isFinite(ms) ? Math.round(ms) : '∞'} ms`);
      if (ms > SIGNAL_LIMIT_MS) violations.push(`an order through A: B showed the new stock after ${Math.round(ms)} ms (limit ${SIGNAL_LIMIT_MS} ms)`);
    }

    // 3. Guests and shoppers at once, on both processes: nobody gets another's page.
    // Each process holds the page fresh for guests first (the order left it stale): shoppers'
    // pages are then built from that copy with their own parts put in.
    for (const server of servers) {
      for (let tries = 0; tries < 20 && (await page(server, productPath)).cache !== 'HIT'; tries += 1) await sleep(50);
    }
    const loads = await Promise.all(
      Array.from({ length: 64 }, async (_, index) => {
        const server = servers[index % 2]!;
        const shopper = index % 4 === 0 ? shoppers[(index / 4) % shoppers.length]! : null;
        const answer = await page(server, productPath, shopper ? `session=${shopper.token}` : undefined);
        return { shopper, answer };
      }),
    );
    for (const { shopper, answer } of loads) {
      if (answer.status !== 200) violations.push(`a ${shopper ? 'shopper' : 'guest'} got ${answer.status}`);
      else if (shopper) {
        // Their own render, or the guest copy with their own parts put in (PERSONALIZED): never a cached page as it is.
        const theirs = answer.html.includes('data-signed-in="true"') && answer.html.includes(`aria-label="${shopper.name}"`);
        const others = shoppers.filter((other) => other !== shopper && answer.html.includes(`aria-label="${other.name}"`));
        if (!theirs || others.length > 0 || (answer.cache !== null && answer.cache !== 'PERSONALIZED') || answer.control !== 'private, no-store')
          violations.push(`a signed-in shopper got a page that is not theirs alone (cache ${answer.cache}, ${answer.control}, others' names: ${others.length})`);
      } else if (!answer.html.includes('data-signed-in="false"')) violations.push('a guest got a signed-in page');
    }
    const built = loads.filter(({ shopper, answer }) => shopper && answer.cache === 'PERSONALIZED').length;
    console.log(`guests and shoppers at once: ${loads.filter(({ shopper }) => shopper).length} signed-in pages, ${built} built from a guest copy`);
    for (const [label, server] of [
      ['A', a],
      ['B', b],
    ] as const)
      if (!server.alive()) violations.push(`server ${label} exited`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await cluster.stop();
  }
  return violations;
}

main()
  .then(async (violations) => {
    await runCleanups();
    if (violations.length) {
      console.error(`page cache with two processes: ${violations.length} violation(s)\n- ${violations.join('\n- ')}`);
      process.exit(1);
    }
    console.log('page cache with two processes: every change reached the other process at once; no page was served to anyone else');
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  });
