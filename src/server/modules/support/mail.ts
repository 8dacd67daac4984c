/**
 * The e-mail telling a shopper that their support ticket was answered or its status changed
 * (docs/decisions/020-support-and-live-updates.md), in the language the ticket was opened
 * in, with the ticket's address. Sent after the change is committed; a mail that cannot go
 * is logged by the delivery and the change stands. Loaded by plain Node for the operator
 * command (ADR 004): `.ts` imports only.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Env } from '../../env';
import { publicOrigin } from '../../http/origin.ts';
import { translatorFor } from '../messaging/translator.ts';
import type { Delivery } from '../messaging/delivery';
import { TICKET_STATUS_LABELS } from '../../../lib/ticket-status.ts';
import { isolate, isolateValues } from '../../../lib/bidi.ts';
import type { TicketRow } from './service.ts';

export interface TicketMail {
  db: Db;
  log: Logger;
  delivery: Delivery;
  config: Pick<Env, 'SITE_URL' | 'HOST' | 'PORT'>;
}

const ticketUrl = (mail: TicketMail, ticket: TicketRow) => `${publicOrigin(mail.config)}/support-ticket/${ticket.ticketNumber}`;

async function send(mail: TicketMail, to: string, subject: string, text: string): Promise<boolean> {
  if (!mail.delivery.available('email')) return false;
  try {
    await mail.delivery.send({ channel: 'email', to, subject, text }, { db: mail.db, log: mail.log });
    return true;
  } catch {
    return false;
  }
}

/** A reply from the staff (`from` null) or the shop (its name). */
export async function mailTicketReply(mail: TicketMail, ticket: TicketRow, from: string | null, message: string): Promise<boolean> {
  const t = await translatorFor(mail.db, ticket.locale);
  // The ticket's number and subject, the sender and the message isolated in the shopper's sentences (lib/bidi.ts).
  const values = isolateValues({ number: ticket.ticketNumber, subject: ticket.subject });
  const text = [
    t('There is a new reply to your support ticket {{number}} ({{subject}}).', values),
    '',
    `${from === null ? t('Customer Service') : isolate(from)}:`,
    isolate(message),
    '',
    t('Read and answer it here: {{url}}', isolateValues({ url: ticketUrl(mail, ticket) })),
  ].join('\n');
  return send(mail, ticket.email, t('Reply to your support ticket {{number}}', values), text);
}

export async function mailTicketStatus(mail: TicketMail, ticket: TicketRow): Promise<boolean> {
  const t = await translatorFor(mail.db, ticket.locale);
  const values = isolateValues({ number: ticket.ticketNumber, subject: ticket.subject, status: t(TICKET_STATUS_LABELS[ticket.status]) });
  const text = [
    t('Your support ticket {{number}} ({{subject}}) is now: {{status}}.', values),
    '',
    t('Read and answer it here: {{url}}', isolateValues({ url: ticketUrl(mail, ticket) })),
  ].join('\n');
  return send(mail, ticket.email, t('Support ticket {{number}}: {{status}}', values), text);
}
