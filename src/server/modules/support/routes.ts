import { inBackground } from '../../background';
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { shops } from '../../db/schema';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import { summarizeError } from '../../http/log-safe';
import { validBody, validParams, validQuery } from '../../http/validation';
import { paginationFields } from '@/lib/pagination';
import { ticketTab } from '@/lib/ticket-status';
import { CreateTicketPayload, TicketMessagePayload, TicketNumberQuery } from '@/contracts/support';
import { recordId } from '@/contracts/numbers';
import { requireUser } from '../auth/middleware';
import type { Delivery } from '../messaging/delivery';
import { consume } from '../rate-limit/middleware';
import { requireSeller } from '../seller/access';
import { checkAttachments } from './attachments';
import { mailTicketReply, type TicketMail } from './mail';
import {
  addTicketMessage,
  attachmentFor,
  createTicket,
  findTicket,
  listIssueTypes,
  listTickets,
  ticketDetails,
  ticketDto,
  ticketReferences,
  type TicketAuthor,
  type TicketViewer,
} from './service';
import { normalTicketNumber } from './ticket-number';

/**
 * Support tickets (docs/decisions/020-support-and-live-updates.md): the shopper's calls
 * (`/support-tickets`, `/support-ticket`, `/support-ticket/show`, `/support-ticket-messages`,
 * `/support-ticket-message`, `/ticket-issue-types`) and the shop's (`/seller/support-tickets`
 * and the same for the tickets about the shop's orders). A ticket the caller may not see is
 * a 404 like one that does not exist; attachments come only through the checked route.
 */

const TicketListQuery = z.object({ ...paginationFields(), status: z.string().max(20).optional() });

const TICKET_NOT_FOUND = 'Support ticket not found.';

/** The active shops a user owns: a shop under review or suspended answers no ticket (seller/access.ts), so it reads none of their files. */
async function activeShopsOf(db: AppEnv['Variables']['db'], userId: number): Promise<number[]> {
  const owned = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.userId, userId), eq(shops.status, 'active')));
  return owned.map((shop) => shop.id);
}
const TICKET_CLOSED = 'This support ticket is closed: it takes no new messages.';

function ticketNumberOf(c: Context<AppEnv>, value: string): string {
  const number = normalTicketNumber(value);
  if (!number) throw notFound(c.var.t(TICKET_NOT_FOUND));
  return number;
}

async function details(c: Context<AppEnv>, viewer: TicketViewer, rawNumber: string) {
  const ticket = await findTicket(c.var.db, viewer, ticketNumberOf(c, rawNumber));
  if (!ticket) throw notFound(c.var.t(TICKET_NOT_FOUND));
  return ticketDetails(c.var.db, ticket, c.var.t);
}

