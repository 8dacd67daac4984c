import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { orders, shops, supportTickets, ticketAttachments, ticketIssueTypes, ticketMessages, users } from '../../db/schema/index.ts';
import { violatedUniqueIndex } from '../../db/errors.ts';
import type { FieldErrors } from '../../http/errors';
import { dayMonthYear } from '../../../lib/dates.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { limitOffset, type Page } from '../../../lib/pagination.ts';
import { canMoveTicket, isTicketOpen, tabStatuses } from '../../../lib/ticket-status.ts';
import { LIVE_EVENT_KINDS, type LiveEventKind } from '../../../contracts/live.ts';
import type {
  CreateTicketPayload,
  IssueTypeDto,
  TicketAttachmentDto,
  TicketDetailsDto,
  TicketDto,
  TicketListDto,
  TicketMessageDto,
  TicketSender,
  TicketStatus,
  TicketTab,
} from '../../../contracts/support.ts';
import { recordLiveEvent } from '../live/events.ts';
import type { CheckedFile } from './attachments.ts';
import { newTicketNumber } from './ticket-number.ts';

/**
 * Support tickets (docs/decisions/020-support-and-live-updates.md). A ticket is its
 * shopper's; the staff (the operator command) answer every ticket, and a shop's owner
 * answers those about one of the shop's orders. Who wrote a message is always what the
 * server knows of the caller. Each change runs in one transaction with its files and the
 * live events that tell the open pages (live/events.ts).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whose tickets a caller may see: a shopper's own, a shop's (about its orders), or all (staff). */
export type TicketViewer = { userId: number } | { shopId: number } | 'staff';

/** A message's author, from the caller's role. */
export type TicketAuthor = { role: 'customer'; userId: number } | { role: 'shop'; userId: number } | { role: 'staff' };

