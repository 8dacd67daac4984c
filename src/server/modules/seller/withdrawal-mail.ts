/**
 * The e-mail telling a shop's owner the operator's decision on a withdrawal, in the shop's
 * language (`shops.locale`, docs/decisions/017-sellers.md): sent after the decision is
 * committed, through the accounts' mail setup (modules/messaging/delivery.ts). A mail that
 * cannot go is logged by the delivery; the decision stands, and the dashboard's
 * notification says the same. Loaded by plain Node for the operator commands (ADR 004):
 * `.ts` imports only.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { languages, shops, translations, users } from '../../db/schema/index.ts';
import { createTranslator } from '../../../lib/i18n.ts';
import { formatDefaultAmount } from '../../../lib/money.ts';
import { listedCurrencies } from '../master/default-currency.ts';
import type { Delivery } from '../messaging/delivery';
import { billNo, type Withdrawal } from './withdrawals.ts';

const KEYS = [
  'Hello {{name}},',
  'Withdrawal {{bill_no}} approved',
  'Withdrawal {{bill_no}} denied',
  'Your withdrawal {{bill_no}} of {{amount}} was approved.',
  'Your withdrawal {{bill_no}} of {{amount}} was denied. The amount is back in your balance.',
  'Reason',
  'Note',
];

/** Only the messages this mail uses, in `locale` (the English key when a translation is missing). */
async function messagesOf(db: Db, locale: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(and(eq(languages.name, locale), inArray(translations.key, KEYS)));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Sends the decision's mail to the shop's owner; never throws (the decision is already committed). */
export async function sendWithdrawalDecisionMail(db: Db, log: Logger, delivery: Delivery, withdrawal: Withdrawal): Promise<void> {
  try {
    const [owner] = await db
      .select({ name: users.name, email: users.email, locale: shops.locale })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(eq(shops.id, withdrawal.shopId));
    if (!owner?.email || !delivery.available('email')) return;
    const t = createTranslator(owner.locale, await messagesOf(db, owner.locale));
    const values = { bill_no: billNo(withdrawal.id), amount: formatDefaultAmount(withdrawal.amount, await listedCurrencies(db)) };
    const approved = withdrawal.status === 'approved';
    const text = [
      t('Hello {{name}},', { name: owner.name }),
      '',
      approved
        ? t('Your withdrawal {{bill_no}} of {{amount}} was approved.', values)
        : t('Your withdrawal {{bill_no}} of {{amount}} was denied. The amount is back in your balance.', values),
      ...(withdrawal.reason ? ['', `${approved ? t('Note') : t('Reason')}: ${withdrawal.reason}`] : []),
    ].join('\n');
    const subject = approved ? t('Withdrawal {{bill_no}} approved', values) : t('Withdrawal {{bill_no}} denied', values);
    await delivery.send({ channel: 'email', to: owner.email, subject, text }, { db, log });
  } catch {
    // delivery.send has logged why; the decision stands and the dashboard shows it.
  }
}
