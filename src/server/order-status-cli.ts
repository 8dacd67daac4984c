/**
 * Changes an order's status from the command line, until the seller dashboard exists
 * (issue 10, "Order lifecycle"; stop the server first when it runs on the embedded
 * database):
 *   npm run order-status -- <order_code> <status> [note]
 *   npm run orders -- status <order_code> <status> [note]
 * The code is written with or without its "#" (unquoted, a shell reads "#" as a comment).
 * An order moves forward one step at a time (pending, confirm, processing, pickup,
 * on_the_way, delivered) or is cancelled while pending or confirm, which gives back its
 * stock, flash-sale units and voucher use. Each change is written to the order's history.
 */
import { DataDirLockedError, openDatabase, pgliteDir } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { env } from './env.ts';
import { ORDER_FLOW } from '../lib/order-lifecycle.ts';
import { changeOrderStatus, OrderStatusError } from './modules/orders/lifecycle.ts';

const USAGE = `Usage: npm run order-status -- <order_code> <${[...ORDER_FLOW.slice(1), 'cancelled'].join('|')}> [note]`;

const args = process.argv.slice(2);
// `npm run orders -- status …` names the action first.
if (args[0] === 'status') args.shift();
const [code, status, ...noteWords] = args;
if (!code || !status) {
  console.error(USAGE);
  process.exit(2);
}

const { DATABASE_URL, DATA_DIR } = env();
const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: pgliteDir(DATA_DIR) }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message); // Another process holds the embedded database: no stack trace.
  process.exit(1);
});
try {
  await migrate(handle);
  const change = await changeOrderStatus(handle.db, code, status, { note: noteWords.join(' ') });
  console.log(`${change.orderCode}: ${change.from} → ${change.to} (payment ${change.paymentStatus})`);
} catch (error) {
  if (!(error instanceof OrderStatusError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
