import {
  TICKET_MESSAGE_MAX,
  TICKET_TABS,
  TICKET_UPLOAD_MAX_BYTES,
  type IssueTypeDto,
  type TicketAttachmentDto,
  type TicketDetailsDto,
  type TicketDto,
  type TicketListDto,
  type TicketMessageDto,
  type TicketSender,
  type TicketShowDto,
  type TicketTab,
} from '../../contracts/support';
import type { OrderSummaryDto } from '../../contracts/order';
import { formatDate } from '../../lib/dates';
import { intlLocale } from '../../lib/locales';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { displayPhoneCode } from '../../lib/phone-code';
import { timeAgo } from '../../lib/relative-time';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, refusedWith } from './api';
import { field, limitedForm, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';

/**
 * The shopper's support ticket pages (docs/product.md §2.2; docs/decisions/020-support-and-live-updates.md):
 * /support-tickets, the list with its status tabs and the form that opens a ticket, and
 * /support-ticket/{number}, one ticket's thread and its reply form. Both forms post
 * multipart to their own page and work without JavaScript: the loader forwards the fields
 * and files to the API in-process as the signed-in shopper, and answers a refusal with the
 * form, its field errors and what was typed (never the files). The API alone decides what
 * a shopper may see: someone else's ticket is its 404, and so Page Not Found here.
 */

const LIST = '/support-tickets';
const ticketPath = (number: string) => `/support-ticket/${encodeURIComponent(number)}`;

const TAB_LABELS: Record<TicketTab, string> = { all: 'All', running: 'Running', completed: 'Completed', cancel: 'Cancelled' };
/** Whether a `status` parameter names a tab of a ticket list (the shopper's and the shop's). */
export const isTicketTab = (value: string): value is TicketTab => (TICKET_TABS as readonly string[]).includes(value);

/** The text fields of the new ticket's form, kept when it is refused. */
const TICKET_FIELDS = ['issue_type', 'subject', 'email', 'phone', 'order_number', 'message'] as const;

/** The API's wording of an upload too large to read (src/server/app.ts). */
const TOO_LARGE = 'The upload is too large: at most 5 files of 2 MB each.';

/** A form's outcome: what to show in it again, each field's errors, or why the whole form was refused. */
export interface TicketFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  failure: string | null;
}

const signedInCall = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

/** The files a form's `attachments` input sent; an untouched input sends one nameless empty file. */
export function attachedFiles(form: FormData): File[] {
  return form.getAll('attachments').filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ''));
}

/** What a refused form shows again: the text fields, cut to what a field takes (a message may be long). */
function keptValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, field(form, name).slice(0, name === 'message' ? TICKET_MESSAGE_MAX : 300)]));
}

/** A refusal of the API as the form's state and the page's status (422, 413, 429). */
export function refusedForm(error: unknown, values: Record<string, string>): { form: TicketFormState; status: number } {
  const refusal = refusedWith(error, 413, 422, 429);
  if (refusal.status === 422) return { form: { values, errors: refusal.errors ?? {}, failure: null }, status: 422 };
  return { form: { values, errors: {}, failure: refusal.message }, status: refusal.status };
}

/** The multipart post of a ticket form: its text fields and files; null when it is too large to read. */
async function postedTicketForm(req: PageRequest, names: readonly string[]): Promise<{ body: FormData; values: Record<string, string> } | null> {
  const form = await limitedForm(req.request, TICKET_UPLOAD_MAX_BYTES);
  if (!form) return null;
  const values = keptValues(form, names);
  const body = new FormData();
  // Sent whole (a browser's CRLF line breaks as LF): the API refuses what is too long, never
  // silently cut here.
  for (const name of names) body.set(name, field(form, name).replaceAll('\r\n', '\n'));
  for (const file of attachedFiles(form)) body.append('attachments', file);
  return { body, values };
}

const tooLarge = (req: PageRequest, values: Record<string, string>): { form: TicketFormState; status: number } => ({
  form: { values, errors: {}, failure: req.shop.t(TOO_LARGE) },
  status: 413,
});

export interface TicketTabLink {
  key: TicketTab;
  /** English message key of its label. */
  label: string;
  count: number;
  href: string;
  current: boolean;
}

/** A ticket list's status tabs (the shopper's and the shop's): each with its count and link under `base`. */
export function ticketTabLinks(list: TicketListDto, base: string, current: TicketTab, labels: Record<TicketTab, string>): TicketTabLink[] {
  return TICKET_TABS.map((key) => ({
    key,
    label: labels[key],
    count: list[key],
    href: key === 'all' ? base : `${base}?status=${key}`,
    current: key === current,
  }));
}

/** A page of a ticket list under one status tab (the shopper's, the shop's). */
export interface TicketListPage {
  tickets: TicketDto[];
  /** Tickets under the current tab. */
  total: number;
  tabs: TicketTabLink[];
  tab: TicketTab;
  page: number;
  perPage: number;
}

