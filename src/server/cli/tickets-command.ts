/**
 * `npm run tickets -- …`: the staff's side of support tickets
 * (docs/decisions/020-support-and-live-updates.md). Called by cli/tickets.ts with the
 * arguments; returns the exit code.
 *
 *   list [--status running|completed|cancel] [--page N]   newest activity first, 50 a page
 *   show <ticket number>                                                    the ticket and its thread
 *   reply <ticket number> --message "..."                                   answer as Customer Service
 *   status <ticket number> <confirm|completed|cancel>                       move it on
 *   attachment <id> <file>                                                  save a ticket's file to read it
 *
 * A reply or a status change is written once, tells the shopper's open pages at once (on
 * PostgreSQL, through the server's listener) and mails the shopper in the ticket's
 * language. A status asked again says what it already is (exit 0); a move the rules forbid
 * (a closed ticket) exits 1. Plain Node runs this (ADR 004): `.ts` imports only.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import type { Db } from '../db/index.ts';
import { ticketAttachments } from '../db/schema/index.ts';
import { env, type Env } from '../env.ts';
import type { Delivery } from '../modules/messaging/delivery';
import { translatorFor } from '../modules/messaging/translator.ts';
import { operatorDelivery } from '../modules/seller/shop-mail.ts';
import { mailTicketReply, mailTicketStatus, type TicketMail } from '../modules/support/mail.ts';
import { addTicketMessage, findTicket, listTickets, moveTicket, ticketDetails } from '../modules/support/service.ts';
import { normalTicketNumber } from '../modules/support/ticket-number.ts';
import { TICKET_MESSAGE_MAX, type TicketStatus } from '../../contracts/support.ts';
import { ticketTab } from '../../lib/ticket-status.ts';

export const TICKETS_USAGE = [
  'Usage: npm run tickets -- list [--status running|completed|cancel] [--page N]',
  '       npm run tickets -- show <ticket number>',
  '       npm run tickets -- reply <ticket number> --message "..."',
  '       npm run tickets -- status <ticket number> <confirm|completed|cancel>',
  '       npm run tickets -- attachment <id> <file>',
].join('\n');

const PAGE_SIZE = 50;

/** How the command mails the shopper; by default the operator commands' mail (SMTP, or the outbox outside production). */
export interface TicketCommandMail {
  delivery: Delivery;
  log: Logger;
  config: Pick<Env, 'SITE_URL' | 'HOST' | 'PORT'>;
}

function operatorMail(): TicketCommandMail {
  const config = env();
  return { delivery: operatorDelivery(config), log: pino({ level: config.LOG_LEVEL }), config };
}

const usage = (message: string) => {
  console.error(`${message}\n${TICKETS_USAGE}`);
  return 2;
};

export async function ticketsCommand(db: Db, args: string[], given?: TicketCommandMail): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { status: { type: 'string' }, page: { type: 'string' }, message: { type: 'string' } } });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [action, first, second, ...extra] = positionals;
  if (extra.length) return usage('Too many arguments.');
  const mailOf = (): TicketMail => ({ db, ...(given ?? operatorMail()) });

  if (action === 'list') {
    if (first !== undefined || values.message !== undefined) return usage('list takes only --status and --page.');
    const status = values.status;
    if (status !== undefined && status !== 'running' && status !== 'completed' && status !== 'cancel') return usage('--status must be running, completed or cancel.');
    if (values.page !== undefined && !/^[1-9]\d{0,5}$/.test(values.page)) return usage('--page must be a positive number.');
    const list = await listTickets(db, 'staff', ticketTab(status), { page: Number(values.page ?? 1), per_page: PAGE_SIZE });
    const rows = list.support_tickets;
    console.log(`running ${list.running}, completed ${list.completed}, cancel ${list.cancel}`);
    if (rows.length === 0) console.log('No ticket.');
    for (const ticket of rows) {
      console.log(`${ticket.ticket_no}\t${ticket.status}\t${ticket.issue_type}\t${ticket.order_number ?? '-'}\t${ticket.subject}\tupdated ${ticket.updated_at_iso}`);
    }
    return 0;
  }

  if (action === 'attachment') {
    if (!first || !/^\d{1,9}$/.test(first) || !second) return usage('attachment needs an id and a file to write.');
    const [file] = await db
      .select({ bytes: ticketAttachments.bytes, name: ticketAttachments.fileName })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, Number(first)));
    if (!file) {
      console.error(`No attachment ${first}.`);
      return 1;
    }
    await writeFile(second, file.bytes, { flag: 'wx' });
    console.log(`${file.name} (${file.bytes.byteLength} bytes) written to ${second}`);
    return 0;
  }

  if (action !== 'show' && action !== 'reply' && action !== 'status') return usage(action ? `Unknown action: ${action}` : 'An action is needed.');
  const number = normalTicketNumber(first ?? '');
  if (!number) return usage(`${action} needs a ticket number.`);
  const ticket = await findTicket(db, 'staff', number);
  if (!ticket) {
    console.error(`No ticket ${number}.`);
    return 1;
  }

  if (action === 'show') {
    if (second !== undefined) return usage('show takes only a ticket number.');
    const details = await ticketDetails(db, ticket, await translatorFor(db));
    console.log(`${details.ticket_no}  ${details.status}  ${details.issue_type}  order ${details.order_number ?? '-'}`);
    console.log(`${details.subject}\n${details.email}${details.phone ? `  ${details.phone}` : ''}  opened ${details.created_at_iso}\n`);
    for (const message of details.messages) {
      console.log(`--- ${message.sender_name} (${message.sender_role}) ${message.created_at_iso}`);
      console.log(message.message);
      for (const file of message.attachments) console.log(`  [attachment ${file.id}] ${file.name} ${file.type} ${file.size} bytes`);
    }
    return 0;
  }

  if (action === 'reply') {
    const message = values.message?.trim() ?? '';
    if (second !== undefined) return usage('reply takes the text as --message "...".');
    if (!message || message.length > TICKET_MESSAGE_MAX) return usage(`reply needs --message "..." of 1 to ${TICKET_MESSAGE_MAX} characters.`);
    const result = await addTicketMessage(db, 'staff', number, { role: 'staff' }, message, []);
    if (result === 'not-found') return 1;
    if (result === 'closed') {
      console.error(`Ticket ${number} is ${ticket.status}: it takes no new messages.`);
      return 1;
    }
    const mailed = await mailTicketReply(mailOf(), result, null, message);
    console.log(`Replied to ${number}.${mailed ? ` Mailed ${result.email}.` : ' The e-mail was not sent.'}`);
    return 0;
  }

  const to = second as TicketStatus | undefined;
  if (to !== 'confirm' && to !== 'completed' && to !== 'cancel') return usage('status needs confirm, completed or cancel.');
  const move = await moveTicket(db, 'staff', number, to);
  if (move.kind === 'not-found') return 1;
  if (move.kind === 'unchanged') {
    console.log(`Ticket ${number} is already ${to}: nothing changed.`);
    return 0;
  }
  if (move.kind === 'refused') {
    console.error(`Ticket ${number} is ${move.ticket.status}: it cannot become ${to}.`);
    return 1;
  }
  const mailed = await mailTicketStatus(mailOf(), move.ticket);
  console.log(`Ticket ${number}: ${ticket.status} → ${to}.${mailed ? ` Mailed ${move.ticket.email}.` : ' The e-mail was not sent.'}`);
  return 0;
}
