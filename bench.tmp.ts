import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDir } from './src/server/db/client';
import { migrate } from './src/server/db/migrate';
import { createApp } from './src/server/app';
import { parseEnv } from './src/server/env';
const url = process.env.BENCH_DATABASE_URL;
const h = await openDatabase(url ? { databaseUrl: url } : { dataDir: pgliteDir('/tmp/big') });
await migrate(h);
if (process.env.ANALYZE) { const t = performance.now(); await h.db.execute(sql`ANALYZE`); console.log('ANALYZE ms', Math.round(performance.now() - t)); }
const app = createApp({ db: h.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn' }) });
const [cat] = (await h.db.execute(sql`select id from categories order by id limit 1 offset 3`)).rows as any[];
const [sub] = (await h.db.execute(sql`select id from sub_categories where category_id = ${cat.id} limit 1`)).rows as any[];
const paths = [
  '/products', '/products?sort_type=top_selling', '/products?sort_type=popular_product', '/products?sort_type=newest', '/products?sort_type=just_for_you',
  '/products?sort_type=high_to_low', '/products?sort_type=low_to_high', '/products?sort_type=best_deal',
  '/products?search=headphones', '/products?search=wireless%20headphones&sort_type=low_to_high', '/products?search=zzyzx', '/products?search=tv',
  `/products?category_id=${cat.id}`, `/products?category_id=${cat.id}&sort_type=top_selling`, `/products?category_id=${cat.id}&sub_category_id=${sub.id}&sort_type=low_to_high`,
  '/products?brand_id=3&min_price=10&max_price=100&rating=3', '/products?color_id=2&size_id=3',
  '/products?page=500', '/products?page=5000&per_page=20&sort_type=top_selling',
  '/product-details?product_id=5000', '/home', '/shops', '/blogs', `/category-products?category_id=${cat.id}`,
];
const runs = Number(process.env.RUNS ?? 15);
console.log('path'.padEnd(90), 'status', 'first', 'median', 'p95 (ms)');
for (const path of paths) {
  const times: number[] = [];
  let status = 0;
  let first = 0;
  for (let k = 0; k <= runs; k++) {
    const t = performance.now();
    const r = await app.request('/api' + path);
    await r.text();
    status = r.status;
    const ms = performance.now() - t;
    if (k === 0) first = ms; else times.push(ms);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(path.padEnd(90), status, first.toFixed(1).padStart(6), q(0.5).padStart(6), q(0.95).padStart(6));
}
await h.close();
