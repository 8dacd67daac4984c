/**
 * `npm run shops -- withdrawals …`: the operator's decisions on sellers' withdrawal
 * requests (docs/decisions/017-sellers.md). Called by cli/shops.ts with the arguments after
 * `withdrawals`; returns the exit code.
 *
 *   list [--status pending|approved|denied]   the latest 100, newest first
 *   approve <id> [--note "..."]               pending → approved
 *   deny <id> --reason "..."                  pending → denied, the amount back in the shop's balance
 *
 * A decision is taken once: deciding again says what it already is (exit 0 for the same
 * decision, 1 for the other one, which stands). Each decision tells the shop on its
 * dashboard and mails its owner in the shop's language.
 */
import { parseArgs } from 'node:util';
import pino, { type Logger } from 'pino';
import { env } from '../env.ts';
import type { Db } from '../db/index.ts';
import { fromMinor } from '../../lib/money.ts';
import type { Delivery } from '../modules/messaging/delivery';
import { operatorDelivery } from '../modules/seller/shop-mail.ts';
import { sendWithdrawalDecisionMail } from '../modules/seller/withdrawal-mail.ts';
import { billNo, decideWithdrawal, listAllWithdrawals, type Withdrawal } from '../modules/seller/withdrawals.ts';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../contracts/seller.ts';

export const WITHDRAWALS_USAGE = 'npm run shops -- withdrawals list [--status pending] | approve <id> [--note "..."] | deny <id> --reason "..."';

/** How the decision's e-mail goes; by default the operator commands' mail (operatorMail). */
export interface WithdrawalMail {
  delivery: Delivery;
  log: Logger;
}

function line(row: Withdrawal): string {
  const decided = row.decidedAt ? ` decided ${row.decidedAt.toISOString()}` : '';
  const reason = row.reason ? ` (${row.reason})` : '';
  return `${row.id}\t${billNo(row.id)}\tshop ${row.shopId}\t${fromMinor(row.amount).toFixed(2)}\t${row.status}${reason}\trequested ${row.createdAt.toISOString()}${decided}`;
}

/** The operator commands' mail (SMTP, or the outbox outside production: seller/shop-mail.ts). */
function operatorMail(): WithdrawalMail {
  const config = env();
  return { delivery: operatorDelivery(config), log: pino({ level: config.LOG_LEVEL }) };
}

export async function withdrawalsCommand(db: Db, args: string[], mail?: WithdrawalMail): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { status: { type: 'string' }, note: { type: 'string' }, reason: { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${WITHDRAWALS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, idText, ...extra] = positionals;
  const usage = (message: string) => {
    console.error(`${message}\nUsage: ${WITHDRAWALS_USAGE}`);
    return 2;
  };
  if (action === 'list') {
    if (idText !== undefined || values.note !== undefined || values.reason !== undefined) return usage('list takes only --status.');
    const status = values.status ?? null;
    if (status !== null && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) return usage(`--status must be one of ${WITHDRAWAL_STATUSES.join(', ')}.`);
    const rows = await listAllWithdrawals(db, status as WithdrawalStatus | null);
    if (rows.length === 0) console.log('No withdrawals.');
    for (const row of rows) console.log(line(row));
    return 0;
  }
  if (action !== 'approve' && action !== 'deny') return usage(action ? `Unknown action: ${action}.` : '');
  const id = Number(idText);
  if (!idText || !/^\d{1,9}$/.test(idText) || id < 1 || extra.length || values.status !== undefined) return usage('Give one withdrawal id.');
  if (action === 'deny' && !values.reason?.trim()) return usage('deny needs --reason "...".');
  if (action === 'approve' && values.reason !== undefined) return usage('approve takes --note, not --reason.');
  if (action === 'deny' && values.note !== undefined) return usage('deny takes --reason, not --note.');
  const decision = action === 'approve' ? { status: 'approved' as const, note: values.note?.trim() || undefined } : { status: 'denied' as const, reason: values.reason!.trim() };
  const outcome = await decideWithdrawal(db, id, decision, new Date());
  if (outcome.kind === 'missing') {
    console.error(`No withdrawal ${id}.`);
    return 1;
  }
  if (outcome.kind === 'already') {
    console.log(`Withdrawal ${id} was already ${outcome.withdrawal.status}; nothing changed.`);
    return 0;
  }
  if (outcome.kind === 'refused') {
    console.error(`Withdrawal ${id} is ${outcome.withdrawal.status}; a decision is final, nothing changed.`);
    return 1;
  }
  console.log(line(outcome.withdrawal));
  const sender = mail ?? operatorMail();
  if (!(await sendWithdrawalDecisionMail(db, sender.log, sender.delivery, outcome.withdrawal))) {
    console.warn("The owner's e-mail was not sent (no SMTP_URL in production, or no e-mail address); the dashboard's notification shows the decision.");
  }
  return 0;
}
