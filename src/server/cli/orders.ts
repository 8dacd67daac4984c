/**
 * The operator's order commands (the statuses of docs/product.md §3.5; stop the server
 * first when it runs on the embedded database):
 *
 *   npm run order-status -- <order_code> <status> [note]
 *   npm run orders -- status <order_code> <status> [note]
 *   npm run orders -- refunds [--failed]
 *
 * `status`: the code is written with or without its "#" (unquoted, a shell reads "#" as a
 * comment). The operator may do what the shop may (lib/order-lifecycle.ts, the same
 * function as the seller's dashboard, orders/lifecycle.ts changeOrderStatus): move an
 * order forward one step at a time (pending, confirm, processing, pickup, on_the_way,
 * delivered; delivered collects cash on delivery and credits the shop's net) or cancel
 * it while pending, confirm or processing, which gives back its stock, flash-sale units
 * and voucher use, and refunds an order paid online through its payment provider. Each
 * change is written once to the order's history as the operator's; asking for a status
 * the order has reached already changes nothing. The shopper's e-mail of the change is
 * the server's (this command runs without the mail setup): none is sent from here.
 *
 * `refunds`: sends the refunds still owed (a provider down at the cancel, a crash), each
 * once; `--failed` sends the ones the provider refused again too (after the cause is
 * fixed). Exits 1 while any is left unsent.
 */
import { ORDER_FLOW } from '../../lib/order-lifecycle.ts';
import { fromMinor } from '../../lib/money.ts';
import { refreshStock } from '../cache.ts';
import { env } from '../env.ts';
import { changeOrderStatus, OrderStatusError } from '../modules/orders/lifecycle.ts';
import { sendOwedRefunds, sendRefund, type RefundOutcome } from '../modules/payments/refunds.ts';
import { closeStalePaymentPage } from '../modules/payments/stale-pages.ts';
import { configuredPaymentProviders } from '../modules/payments/stripe.ts';
import { CommandError, runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = [`Usage: npm run orders -- status <order_code> <${[...ORDER_FLOW.slice(1), 'cancelled'].join('|')}> [note]`, '       npm run orders -- refunds [--failed]'].join(
  '\n',
);

/** One line per refund: what went back, or why not yet. */
function describe(outcome: RefundOutcome): string {
  const money = `${fromMinor(outcome.amount).toFixed(2)} ${outcome.currency.toUpperCase()}`;
  if (outcome.status === 'succeeded') return `refund ${outcome.refundId} of order ${outcome.orderId}: ${money} refunded (${outcome.providerReference})`;
  if (outcome.status === 'failed') return `refund ${outcome.refundId} of order ${outcome.orderId}: ${money} refused by the provider: ${outcome.error}`;
  return `refund ${outcome.refundId} of order ${outcome.orderId}: ${money} still owed (${outcome.error}); run npm run orders -- refunds`;
}

await runCommand(USAGE, async () => {
  const args = process.argv.slice(2);
  const refundsAction = args[0] === 'refunds';
  // `npm run orders -- status …` names the action first; `npm run order-status -- …` does not.
  if (args[0] === 'status') args.shift();
  const [code, status, ...noteWords] = args;
  if (refundsAction ? args.slice(1).some((arg) => arg !== '--failed') : !code || !status) throw new UsageError();
  const providers = configuredPaymentProviders(env());
  return withDatabase(async ({ db }) => {
    if (refundsAction) {
      const results = await sendOwedRefunds(db, providers, { includeFailed: args.includes('--failed') });
      if (results.length === 0) console.log('No refund is owed.');
      let unsent = 0;
      for (const { refund, outcome } of results) {
        console.log(outcome ? describe(outcome) : `refund ${refund.id} of order ${refund.orderId}: being sent by another process`);
        if (outcome?.status !== 'succeeded') unsent += 1;
      }
      return unsent > 0 ? 1 : 0;
    }
    const change = await changeOrderStatus(db, code!, status!, { actor: 'operator', note: noteWords.join(' ') }).catch((error: unknown) => {
      if (error instanceof OrderStatusError) throw new CommandError(`${error.message}\n${USAGE}`);
      throw error;
    });
    if (!change.changed) {
      console.log(`${change.orderCode}: already ${change.to}, nothing changed (now ${change.from}, payment ${change.paymentStatus})`);
      return 0;
    }
    console.log(`${change.orderCode}: ${change.from} → ${change.to} (payment ${change.paymentStatus})`);
    // Committed: the money of an order paid online goes back through its provider now.
    if (change.refundId !== null) {
      // The cancel stands either way; a refund not sent stays owed and is said so.
      const outcome = await sendRefund(db, providers, change.refundId);
      if (outcome) (outcome.status === 'succeeded' ? console.log : console.warn)(describe(outcome));
    }
    // An unpaid checkout's open payment page no longer asks for what is owed: it is closed.
    if (change.to === 'cancelled') {
      await closeStalePaymentPage(db, providers, console, change.orderId);
      // Its stock is back on sale: the running servers (on PostgreSQL) refresh the pages showing it.
      await refreshStock(db);
    }
    return 0;
  });
});
