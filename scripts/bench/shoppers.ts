/**
 * Signed-in shoppers for the commerce bench (commerce.ts) and the crash script
 * (scripts/crash-placement.ts), and what they put in their carts.
 *
 * Shoppers are accounts made with the seed's factory (createUser) and signed in by issuing
 * their bearer tokens straight into the database (auth/tokens.ts, as POST /login does), while
 * no server holds it: PGlite allows one process per data directory. Signing 50 shoppers in
 * through POST /login from one address instead would pay argon2 50 times before the
 * measurement and run into `login:ip` (rate-limit/limits.ts: every attempt is counted
 * before the password is checked and refunded after, 50 per 15 minutes), and the limits
 * are the product's, not the bench's to loosen.
 */
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, openDatabase, pgliteDir } from '../../src/server/db/client.ts';
import { accessTokens, addresses, users } from '../../src/server/db/schema/index.ts';
import { createAddress, createUser } from '../../src/server/db/seed/factories.ts';
import { issueAccessToken } from '../../src/server/modules/auth/tokens.ts';

/** Where a seeded database lives: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`. */
export interface DatabaseTarget {
  dataDir: string;
  databaseUrl: string | null;
}

/** Opens the database (the server must be stopped for PGlite), runs `work`, closes it. */
export async function withDatabase<T>(target: DatabaseTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl ?? undefined, dataDir: pgliteDir(target.dataDir) });
  // pg's Pool.end() resolves before its idle connections have closed: a cluster stopped right
  // after (the bench's clean-up) terminates them, and an 'error' event without a listener
  // would end this process. Nothing is in flight by then, so such an error is ignored.
  const pool = (handle.db as unknown as { $client?: { on?(event: 'error', listener: () => void): void } }).$client;
  if (handle.dialect === 'postgres') pool?.on?.('error', () => {});
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Rows of a raw statement, on PGlite and node-postgres alike. */
export async function rows<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Shopper {
  userId: number;
  email: string;
  /** The name their pages show them by. */
  name: string;
  token: string;
  /** An address of the shopper's, when asked for one. */
  addressId: number | null;
}

