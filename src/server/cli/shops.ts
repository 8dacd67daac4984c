/**
 * The operator's decisions on shops (docs/decisions/017-sellers.md; stop the server first
 * when it runs on the embedded database):
 *
 *   npm run shops -- list [--status pending|active|suspended|rejected]
 *   npm run shops -- approve <id>
 *   npm run shops -- reject <id> --reason "..."
 *   npm run shops -- suspend <id> [--reason "..."]
 *   npm run shops -- resume <id>
 *   npm run shops -- withdrawals ...   (the sellers' withdrawal requests, cli/withdrawals-command.ts)
 *
 * A decision is taken once (modules/seller/shop-review.ts): repeating it says what the
 * shop already is and exits 0; a move the review does not allow exits 1. Each decision
 * notifies the shop and mails its owner in the shop's language (SMTP, or the outbox
 * outside production). A server on PostgreSQL sees the new state at once in every page and
 * listing that reads the database, and in its short-lived caches within a minute (ADR 009).
 */
import { env } from '../env.ts';
import { SHOP_STATUSES, type ShopStatus } from '../../contracts/seller.ts';
import { operatorDelivery } from '../modules/seller/shop-mail.ts';
import { listShopsForReview, REVIEW_DECISIONS, reviewShop, ShopReviewError, type ReviewDecision } from '../modules/seller/shop-review.ts';
import { withdrawalsCommand, WITHDRAWALS_USAGE } from './withdrawals-command.ts';
import { CommandError, parseArguments, runCommand, UsageError, withDatabase } from './run.ts';

const USAGE = [
  `Usage: npm run shops -- list [--status ${SHOP_STATUSES.join('|')}]`,
  '       npm run shops -- approve <id>',
  '       npm run shops -- reject <id> --reason "..."',
  '       npm run shops -- suspend <id> [--reason "..."]',
  '       npm run shops -- resume <id>',
  `       ${WITHDRAWALS_USAGE}`,
].join('\n');

const isDecision = (value: string | undefined): value is ReviewDecision => (REVIEW_DECISIONS as readonly string[]).includes(value ?? '');

await runCommand(USAGE, async () => {
  const args = process.argv.slice(2);
  if (args[0] === 'withdrawals') return withDatabase(({ db }) => withdrawalsCommand(db, args.slice(1)));
  const { values, positionals } = parseArguments({ args, allowPositionals: true, options: { status: { type: 'string' }, reason: { type: 'string' } } });
  const [action, idText, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError('Too many arguments');
  if (action === 'list') {
    if (idText !== undefined || values.reason !== undefined) throw new UsageError('list takes only --status');
    if (values.status !== undefined && !(SHOP_STATUSES as readonly string[]).includes(values.status)) throw new UsageError(`--status must be one of ${SHOP_STATUSES.join(', ')}`);
    return withDatabase(async ({ db }) => {
      const rows = await listShopsForReview(db, values.status as ShopStatus | undefined);
      if (rows.length === 0) console.log('No shop.');
      for (const row of rows) {
        const reason = row.statusReason ? ` (${row.statusReason})` : '';
        console.log(`${row.id}\t${row.name}\t${row.status}${reason}\t${row.ownerEmail ?? row.ownerPhone ?? ''}\tregistered ${row.createdAt.toISOString()}`);
      }
      return 0;
    });
  }
  if (!isDecision(action)) throw new UsageError();
  if (!idText || !/^\d{1,9}$/.test(idText)) throw new UsageError(`${action} needs a shop id`);
  if (values.status !== undefined) throw new UsageError('--status is for list');
  if (values.reason !== undefined && action !== 'reject' && action !== 'suspend') throw new UsageError(`${action} takes no --reason`);
  if (action === 'reject' && !values.reason?.trim()) throw new UsageError('reject needs --reason "...": the owner is told why');
  const config = env();
  return withDatabase(async ({ db }) => {
    const outcome = await reviewShop(db, Number(idText), action, { reason: values.reason, delivery: operatorDelivery(config) }).catch((error: unknown) => {
      if (error instanceof ShopReviewError) throw new CommandError(error.message);
      throw error;
    });
    if (!outcome.changed) {
      console.log(`shop ${outcome.shopId} (${outcome.name}) is already ${outcome.to}: nothing changed.`);
      return 0;
    }
    console.log(`shop ${outcome.shopId} (${outcome.name}): ${outcome.from} → ${outcome.to}`);
    if (outcome.mailError) console.warn(`The owner's e-mail was not sent: ${outcome.mailError}`);
    return 0;
  });
});