export interface TicketRow {
  id: number;
  userId: number;
  ticketNumber: string;
  orderNumber: string | null;
  shopId: number | null;
  issueType: string | null;
  subject: string;
  email: string;
  phone: string | null;
  status: TicketStatus;
  locale: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const TICKET_COLUMNS = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  ticketNumber: supportTickets.ticketNumber,
  orderNumber: supportTickets.orderNumber,
  shopId: supportTickets.shopId,
  issueType: ticketIssueTypes.name,
  subject: supportTickets.subject,
  email: supportTickets.email,
  phone: supportTickets.phone,
  status: supportTickets.status,
  locale: supportTickets.locale,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

function viewerScope(viewer: TicketViewer): SQL | undefined {
  if (viewer === 'staff') return undefined;
  return 'userId' in viewer ? eq(supportTickets.userId, viewer.userId) : eq(supportTickets.shopId, viewer.shopId);
}

const attachmentSrc = (id: number) => `/api/support-ticket/attachment/${id}`;

export function ticketDto(row: TicketRow): TicketDto {
  return {
    id: row.id,
    ticket_no: row.ticketNumber,
    order_number: row.orderNumber,
    status: row.status,
    subject: row.subject,
    issue_type: row.issueType ?? '',
    created_at: dayMonthYear(row.createdAt),
    created_at_iso: row.createdAt.toISOString(),
    updated_at_iso: row.updatedAt.toISOString(),
  };
}

export async function listIssueTypes(db: Db): Promise<IssueTypeDto[]> {
  return db.select({ id: ticketIssueTypes.id, name: ticketIssueTypes.name }).from(ticketIssueTypes).where(eq(ticketIssueTypes.isActive, true)).orderBy(asc(ticketIssueTypes.id));
}

/** The tickets a viewer sees under a tab, newest activity first, with the count of each tab. */
export async function listTickets(db: Db, viewer: TicketViewer, tab: TicketTab, page: Page): Promise<TicketListDto> {
  const scope = viewerScope(viewer);
  const statuses = tabStatuses(tab);
  const counts = await db.select({ status: supportTickets.status, n: count() }).from(supportTickets).where(scope).groupBy(supportTickets.status);
  const of = (wanted: readonly TicketStatus[]) => counts.filter((row) => wanted.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  const { limit, offset } = limitOffset(page);
  const rows = await db
    .select(TICKET_COLUMNS)
    .from(supportTickets)
    .leftJoin(ticketIssueTypes, eq(ticketIssueTypes.id, supportTickets.issueTypeId))
    .where(and(scope, statuses ? inArray(supportTickets.status, [...statuses]) : undefined))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(limit)
    .offset(offset);
  const all = of(['pending', 'confirm', 'completed', 'cancel']);
  return {
    total: statuses ? of(statuses) : all,
    all,
    running: of(['pending', 'confirm']),
    completed: of(['completed']),
    cancel: of(['cancel']),
    support_tickets: rows.map(ticketDto),
  };
}

/** The ticket of `number` if the viewer may see it, else null (someone else's is as unknown as none). */
export async function findTicket(db: Db | Tx, viewer: TicketViewer, ticketNumber: string, lock = false): Promise<TicketRow | null> {
  const query = db
    .select(TICKET_COLUMNS)
    .from(supportTickets)
    .leftJoin(ticketIssueTypes, eq(ticketIssueTypes.id, supportTickets.issueTypeId))
    .where(and(eq(supportTickets.ticketNumber, ticketNumber), viewerScope(viewer)));
  const [row] = lock ? await query.for('update', { of: supportTickets }) : await query;
  return row ?? null;
}

/** The whole ticket: its messages oldest first, each with its files. */
export async function ticketDetails(db: Db, ticket: TicketRow, t: Translate): Promise<TicketDetailsDto> {
  const messages = await db
    .select({
      id: ticketMessages.id,
      message: ticketMessages.message,
      createdAt: ticketMessages.createdAt,
      senderId: ticketMessages.senderId,
      senderRole: ticketMessages.senderRole,
      userName: users.name,
      photo: users.profilePhoto,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.senderId))
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(asc(ticketMessages.id));
  const files = await db
    .select({
      id: ticketAttachments.id,
      messageId: ticketAttachments.messageId,
      fileName: ticketAttachments.fileName,
      contentType: ticketAttachments.contentType,
      size: ticketAttachments.byteSize,
    })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticket.id))
    .orderBy(asc(ticketAttachments.id));
  const [shop] = ticket.shopId ? await db.select({ name: shops.name, logo: shops.logo }).from(shops).where(eq(shops.id, ticket.shopId)) : [];
  const attachment = (file: (typeof files)[number]): TicketAttachmentDto => ({
    id: file.id,
    type: file.contentType.startsWith('image/') ? 'image' : 'pdf',
    src: attachmentSrc(file.id),
    name: file.fileName,
    size: file.size,
  });
  const senderName = (role: TicketSender, userName: string | null) => (role === 'staff' ? t('Customer Service') : role === 'shop' ? (shop?.name ?? t('Shop')) : (userName ?? ''));
  const thread: TicketMessageDto[] = messages.map((row) => ({
    id: row.id,
    message: row.message,
    created_at: dayMonthYear(row.createdAt),
    created_at_iso: row.createdAt.toISOString(),
    sender_id: row.senderRole === 'customer' ? row.senderId : null,
    sender_name: senderName(row.senderRole, row.userName),
    sender_role: row.senderRole,
    profile_photo: row.senderRole === 'customer' ? row.photo : row.senderRole === 'shop' ? (shop?.logo ?? null) : null,
    is_highlighted: false,
    attachments: files.filter((file) => file.messageId === row.id).map(attachment),
  }));
  return {
    ...ticketDto(ticket),
    user_chat: isTicketOpen(ticket.status),
    email: ticket.email,
    phone: ticket.phone,
    ticket_schedule_start: null,
    ticket_schedule_end: null,
    attachments: files.map(attachment),
    messages: thread,
  };
}

/** Tells the open pages of the ticket's shopper, and of its shop when it has one. */
async function announce(tx: Tx, ticket: Pick<TicketRow, 'userId' | 'shopId' | 'ticketNumber'>, kind: LiveEventKind): Promise<void> {
  await recordLiveEvent(tx, { userId: ticket.userId }, kind, ticket.ticketNumber);
  if (ticket.shopId) await recordLiveEvent(tx, { shopId: ticket.shopId }, kind, ticket.ticketNumber);
}

async function insertMessage(tx: Tx, ticketId: number, author: TicketAuthor, message: string, files: readonly CheckedFile[]): Promise<number> {
  const [row] = await tx
    .insert(ticketMessages)
    .values({ ticketId, senderId: author.role === 'staff' ? null : author.userId, senderRole: author.role, message })
    .returning({ id: ticketMessages.id });
  if (files.length) {
    await tx
      .insert(ticketAttachments)
      .values(files.map((file) => ({ ticketId, messageId: row!.id, fileName: file.fileName, contentType: file.contentType, byteSize: file.bytes.byteLength, bytes: file.bytes })));
  }
  return row!.id;
}

/**
 * The references of a new ticket: an active issue type (by name, any case, or id) and,
 * when given, one of the shopper's own orders (by its code, with or without "#").
 */