/** A phone number of 10 digits derived from the e-mail: distinct per shopper, stable between runs. */
function phoneOf(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 15)}`) % 9_000_000_000n;
  return String(1_000_000_000n + digits);
}

/**
 * The accounts with these e-mails (made when missing, password "password"), each with a
 * fresh token, earlier tokens of theirs deleted, and their cart lines removed so that a run
 * starts from empty carts. With `address`, each has an address (its first, else a new one).
 */
export async function signInShoppers(db: Db, emails: string[], options: { address: boolean }): Promise<Shopper[]> {
  const existing = emails.length
    ? await db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            emails.map((email) => email.toLowerCase()),
          ),
        )
    : [];
  const byEmail = new Map(existing.map((row) => [(row.email ?? '').toLowerCase(), { id: row.id, name: row.name }]));
  const shoppers: Shopper[] = [];
  for (const [index, email] of emails.entries()) {
    let account = byEmail.get(email.toLowerCase());
    if (account === undefined) {
      const user = await createUser(db, { name: `Bench Shopper ${index + 1}`, email, phoneCode: '1', phone: phoneOf(email), country: 'United States' });
      account = { id: user.id, name: user.name };
    }
    const userId = account.id;
    await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
    const { token } = await issueAccessToken(db, userId, 'bench');
    let addressId: number | null = null;
    if (options.address) {
      const [first] = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).limit(1);
      addressId = first?.id ?? (await createAddress(db, { userId, isDefault: true })).id;
    }
    shoppers.push({ userId, email, name: account.name, token, addressId });
  }
  const ids = shoppers.map((shopper) => shopper.userId);
  if (ids.length) await db.execute(sql`delete from cart_items where cart_id in (select id from carts where user_id in ${sql.raw(`(${ids.join(',')})`)})`);
  return shoppers;
}

/** A product a shopper can put in a cart: active, in an active shop, with stock. */
export interface Candidate {
  productId: number;
  shopId: number;
  stock: number;
  /** The size and colour a shopper picks (the product's first), which an add needs when it has a choice (docs/product.md §4.6). */
  choice: Choice;
  /** A running flash sale has units left for it (whether its price wins is the price module's call). */
  onSale: boolean;
}

export async function cartCandidates(db: Db, minStock: number): Promise<Candidate[]> {
  const found = await rows<{ id: number; shop_id: number; quantity: number; on_sale: boolean; size_id: number | null; color_id: number | null }>(
    db,
    sql`select p.id, p.shop_id, p.quantity,
          (select min(ps.size_id) from product_sizes ps where ps.product_id = p.id) as size_id,
          (select min(pc.color_id) from product_colors pc where pc.product_id = p.id) as color_id,
          exists (select 1 from flash_sale_products fsp join flash_sales fs on fs.id = fsp.flash_sale_id
                  where fsp.product_id = p.id and fs.is_active and fs.start_date <= now() and fs.end_date > now() and fsp.sold < fsp.quantity) as on_sale
        from products p join shops s on s.id = p.shop_id
        where p.is_active and s.is_active and p.quantity >= ${minStock}
        order by p.id`,
  );
  return found.map((row) => ({
    productId: Number(row.id),
    shopId: Number(row.shop_id),
    stock: Number(row.quantity),
    onSale: Boolean(row.on_sale),
    choice: { ...(row.size_id === null ? {} : { size: Number(row.size_id) }), ...(row.color_id === null ? {} : { color: Number(row.color_id) }) },
  }));
}

/** A cart line's size and colour, as POST /cart/store takes them. */
export interface Choice {
  size?: number;
  color?: number;
}

export interface StockSnapshot {
  products: Map<number, { quantity: number; totalSold: number }>;
  /** Key `${flashSaleId}:${productId}`. */
  sales: Map<string, { quantity: number; sold: number }>;
  /** The highest order and payment ids: what comes after was placed since. */
  maxOrderId: number;
  maxPaymentId: number;
}

export async function stockSnapshot(db: Db): Promise<StockSnapshot> {
  const productRows = await rows<{ id: number; quantity: number; total_sold: number }>(db, sql`select id, quantity, total_sold from products`);
  const saleRows = await rows<{ flash_sale_id: number; product_id: number; quantity: number; sold: number }>(
    db,
    sql`select flash_sale_id, product_id, quantity, sold from flash_sale_products`,
  );
  const [maxima] = await rows<{ orders: number | null; payments: number | null }>(
    db,
    sql`select (select max(id) from orders) as orders, (select max(id) from payments) as payments`,
  );
  return {
    products: new Map(productRows.map((row) => [Number(row.id), { quantity: Number(row.quantity), totalSold: Number(row.total_sold) }])),
    sales: new Map(saleRows.map((row) => [`${row.flash_sale_id}:${row.product_id}`, { quantity: Number(row.quantity), sold: Number(row.sold) }])),
    maxOrderId: Number(maxima?.orders ?? 0),
    maxPaymentId: Number(maxima?.payments ?? 0),
  };
}

/**
 * How stock, units sold and flash-sale allocations moved since `before`, against the
 * units in the orders placed since (order_items of orders with id > before.maxOrderId
 * of the given users) and, when given, the units the client knows it ordered. Each
 * mismatch is one line of the result; none means every unit is accounted for.
 */
export async function stockProblems(
  db: Db,
  before: StockSnapshot,
  userIds: number[],
  expectedUnits?: Map<number, number>,
): Promise<{ problems: string[]; units: number; saleUnits: number; products: number }> {
  const after = await stockSnapshot(db);
  const idList = sql.raw(`(${userIds.length ? userIds.join(',') : 'null'})`);
  const ordered = await rows<{ product_id: number; flash_sale_id: number | null; units: number }>(
    db,
    sql`select oi.product_id, oi.flash_sale_id, sum(oi.quantity)::int as units
        from order_items oi join orders o on o.id = oi.order_id
        where o.id > ${before.maxOrderId} and o.user_id in ${idList}
        group by oi.product_id, oi.flash_sale_id`,
  );
  const unitsByProduct = new Map<number, number>();
  const unitsBySale = new Map<string, number>();
  for (const row of ordered) {
    const productId = Number(row.product_id);
    unitsByProduct.set(productId, (unitsByProduct.get(productId) ?? 0) + Number(row.units));
    if (row.flash_sale_id !== null) unitsBySale.set(`${row.flash_sale_id}:${productId}`, (unitsBySale.get(`${row.flash_sale_id}:${productId}`) ?? 0) + Number(row.units));
  }
  const problems: string[] = [];
  for (const [productId, was] of before.products) {
    const now = after.products.get(productId);
    if (!now) {
      problems.push(`product ${productId} is gone`);
      continue;
    }
    const units = unitsByProduct.get(productId) ?? 0;
    if (was.quantity - now.quantity !== units) problems.push(`product ${productId}: stock ${was.quantity} -> ${now.quantity}, but orders hold ${units} units`);
    if (now.totalSold - was.totalSold !== units) problems.push(`product ${productId}: total_sold ${was.totalSold} -> ${now.totalSold}, but orders hold ${units} units`);
    if (now.quantity < 0) problems.push(`product ${productId}: stock below 0 (${now.quantity})`);
    const expected = expectedUnits?.get(productId) ?? 0;
    if (expectedUnits && units !== expected) problems.push(`product ${productId}: orders hold ${units} units, the successful answers ordered ${expected}`);
  }
  for (const [key, was] of before.sales) {
    const now = after.sales.get(key);
    if (!now) continue;
    const units = unitsBySale.get(key) ?? 0;
    if (now.sold > now.quantity) problems.push(`flash sale ${key}: sold ${now.sold} above its allocation ${now.quantity}`);
    if (now.sold - was.sold !== units) problems.push(`flash sale ${key}: sold ${was.sold} -> ${now.sold}, but orders took ${units} sale units`);
  }
  for (const key of unitsBySale.keys()) if (!before.sales.has(key)) problems.push(`flash sale ${key}: ordered at a sale price the snapshot did not have`);
  const units = [...unitsByProduct.values()].reduce((sum, value) => sum + value, 0);
  const saleUnits = [...unitsBySale.values()].reduce((sum, value) => sum + value, 0);
  return { problems, units, saleUnits, products: unitsByProduct.size };
}

/** A small seeded random generator (mulberry32): the same seed picks the same carts. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Line {
  productId: number;
  shopId: number;
  quantity: number;
  choice: Choice;
}

/**
 * Cart lines from `shops` distinct shops, 1 to `maxLinesPerShop` products in each,
 * 1 to `maxQuantity` units each, drawn from the candidates with `next`.
 */
export function drawLines(candidates: Candidate[], next: () => number, shape: { shops: number; maxLinesPerShop: number; maxQuantity: number }): Line[] {
  const byShop = new Map<number, Candidate[]>();
  for (const candidate of candidates) byShop.set(candidate.shopId, [...(byShop.get(candidate.shopId) ?? []), candidate]);
  const shopIds = [...byShop.keys()];
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const chosenShops: number[] = [];
  while (chosenShops.length < Math.min(shape.shops, shopIds.length)) {
    const shopId = pick(shopIds);
    if (!chosenShops.includes(shopId)) chosenShops.push(shopId);
  }
  const lines: Line[] = [];
  for (const shopId of chosenShops) {
    const products = byShop.get(shopId)!;
    const count = Math.min(products.length, 1 + Math.floor(next() * shape.maxLinesPerShop));
    const taken = new Map<number, Candidate>();
    while (taken.size < count) {
      const product = pick(products);
      taken.set(product.productId, product);
    }
    for (const { productId, choice } of taken.values()) lines.push({ productId, shopId, quantity: 1 + Math.floor(next() * shape.maxQuantity), choice });
  }
  return lines;
}

export interface Answer {
  status: number;
  ms: number;
  body: { message?: string; data?: unknown; errors?: Record<string, string[]> } | null;
  /** A transport failure (refused, reset by a killed server): status is 0. */
  error?: string;
}

/** One JSON call of the API as a client makes it, timed from send to the whole body read. */
export async function call(origin: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, ms: performance.now() - started, body: parsed };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { status: 0, ms: performance.now() - started, body: null, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

/** The first complaint of an answer, for a failure line. */
export function complaint(answer: Answer): string {
  if (answer.error) return answer.error;
  const first = Object.values(answer.body?.errors ?? {})[0]?.[0];
  return `${answer.status} ${first ?? answer.body?.message ?? ''}`.trim();
}

/** Payments and orders the given users have since `before`, for checks after a run. */
export async function placedSince(db: Db, before: StockSnapshot, userIds: number[]) {
  const idList = sql.raw(`(${userIds.length ? userIds.join(',') : 'null'})`);
  const payments = await rows<{ id: number; user_id: number; amount: number }>(
    db,
    sql`select id, user_id, amount from payments where id > ${before.maxPaymentId} and user_id in ${idList}`,
  );
  const orders = await rows<{ id: number; user_id: number; shop_id: number; payment_id: number | null; payable_amount: number }>(
    db,
    sql`select id, user_id, shop_id, payment_id, payable_amount from orders where id > ${before.maxOrderId} and user_id in ${idList}`,
  );
  return { payments, orders };
}
