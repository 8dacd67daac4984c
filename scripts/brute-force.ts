/**
 * How much abuse a running shop accepts: wrong-password logins for one account, contact
 * form posts and anonymous views of one product, each fired as fast as the server
 * answers for a while, one attack after the other.
 *
 *   npx tsx scripts/brute-force.ts http://127.0.0.1:4500 [more base URLs]
 *     [--seconds 60] [--concurrency 16] [--account customer@example.com]
 *     [--only login,contact,views] [--database-url postgres://...]
 *
 * Several base URLs (server processes sharing one database) take turns, request by
 * request. Prints, per attack, the requests sent and how many the shop accepted, per
 * minute: a login is accepted when the password was checked (422, not 429), a contact
 * post when it was stored (201), a view when it was counted. Counted views are read from
 * the database when --database-url is given (PostgreSQL); otherwise the product's place
 * in the "popular" ranking before and after shows what the views did.
 *
 * Run it against a throwaway server: the account stays refused from this address for the
 * window (the owner elsewhere still signs in, ADR 010) and the contact table fills up.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
    account: { type: 'string', default: 'customer@example.com' },
    only: { type: 'string', default: 'login,contact,views' },
    'database-url': { type: 'string' },
  },
});

if (positionals.length === 0) {
  console.error('usage: npx tsx scripts/brute-force.ts <baseUrl> [more base URLs] [--seconds 60] [--concurrency 16]');
  process.exit(2);
}
const bases = positionals.map((base) => base.replace(/\/+$/, ''));
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
if (!(seconds > 0) || !(concurrency > 0)) throw new Error('--seconds and --concurrency must be positive numbers');

let turn = 0;
/** The next server, round robin. */
const nextBase = () => bases[turn++ % bases.length]!;

interface Tally {
  sent: number;
  byStatus: Map<number | 'error', number>;
}

/** Sends `request()` from `concurrency` loops until the time is up; counts answers by status. */
async function flood(request: () => Promise<Response>): Promise<Tally> {
  const tally: Tally = { sent: 0, byStatus: new Map() };
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      tally.sent++;
      let key: number | 'error';
      try {
        const response = await request();
        await response.arrayBuffer();
        key = response.status;
      } catch {
        key = 'error';
      }
      tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return tally;
}

const perMinute = (n: number) => Math.round((n / seconds) * 60).toLocaleString('en');
const statuses = (tally: Tally) => [...tally.byStatus].map(([status, n]) => `${status}: ${n}`).join(', ');

function report(name: string, tally: Tally, accepted: number, what: string) {
  console.log(`${name.padEnd(8)} sent ${perMinute(tally.sent).padStart(8)}/min, ${what} ${perMinute(accepted).padStart(8)}/min   (${statuses(tally)} in ${seconds} s)`);
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body: JSON.stringify(body),
});

async function attackLogin() {
  let guess = 0;
  const tally = await flood(() => fetch(`${nextBase()}/api/login`, json({ phone: values.account, password: `wrong-${++guess}` })));
  report('login', tally, tally.byStatus.get(422) ?? 0, 'passwords checked');
}

async function attackContact() {
  let n = 0;
  const tally = await flood(() => fetch(`${nextBase()}/api/support`, json({ name: 'Spam Bot', email: 'bot@example.com', subject: `Offer ${++n}`, message: 'Cheap watches.' })));
  report('contact', tally, tally.byStatus.get(201) ?? 0, 'messages stored');
}

interface ProductList {
  data: { total: number; products: { id: number; name: string }[] };
}

/** The product ids in "popular" order (most viewed first). */
async function popularRanking(): Promise<number[]> {
  const ids: number[] = [];
  const perPage = 50;
  for (let page = 1; ; page++) {
    const response = await fetch(`${bases[0]}/api/products?sort_type=popular_product&per_page=${perPage}&page=${page}`);
    const { data } = (await response.json()) as ProductList;
    ids.push(...data.products.map((product) => product.id));
    if (data.products.length < perPage || ids.length >= data.total) return ids;
  }
}

async function attackViews() {
  const database = values['database-url'] ? new pg.Client({ connectionString: values['database-url'] }) : undefined;
  await database?.connect();
  const viewsOf = async (id: number) => Number((await database!.query<{ views: number }>('select views from products where id = $1', [id])).rows[0]?.views);
  try {
    const before = await popularRanking();
    // The least popular product: anything counted moves it.
    const target = before.at(-1)!;
    const viewsBefore = database ? await viewsOf(target) : 0;
    const tally = await flood(() => fetch(`${nextBase()}/api/product-details?product_id=${target}`));
    const rendered = tally.byStatus.get(200) ?? 0;
    if (database) {
      report('views', tally, (await viewsOf(target)) - viewsBefore, 'views counted');
    } else {
      report('views', tally, rendered, 'pages rendered');
    }
    // Listings may be cached for a few seconds: wait before reading the ranking again.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    const after = await popularRanking();
    console.log(`         product ${target}: popular rank ${before.indexOf(target) + 1} of ${before.length} before, ${after.indexOf(target) + 1} after`);
  } finally {
    await database?.end();
  }
}

const attacks: Record<string, () => Promise<void>> = { login: attackLogin, contact: attackContact, views: attackViews };
console.log(`${bases.join(' + ')}: ${seconds} s per attack, ${concurrency} requests at a time`);
for (const name of values.only.split(',')) {
  const attack = attacks[name.trim()];
  if (!attack) throw new Error(`--only: unknown attack "${name}" (login, contact, views)`);
  await attack();
}