export async function ticketReferences(db: Db, userId: number, payload: CreateTicketPayload, t: Translate, errors: FieldErrors) {
  const byId = /^\d{1,9}$/.test(payload.issue_type) ? eq(ticketIssueTypes.id, Number(payload.issue_type)) : undefined;
  const [issueType] = await db
    .select({ id: ticketIssueTypes.id })
    .from(ticketIssueTypes)
    .where(and(eq(ticketIssueTypes.isActive, true), or(ilike(ticketIssueTypes.name, payload.issue_type.replace(/[\\%_]/g, '\\$&')), byId)))
    .limit(1);
  if (!issueType) errors.issue_type = [t('The selected {{attribute}} is invalid.', { attribute: t('issue type') })];
  let order: { id: number; code: string; shopId: number } | undefined;
  if (payload.order_number) {
    // Order codes are kept with their "#" ("#RC000123"); a shopper may type it without.
    const code = `#${payload.order_number.replace(/^#/, '')}`.toUpperCase();
    [order] = await db
      .select({ id: orders.id, code: orders.orderCode, shopId: orders.shopId })
      .from(orders)
      .where(and(eq(orders.userId, userId), sql`upper(${orders.orderCode}) = ${code}`));
    if (!order) errors.order_number = [t('The selected {{attribute}} is invalid.', { attribute: t('order number') })];
  }
  return { issueTypeId: issueType?.id, order };
}

export interface NewTicket {
  userId: number;
  locale: string;
  issueTypeId: number;
  order: { id: number; code: string; shopId: number } | undefined;
  payload: CreateTicketPayload;
  files: readonly CheckedFile[];
}

/** Opens a ticket with its first message and files; its number is new and random. */
export async function createTicket(db: Db, ticket: NewTicket): Promise<TicketRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      const number = newTicketNumber();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportTickets)
          .values({
            userId: ticket.userId,
            ticketNumber: number,
            orderId: ticket.order?.id ?? null,
            orderNumber: ticket.order?.code ?? null,
            shopId: ticket.order?.shopId ?? null,
            issueTypeId: ticket.issueTypeId,
            subject: ticket.payload.subject,
            email: ticket.payload.email,
            phone: ticket.payload.phone ?? null,
            locale: ticket.locale,
          })
          .returning({ id: supportTickets.id, userId: supportTickets.userId, shopId: supportTickets.shopId, ticketNumber: supportTickets.ticketNumber });
        await insertMessage(tx, row!.id, { role: 'customer', userId: ticket.userId }, ticket.payload.message, ticket.files);
        await announce(tx, row!, LIVE_EVENT_KINDS.ticketMessage);
      });
      return (await findTicket(db, 'staff', number))!;
    } catch (error) {
      // Two tickets drawing the same number (about one in 2^60): draw again.
      if (attempt < 3 && violatedUniqueIndex(error)) continue;
      throw error;
    }
  }
}

/**
 * Adds a message to a ticket the caller may write to. `closed` when it is completed or
 * cancelled (checked under the ticket's row lock, so a message never lands after the close).
 */
export async function addTicketMessage(
  db: Db,
  viewer: TicketViewer,
  ticketNumber: string,
  author: TicketAuthor,
  message: string,
  files: readonly CheckedFile[],
): Promise<TicketRow | 'not-found' | 'closed'> {
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, viewer, ticketNumber, true);
    if (!ticket) return 'not-found';
    if (!isTicketOpen(ticket.status)) return 'closed';
    await insertMessage(tx, ticket.id, author, message, files);
    await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    await announce(tx, ticket, LIVE_EVENT_KINDS.ticketMessage);
    return ticket;
  });
}

export type TicketMove = { kind: 'moved'; ticket: TicketRow } | { kind: 'unchanged'; ticket: TicketRow } | { kind: 'refused'; ticket: TicketRow } | { kind: 'not-found' };

/** Moves a ticket's status once: asked again, it is `unchanged`; a move the rules forbid is `refused`. */
export async function moveTicket(db: Db, viewer: TicketViewer, ticketNumber: string, to: TicketStatus): Promise<TicketMove> {
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, viewer, ticketNumber, true);
    if (!ticket) return { kind: 'not-found' } as const;
    if (ticket.status === to) return { kind: 'unchanged', ticket } as const;
    if (!canMoveTicket(ticket.status, to)) return { kind: 'refused', ticket } as const;
    await tx.update(supportTickets).set({ status: to, updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    await announce(tx, ticket, LIVE_EVENT_KINDS.ticketStatus);
    return { kind: 'moved', ticket: { ...ticket, status: to } } as const;
  });
}

export interface StoredAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A file of a ticket the viewer may see, else null. */
export async function attachmentFor(db: Db, viewer: TicketViewer, id: number): Promise<StoredAttachment | null> {
  const [row] = await db
    .select({ fileName: ticketAttachments.fileName, contentType: ticketAttachments.contentType, bytes: ticketAttachments.bytes })
    .from(ticketAttachments)
    .innerJoin(supportTickets, eq(supportTickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, id), viewerScope(viewer)));
  return row ?? null;
}
