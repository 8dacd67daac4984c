/**
 * A step of startPreparedServer (./servers.ts) for the order pages' spec: on the variant
 * server's fresh database, a new shopper per e-mail address given (with the demo
 * accounts' password) gets one cash-on-delivery order of two products of one shop,
 * placed through the API, which the operator command (`npm run orders -- status`,
 * src/server/cli/orders.ts) then moves step by step to delivered, as an operator would.
 *   npx tsx tests/e2e/support/delivered-orders.ts a@example.test b@example.test
 */
import { spawnSync } from 'node:child_process';
import { like } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '@/server/app';
import { openDatabase, pgliteDir } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { createUser } from '@/server/db/seed/factories';
import { env } from '@/server/env';
import { issueAccessToken } from '@/server/modules/auth/tokens';
import { randomPhone } from '../../support/people';
import { firstChoice, type ProductCard } from './shopper-api';

const emails = process.argv.slice(2);
if (emails.length === 0 || emails.some((email) => !email.includes('@'))) throw new Error('Usage: delivered-orders.ts <e-mail>...');

const config = env();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir(config.DATA_DIR) });
const codes: string[] = [];
try {
  const app = createApp({ db: handle.db, config, log: pino({ level: 'warn' }) });
  for (const email of emails) {
    const user = await createUser(handle.db, { name: 'Review Tester', email, phone: randomPhone() });
    const { token } = await issueAccessToken(handle.db, user.id);
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await app.request(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await response.json()) as { message: string; data: any };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
      return answer.data;
    };
    const address = await call('POST', '/address/store', { name: 'Review Tester', phone: '2025550177', address_line: '9 Review Road', area: 'Uptown', address_type: 'home' });
    const { products } = await call('GET', '/products?per_page=100&sort_type=newest');
    const inStock = (products as ProductCard[]).filter((product) => product.quantity > 5);
    const shopId = inStock.find((product) => inStock.filter((other) => other.shop.id === product.shop.id).length >= 2)!.shop.id;
    const [first, second] = inStock.filter((product) => product.shop.id === shopId);
    await call('POST', '/cart/store', { product_id: first!.id, quantity: 2, ...firstChoice(first!) });
    await call('POST', '/cart/store', { product_id: second!.id, quantity: 1, ...firstChoice(second!) });
    const placed = await call('POST', '/place-order', { shop_ids: [shopId], address_id: address.address?.id ?? address.id, payment_method: 'cash', note: 'Please ring the bell' });
    const code: string = placed.orders[0].order_code;
    codes.push(code);
    // The confirmation mail goes out after the answer (to the outbox here): let it finish before the database closes.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (
        (
          await handle.db
            .select({ id: outbox.id })
            .from(outbox)
            .where(like(outbox.subject, `%${code}%`))
        ).length
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
} finally {
  await handle.close();
}

// The embedded database is closed: the command opens it, as an operator's would with the server stopped.
for (const code of codes) {
  for (const status of ['confirm', 'processing', 'pickup', 'on_the_way', 'delivered']) {
    const result = spawnSync('node', ['src/server/cli/orders.ts', 'status', code.replace('#', ''), status], { env: process.env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`order-status ${code} ${status} failed:\n${result.stderr}`);
  }
}
