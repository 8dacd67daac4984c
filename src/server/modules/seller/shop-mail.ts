/**
 * Mail to a shop's owner in the shop's language (`shops.locale`, the language the owner
 * last used on the shop's forms), for the review decisions (shop-review.ts). The messages
 * are the catalogue's (ADR 003), read here without the server's caches so that the
 * operator commands can use them too.
 * Loaded by plain Node for the operator commands (ADR 004): `.ts` imports only.
 */
import nodemailer from 'nodemailer';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { languages, outbox, translations } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { createTranslator, type Translate } from '../../../lib/i18n.ts';
import type { Delivery } from '../messaging/delivery';

/** The translator of an active language, English source text when the shop has no such language. */
export async function translatorFor(db: Db, locale: string): Promise<Translate> {
  const rows = await db
    .select({ key: translations.key, value: translations.value })
    .from(translations)
    .innerJoin(languages, eq(languages.id, translations.languageId))
    .where(and(eq(languages.name, locale), eq(languages.isActive, true)));
  return createTranslator(locale, Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

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