export interface SupportTicketsData extends TicketListPage {
  /** The new ticket's form: its choices, and what it shows. */
  issueTypes: IssueTypeDto[];
  /** The codes of the shopper's latest orders ("#RC000123"), a ticket may be about one. */
  orderCodes: string[];
  form: TicketFormState;
  /** Whether the form is shown open: it was refused, or there is no ticket yet. */
  formOpen: boolean;
  /** 200, or the refusal's status (422, 413, 429). */
  status: number;
}

/** The new ticket's form as it first shows: the shopper's e-mail and phone, ready to change. */
function freshTicketForm(req: PageRequest): TicketFormState {
  const user = req.shop.user;
  const phone = user?.phone ? `${displayPhoneCode(user.phone_code)}${user.phone}`.replace(/[^\d+]/g, '') : '';
  return { values: { email: user?.email ?? '', phone }, errors: {}, failure: null };
}

/** Posts the new ticket: to its page with the API's message, else the refused form. */
async function openTicket(req: PageRequest): Promise<Redirect | { form: TicketFormState; status: number }> {
  const posted = await postedTicketForm(req, TICKET_FIELDS);
  if (!posted) return tooLarge(req, freshTicketForm(req).values);
  try {
    const { message, data } = await apiPost<{ support_ticket: TicketDto }>('/support-ticket', { ...signedInCall(req), body: posted.body });
    return redirect(ticketPath(data.support_ticket.ticket_no), { type: 'success', message: message || req.shop.t('Support ticket created successfully') });
  } catch (error) {
    return refusedForm(error, posted.values);
  }
}

/**
 * /support-tickets?status=…&page=…: a page of the shopper's tickets under one tab, a tab per
 * status group with its count (lib/ticket-status.ts), and the new ticket's form. An unknown
 * status goes to all tickets, a page number that is no number to the first page, one past
 * the end to the last (lib/pagination.ts). A post opens a ticket and goes to it.
 */
export async function loadSupportTicketsPage(req: PageRequest): Promise<PageOutcome<SupportTicketsData>> {
  const requested = req.url.searchParams.get('status') ?? 'all';
  const posting = req.request.method === 'POST';
  if (!isTicketTab(requested) && !posting) return redirect(LIST);
  const tab: TicketTab = isTicketTab(requested) ? requested : 'all';
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null && !posting) return redirect(withoutPage(req.url));
  const pageNumber = number ?? 1;

  let form = freshTicketForm(req);
  let status = 200;
  if (posting) {
    const outcome = await openTicket(req);
    if ('kind' in outcome) return outcome;
    ({ form, status } = outcome);
  }

  const filter = tab === 'all' ? '' : `&status=${tab}`;
  const [list, { issue_types: issueTypes }, orders] = await Promise.all([
    apiGet<TicketListDto>(`/support-tickets?page=${pageNumber}&per_page=${DEFAULT_PER_PAGE}${filter}`, apiCall(req)),
    apiGet<{ issue_types: IssueTypeDto[] }>('/ticket-issue-types', apiCall(req)),
    apiGet<{ orders: OrderSummaryDto[] }>(`/orders?page=1&per_page=${MAX_PER_PAGE}`, apiCall(req)),
  ]);
  const past = posting ? null : pastLastPage(req.url, pageNumber, list.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);
  const tabs = ticketTabLinks(list, LIST, tab, TAB_LABELS);
  return page({
    tickets: list.support_tickets,
    total: list.total,
    tabs,
    tab,
    page: pageNumber,
    perPage: DEFAULT_PER_PAGE,
    issueTypes,
    orderCodes: orders.orders.map((order) => order.order_code),
    form,
    formOpen: status !== 200 || list.all === 0,
    status,
  });
}

export type TicketAttachmentView = TicketAttachmentDto & {
  /** Its size in the shopper's language ("1.2 MB"). */
  sizeLabel: string;
};

export type TicketMessageView = Omit<TicketMessageDto, 'attachments'> & {
  /** Written by the reader's side (the shopper on their pages, the shop on its own). */
  own: boolean;
  /** How long ago, and the day in full, in the page's language. */
  ago: string;
  day: string;
  attachments: TicketAttachmentView[];
};

export interface SupportTicketData {
  ticket: TicketDetailsDto;
  messages: TicketMessageView[];
  /** The reply form (shown while the ticket takes messages: `ticket.user_chat`). */
  form: TicketFormState;
  status: number;
}

/** A file's size with the unit of its magnitude, as the shopper's language writes it. */
export function fileSizeLabel(bytes: number, locale: string): string {
  const mega = bytes >= 1024 * 1024;
  const format = new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 });
  return format.format(mega ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
}

