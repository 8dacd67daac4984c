/**
 * Mail sent by the operator commands (the review decisions of shop-review.ts, withdrawal
 * decisions), in the shop's language through messaging/translator.ts.
 * Loaded by plain Node for the operator commands (ADR 004): `.ts` imports only.
 */
import nodemailer from 'nodemailer';
import { outbox } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { Delivery } from '../messaging/delivery';

/**
 * The operator commands' delivery of e-mail. The server's (messaging/delivery.ts) cannot be
 * loaded by plain Node (http/errors.ts, which it imports, uses TypeScript syntax that Node
 * does not strip), so this one does the same with e-mail only: SMTP when SMTP_URL is set,
 * else the outbox in local and test; in production without SMTP the mail is not sent and
 * the command says so (the decision stands).
 */
export function operatorDelivery(config: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'APP_ENV'>): Delivery {
  const mailer = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  const keepsOutbox = config.APP_ENV !== 'production';
  return {
    available: (channel) => channel === 'email' && (Boolean(mailer) || keepsOutbox),
    async send(message, { db, log }) {
      if (message.channel !== 'email') throw new Error('The operator commands send e-mail only.');
      if (mailer) {
        await mailer.sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
        return;
      }
      if (!keepsOutbox) throw new Error('No SMTP_URL is configured: the e-mail was not sent.');
      await db.insert(outbox).values({ channel: 'email', recipient: message.to, subject: message.subject ?? null, body: message.text });
      log.info({ to: message.to, subject: message.subject }, 'message kept in the outbox (no transport configured)');
    },
  };
}
