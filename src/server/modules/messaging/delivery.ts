import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { outbox } from '../../db/schema';
import type { Env } from '../../env';
import { ApiError } from '../../http/errors';
import { summarizeError } from '../../http/log-safe';

/** One message to one person, already in their language. */
export interface Message {
  channel: 'email' | 'sms';
  /** An e-mail address, or a phone number with its country code (+9665…). */
  to: string;
  /** E-mail only. */
  subject?: string;
  /** Plain text. */
  text: string;
}

/** A real SMS gateway (none is configured yet): sends one text or throws. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** E-mail through SMTP (nodemailer, configured by SMTP_URL). */
class Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }
}

export interface Delivery {
  /** Whether `channel` can take a message now: a transport, or the outbox outside production. */
  available(channel: Message['channel']): boolean;
  /**
   * Sends a message, or keeps it in the outbox (and the log) while the environment is
   * local or test and the channel has no transport. A message that cannot go anywhere
   * throws the 503 `unavailable()`, after logging why: never dropped silently.
   */
  send(message: Message, where: { db: Db; log: Logger }): Promise<void>;
}

const UNSENT = 'The message could not be sent. Please try again later.';

/** No transport for `channel` in production: logged as an error, answered with 503. */
export function unavailable(log: Logger, channel: Message['channel']): ApiError {
  log.error({ channel }, `no transport configured for ${channel} (SMTP_URL, or an SMS provider): message not sent`);
  return new ApiError(503, UNSENT);
}

/**
 * The delivery of this server: e-mail by SMTP when SMTP_URL is set, SMS by `sms` when
 * one is given; otherwise the outbox in local and test, and a refusal in production.
 */
export function createDelivery(config: Env, sms?: SmsProvider): Delivery {
  const mailer = config.SMTP_URL ? new Mailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const keepsOutbox = config.APP_ENV !== 'production';
  const hasTransport = (channel: Message['channel']) => (channel === 'email' ? Boolean(mailer) : Boolean(sms));
  return {
    available: (channel) => hasTransport(channel) || keepsOutbox,
    async send(message, { db, log }) {
      if (!hasTransport(message.channel)) {
        if (!keepsOutbox) {
          throw unavailable(log, message.channel);
        }
        await db
          .insert(outbox)
          .values({ channel: message.channel, recipient: message.to, subject: message.channel === 'email' ? (message.subject ?? null) : null, body: message.text });
        log.info({ channel: message.channel, to: message.to, subject: message.subject, text: message.text }, 'message kept in the outbox (no transport configured)');
        return;
      }
      try {
        if (message.channel === 'email') await mailer!.send(message.to, message.subject ?? '', message.text);
        else await sms!.send(message.to, message.text);
      } catch (error) {
        log.error({ channel: message.channel, error: summarizeError(error) }, 'message not sent: the transport failed');
        throw new ApiError(503, UNSENT);
      }
    },
  };
}