/** A ticket's messages as a page shows them, `own` those of the `reader`'s side. */
export function ticketMessageViews(ticket: TicketDetailsDto, reader: TicketSender, locale: string, now: Date): TicketMessageView[] {
  return ticket.messages.map((message) => ({
    ...message,
    own: message.sender_role === reader,
    ago: timeAgo(new Date(message.created_at_iso), now, locale),
    day: formatDate(message.created_at_iso, locale, 'long'),
    attachments: message.attachments.map((file) => ({ ...file, sizeLabel: fileSizeLabel(file.size, locale) })),
  }));
}

/** The ticket of the path as the API shows it to this shopper, or null (unknown, someone else's, no ticket number). */
async function readTicket(req: PageRequest, number: string): Promise<TicketDetailsDto | null> {
  try {
    return (await apiGet<TicketShowDto>(`/support-ticket/show?ticket_number=${encodeURIComponent(number)}`, apiCall(req))).support_ticket;
  } catch (error) {
    refusedWith(error, 404, 422);
    return null;
  }
}

/** Posts a reply to the shopper's ticket: back to it at the new message, else the refused form. */
async function sendReply(req: PageRequest, number: string): Promise<Redirect | { form: TicketFormState; status: number }> {
  const posted = await postedTicketForm(req, ['message']);
  if (!posted) return tooLarge(req, {});
  posted.body.set('ticket_number', number);
  try {
    const { message, data } = await apiPost<{ support_ticket: TicketDetailsDto }>('/support-ticket-message', { ...signedInCall(req), body: posted.body });
    const latest = data.support_ticket.messages.at(-1);
    const at = latest ? `#message-${latest.id}` : '';
    return redirect(`${ticketPath(data.support_ticket.ticket_no)}${at}`, { type: 'success', message: message || req.shop.t('Message sent successfully') });
  } catch (error) {
    // Read a moment ago, so never gone since (tickets are not deleted); were it, the body is
    // read already and Page Not Found cannot be rendered here (Astro.rewrite): the list is.
    if (refusedWith(error, 404, 413, 422, 429).status === 404) return redirect(LIST, { type: 'error', message: req.shop.t('Support ticket not found.') });
    return refusedForm(error, posted.values);
  }
}

/**
 * /support-ticket/{number}: the shopper's ticket and its thread, oldest message first; a
 * post is a reply. The ticket is read first, so a post to one that is not the shopper's is
 * Page Not Found before its body is read. A closed ticket takes no reply: its refusal (the
 * ticket was closed while the form was open) becomes the form's failure, shown beside the
 * note that says so.
 */
export async function loadSupportTicketPage(req: PageRequest, now = new Date()): Promise<PageOutcome<SupportTicketData>> {
  const number = req.params.ticketNumber ?? '';
  if (!/^[0-9A-Za-z]{1,40}$/.test(number)) return notFound();
  const ticket = await readTicket(req, number);
  if (!ticket) return notFound();
  const state = await ticketReply(req, number, ticket, { read: readTicket, send: sendReply, path: ticketPath });
  if ('kind' in state) return state;
  return page({ ...state, messages: ticketMessageViews(state.ticket, 'customer', req.shop.locale, now) });
}

/** How a ticket page reads the ticket, posts a reply to it and addresses it (the shopper's, the shop's). */
interface TicketReplySide {
  read: (req: PageRequest, number: string) => Promise<TicketDetailsDto | null>;
  send: (req: PageRequest, number: string) => Promise<Redirect | { form: TicketFormState; status: number }>;
  path: (number: string) => string;
}

/**
 * A ticket page's reply form, the ticket read already (`number` as the path has it): a post
 * sends the reply (a redirect, else the refused form and the ticket read again); a get at
 * another case of the number goes to its own address. A closed ticket's refusal becomes the
 * form's failure, shown beside the note that it takes no reply.
 */
export async function ticketReply(
  req: PageRequest,
  number: string,
  ticket: TicketDetailsDto,
  side: TicketReplySide,
): Promise<Redirect | { ticket: TicketDetailsDto; form: TicketFormState; status: number }> {
  let form: TicketFormState = { values: {}, errors: {}, failure: null };
  let status = 200;
  if (req.request.method === 'POST') {
    const outcome = await side.send(req, ticket.ticket_no);
    if ('kind' in outcome) return outcome;
    ({ form, status } = outcome);
    ticket = (await side.read(req, ticket.ticket_no)) ?? ticket;
  } else if (ticket.ticket_no !== number) {
    // The number as typed in another case is the same ticket: its own address is the one to keep.
    return redirect(side.path(ticket.ticket_no));
  }
  if (!ticket.user_chat && Object.keys(form.errors).length > 0) {
    form = { values: form.values, errors: {}, failure: Object.values(form.errors)[0]?.[0] ?? null };
  }
  return { ticket, form, status };
}
