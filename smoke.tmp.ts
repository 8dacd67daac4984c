import { openDatabase } from './src/server/db/client';
import { migrate } from './src/server/db/migrate';
import { seedBase, seedCatalog } from './src/server/db/seed';
import { createApp } from './src/server/app';
import { parseEnv } from './src/server/env';
const h = await openDatabase({ dataDir: 'memory://' });
await migrate(h);
let t = performance.now();
await seedBase(h.db);
await seedCatalog(h.db, { products: 120 });
console.log('seed ms', Math.round(performance.now() - t));
const app = createApp({ db: h.db, config: parseEnv({ APP_ENV: 'test', LOG_LEVEL: 'warn' }) });
for (const path of process.argv.slice(2)) {
  t = performance.now();
  const r = await app.request('/api' + path);
  const text = await r.text();
  console.log(path, r.status, Math.round(performance.now() - t), 'ms', text.slice(0, 1500));
}
await h.close();
