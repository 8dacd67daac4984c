/**
 * The e-mail telling a shop's owner the operator's decision on a withdrawal, in the shop's
 * language (`shops.locale`, docs/decisions/017-sellers.md): sent after the decision is
 * committed, through the given delivery (the operator commands' of seller/shop-mail.ts).
 * A mail that cannot go is reported to the caller; the decision stands, and the
 * dashboard's notification says the same. Loaded by plain Node for the operator commands (ADR 004):
 * `.ts` imports only.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { shops, users } from '../../db/schema/index.ts';
import { translatorFor } from '../messaging/translator.ts';
import { formatDefaultAmount } from '../../../lib/money.ts';
import { isolate, isolateValues } from '../../../lib/bidi.ts';
import { listedCurrencies } from '../master/default-currency.ts';
import type { Delivery } from '../messaging/delivery';
import { billNo, type Withdrawal } from './withdrawals.ts';

/** Sends the decision's mail to the shop's owner: false when it could not go. Never throws (the decision is already committed). */
export async function sendWithdrawalDecisionMail(db: Db, log: Logger, delivery: Delivery, withdrawal: Withdrawal): Promise<boolean> {
  try {
    const [owner] = await db
      .select({ name: users.name, email: users.email, locale: shops.locale })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(eq(shops.id, withdrawal.shopId));
    if (!owner?.email || !delivery.available('email')) return false;
    const t = await translatorFor(db, owner.locale);
    // The bill number and the amount isolated in the owner's sentences (lib/bidi.ts).
    const values = isolateValues({ bill_no: billNo(withdrawal.id), amount: formatDefaultAmount(withdrawal.amount, await listedCurrencies(db)) });
    const approved = withdrawal.status === 'approved';
    const text = [
      t('Hello {{name}},', isolateValues({ name: owner.name })),
      '',
      approved
        ? t('Your withdrawal {{bill_no}} of {{amount}} was approved.', values)
        : t('Your withdrawal {{bill_no}} of {{amount}} was denied. The amount is back in your balance.', values),
      ...(withdrawal.reason ? ['', `${approved ? t('Note') : t('Reason')}: ${isolate(withdrawal.reason)}`] : []),
    ].join('\n');
    const subject = approved ? t('Withdrawal {{bill_no}} approved', values) : t('Withdrawal {{bill_no}} denied', values);
    await delivery.send({ channel: 'email', to: owner.email, subject, text }, { db, log });
    return true;
  } catch {
    return false;
  }
}