/** Adds the caller's message, then mails the shopper when it is the shop's answer. */
async function reply(c: Context<AppEnv>, viewer: TicketViewer, author: TicketAuthor, payload: TicketMessagePayload, mail: Omit<TicketMail, 'db' | 'log' | 'config'>) {
  const { db, t } = c.var;
  const number = ticketNumberOf(c, payload.ticket_number);
  const errors: FieldErrors = {};
  const files = await checkAttachments([...payload.attachments, ...payload.attachment], 'attachments', t, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  const result = await addTicketMessage(db, viewer, number, author, payload.message, files);
  if (result === 'not-found') throw notFound(t(TICKET_NOT_FOUND));
  if (result === 'closed') throw validationError({ message: [t(TICKET_CLOSED)] });
  if (author.role === 'shop') {
    inBackground(
      mailTicketReply({ db, log: c.var.log, config: c.var.config, delivery: mail.delivery }, result, c.var.shop!.name, payload.message).catch((error: unknown) =>
        c.var.log.error({ error: summarizeError(error) }, 'ticket reply mail not sent'),
      ),
    );
  }
  return ticketDetails(db, result, t);
}

const AttachmentParams = z.object({ id: recordId() });

/** Serves a file as a download nothing can run: its own type, no sniffing, no scripts, never cached by others. */
function fileResponse(file: { fileName: string; contentType: string; bytes: Uint8Array }): Response {
  const inline = file.contentType.startsWith('image/');
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(Buffer.from(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}

export function supportRoutes({ delivery }: { delivery: Delivery }) {
  const userOf = (c: Context<AppEnv>) => ({ userId: c.var.userId! });
  return new Hono<AppEnv>()
    .use('/ticket-issue-types', requireUser())
    .use('/support-ticket*', requireUser())
    .get('/ticket-issue-types', async (c) => c.json({ message: '', data: { issue_types: await listIssueTypes(c.var.db) } }))
    .get('/support-tickets', validQuery(TicketListQuery), async (c) => {
      const { status, page, per_page } = c.req.valid('query');
      return c.json({ message: '', data: await listTickets(c.var.db, userOf(c), ticketTab(status), { page, per_page }) });
    })
    .post('/support-ticket', validBody(CreateTicketPayload), async (c) => {
      const { db, t } = c.var;
      const payload = c.req.valid('json');
      const userId = c.var.userId!;
      // Counted before the files are read: a refused upload of 10 MB costs the shop too.
      await consume(c, 'ticket:create', `user:${userId}`);
      const errors: FieldErrors = {};
      const { issueTypeId, order } = await ticketReferences(db, userId, payload, t, errors);
      const files = await checkAttachments(payload.attachments, 'attachments', t, errors);
      if (Object.keys(errors).length || issueTypeId === undefined) throw validationError(errors);
      const ticket = await createTicket(db, { userId, locale: c.var.locale, issueTypeId, order, payload, files });
      return c.json({ message: t('Support ticket created successfully'), data: { support_ticket: ticketDto(ticket) } }, 201);
    })
    .get('/support-ticket/show', validQuery(TicketNumberQuery), async (c) => {
      const ticket = await details(c, userOf(c), c.req.valid('query').ticket_number);
      return c.json({ message: '', data: { support_ticket: ticket, highlighted_messages: [] } });
    })
    .get('/support-ticket/attachment/:id', validParams(AttachmentParams), async (c) => {
      const id = c.req.valid('param').id;
      const { db, userId } = c.var;
      // The shopper's own ticket, or one about an order of the shop they own (the dashboard's thread).
      const shopIds = await activeShopsOf(db, userId!);
      let file = await attachmentFor(db, { userId: userId! }, id);
      for (const shopId of shopIds) file ??= await attachmentFor(db, { shopId }, id);
      if (!file) throw notFound();
      return fileResponse(file);
    })
    .get('/support-ticket-messages', validQuery(TicketNumberQuery), async (c) => {
      const ticket = await details(c, userOf(c), c.req.valid('query').ticket_number);
      return c.json({ message: '', data: { messages: ticket.messages } });
    })
    .post('/support-ticket-message', validBody(TicketMessagePayload), async (c) => {
      await consume(c, 'ticket:message', `user:${c.var.userId!}`);
      const ticket = await reply(c, userOf(c), { role: 'customer', userId: c.var.userId! }, c.req.valid('json'), { delivery });
      return c.json({ message: c.var.t('Message sent successfully'), data: { messages: ticket.messages, support_ticket: ticket } });
    });
}

/** The shop's side, under /api/seller: the tickets about its orders, and its answers. */
export function sellerSupportRoutes({ delivery }: { delivery: Delivery }) {
  const shopOf = (c: Context<AppEnv>) => ({ shopId: c.var.shop!.id });
  return new Hono<AppEnv>()
    .use('/support-ticket*', requireSeller())
    .get('/support-tickets', validQuery(TicketListQuery), async (c) => {
      const { status, page, per_page } = c.req.valid('query');
      return c.json({ message: '', data: await listTickets(c.var.db, shopOf(c), ticketTab(status), { page, per_page }) });
    })
    .get('/support-ticket/show', validQuery(TicketNumberQuery), async (c) => {
      const ticket = await details(c, shopOf(c), c.req.valid('query').ticket_number);
      return c.json({ message: '', data: { support_ticket: ticket, highlighted_messages: [] } });
    })
    .post('/support-ticket-message', validBody(TicketMessagePayload), async (c) => {
      await consume(c, 'ticket:message', `user:${c.var.userId!}`);
      const ticket = await reply(c, shopOf(c), { role: 'shop', userId: c.var.userId! }, c.req.valid('json'), { delivery });
      return c.json({ message: c.var.t('Message sent successfully'), data: { messages: ticket.messages, support_ticket: ticket } });
    });
}
