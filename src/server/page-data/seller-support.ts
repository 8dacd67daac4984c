import type { ChatMessageDto, ChatOrderDto, ChatProductDto, ConversationDto, ConversationListDto, ConversationMessagesDto } from '../../contracts/chat';
import { TICKET_UPLOAD_MAX_BYTES, type TicketDetailsDto, type TicketListDto, type TicketShowDto, type TicketTab } from '../../contracts/support';
import { formatDate } from '../../lib/dates';
import { parsePageParam, pastLastPage, withoutPage } from '../../lib/pagination';
import { timeAgo } from '../../lib/relative-time';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, apiRefusal, nullIfMissing, refusedWith } from './api';
import { field, limitedForm, postedForm, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';
import { sellerPageRedirect } from './seller-access';
import {
  attachedFiles,
  isTicketTab,
  refusedForm,
  ticketMessageViews,
  ticketReply,
  ticketTabLinks,
  type TicketFormState,
  type TicketListPage,
  type TicketMessageView,
} from './support';

/**
 * The shop dashboard's support pages (docs/decisions/020-support-and-live-updates.md,
 * docs/decisions/017-sellers.md "Who may do what"), from the seller API as the signed-in
 * owner of an active shop:
 * - /shop/tickets: the tickets about the shop's orders, by status tab with counts;
 * - /shop/tickets/{number}: one ticket's thread and the shop's reply form (multipart, files);
 * - /shop/messages: the shop's conversations with shoppers, searchable by the shopper's name;
 * - /shop/messages/{userId}: one conversation, oldest message first, and the reply form.
 * Every form posts to its own page and works without JavaScript: a refusal shows the form
 * again with its errors and what was typed (422), a success goes back to the page (303) with
 * a flash message. The API alone decides what the shop may see: another shop's ticket or a
 * shopper without a conversation with this shop is its 404, and so Page Not Found here.
 */

const TICKETS = '/shop/tickets';
const MESSAGES = '/shop/messages';
export const SELLER_TICKETS_PER_PAGE = 10;
export const SELLER_CONVERSATIONS_PER_PAGE = 20;
/** Messages of a conversation per page: the newest first page, older ones behind a link. */
export const SELLER_CHAT_PER_PAGE = 30;

const ticketPath = (number: string) => `${TICKETS}/${encodeURIComponent(number)}`;
const conversationPath = (userId: number) => `${MESSAGES}/${userId}`;
const asOwner = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });

const TAB_LABELS: Record<TicketTab, string> = { all: 'All', running: 'Running', completed: 'Completed', cancel: 'Cancel' };

/** A form's refusal as the page shows it: the form again, and the answer's status (422, 413, 429). */
interface RefusedForm {
  form: TicketFormState;
  status: number;
}

// ---------------------------------------------------------------------------------------
// Tickets

/**
 * /shop/tickets?status=…&page=…: a page of the tickets about the shop's orders under one tab
 * (lib/ticket-status.ts), each tab with its count. An unknown status goes to every ticket, a
 * page number that is no number to the first page, one past the end to the last.
 */
export async function loadSellerTicketsPage(req: PageRequest): Promise<PageOutcome<TicketListPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const requested = req.url.searchParams.get('status') ?? 'all';
  if (!isTicketTab(requested)) return redirect(TICKETS);
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const query = new URLSearchParams({ page: String(number), per_page: String(SELLER_TICKETS_PER_PAGE) });
  if (requested !== 'all') query.set('status', requested);
  const list = await apiGet<TicketListDto>(`/seller/support-tickets?${query}`, asOwner(req));
  const past = pastLastPage(req.url, number, list.total, SELLER_TICKETS_PER_PAGE);
  if (past) return redirect(past);
  const tabs = ticketTabLinks(list, TICKETS, requested, TAB_LABELS);
  return page({ tickets: list.support_tickets, total: list.total, tabs, tab: requested, page: number, perPage: SELLER_TICKETS_PER_PAGE });
}

export interface SellerTicketPage {
  ticket: TicketDetailsDto;
  /** `own`: written by the shop, not by the shopper or Customer Service. */
  messages: TicketMessageView[];
  /** The reply form (shown while the ticket takes messages: `ticket.user_chat`). */
  form: TicketFormState;
  /** 200, or the refusal's status (422, 413, 429). */
  status: number;
}

/** The ticket as the API shows it to this shop, or null (unknown, another shop's, no ticket number). */
async function readTicket(req: PageRequest, number: string): Promise<TicketDetailsDto | null> {
  return apiGet<TicketShowDto>(`/seller/support-ticket/show?ticket_number=${encodeURIComponent(number)}`, asOwner(req)).then((answer) => answer.support_ticket, nullIfMissing);
}

/** Posts the shop's reply (its text and files, multipart): back to the ticket at the new message, else the refused form. */
async function sendTicketReply(req: PageRequest, number: string): Promise<Redirect | RefusedForm> {
  const posted = await limitedForm(req.request, TICKET_UPLOAD_MAX_BYTES);
  if (!posted) return { form: { values: {}, errors: {}, failure: req.shop.t('The upload is too large: at most 5 files of 2 MB each.') }, status: 413 };
  // Sent whole: the API refuses a message that is too long rather than have it cut here.
  const values = { message: field(posted, 'message') };
  const body = new FormData();
  body.set('ticket_number', number);
  body.set('message', values.message);
  for (const file of attachedFiles(posted)) body.append('attachments', file);
  try {
    const { message, data } = await apiPost<{ support_ticket: TicketDetailsDto }>('/seller/support-ticket-message', { ...asOwner(req), body });
    const latest = data.support_ticket.messages.at(-1);
    return redirect(`${ticketPath(number)}${latest ? `#message-${latest.id}` : ''}`, { type: 'success', message: message || req.shop.t('Message sent successfully') });
  } catch (error) {
    // Read a moment ago, so never gone since (tickets are not deleted); were it, the body is
    // read already and Page Not Found cannot be rendered here: the list is.
    if (refusedWith(error, 404, 413, 422, 429).status === 404) return redirect(TICKETS, { type: 'error', message: req.shop.t('Support ticket not found.') });
    return refusedForm(error, values);
  }
}

/**
 * /shop/tickets/{number}: a ticket about one of the shop's orders, its thread oldest message
 * first; a post is the shop's reply. The ticket is read first, so a post to another shop's
 * ticket is Page Not Found before its body is read. A closed ticket takes no reply: its
 * refusal (the ticket was closed while the form was open) is shown beside the note saying so.
 */
export async function loadSellerTicketPage(req: PageRequest, now = new Date()): Promise<PageOutcome<SellerTicketPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const number = req.params.ticketNumber ?? '';
  if (!/^[0-9A-Za-z]{1,40}$/.test(number)) return notFound();
  const ticket = await readTicket(req, number);
  if (!ticket) return notFound();
  const state = await ticketReply(req, number, ticket, { read: readTicket, send: sendTicketReply, path: ticketPath });
  if ('kind' in state) return state;
  return page({ ...state, messages: ticketMessageViews(state.ticket, 'shop', req.shop.locale, now) });
}

// ---------------------------------------------------------------------------------------
// Conversations

/** A conversation in the shop's list, with what the page shows of it in its language. */
export interface SellerConversationView extends ConversationDto {
  /** The shopper's initial, shown when they have no photo. */
  initial: string;
  /** When the last message came: how long ago, and the day in full; null when none yet. */
  ago: string | null;
  day: string | null;
}

export interface SellerConversationsPage {
  conversations: SellerConversationView[];
  total: number;
  page: number;
  perPage: number;
  search: string;
}

const initialOf = (name: string) => ([...name.trim()][0] ?? '?').toLocaleUpperCase();

function conversationView(conversation: ConversationDto, locale: string, now: Date): SellerConversationView {
  const at = conversation.last_message_time;
  return {
    ...conversation,
    initial: initialOf(conversation.user.name),
    ago: at ? timeAgo(new Date(at), now, locale) : null,
    day: at ? formatDate(at, locale, 'long') : null,
  };
}

/**
 * /shop/messages?search=…&page=…: the shop's conversations, latest message first, each with
 * the shopper, what it is about, the last message and the shopper's messages not read yet.
 * The search is on the shopper's name.
 */
export async function loadSellerConversationsPage(req: PageRequest, now = new Date()): Promise<PageOutcome<SellerConversationsPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const search = (req.url.searchParams.get('search') ?? '').trim().slice(0, 120);
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null) return redirect(withoutPage(req.url));
  const query = new URLSearchParams({ page: String(number), per_page: String(SELLER_CONVERSATIONS_PER_PAGE) });
  if (search) query.set('search', search);
  const list = await apiGet<ConversationListDto>(`/seller/get-users?${query}`, asOwner(req));
  const past = pastLastPage(req.url, number, list.total, SELLER_CONVERSATIONS_PER_PAGE);
  if (past) return redirect(past);
  return page({
    conversations: list.data.map((conversation) => conversationView(conversation, req.shop.locale, now)),
    total: list.total,
    page: number,
    perPage: SELLER_CONVERSATIONS_PER_PAGE,
    search,
  });
}

export interface SellerChatMessage {
  id: number;
  /** Sent by the shop (its own side), else by the shopper. */
  own: boolean;
  /** Plain text (escaped on output); null for a card alone. */
  message: string | null;
  product: ChatProductDto | null;
  order: ChatOrderDto | null;
  /** Whether the shopper has read it (the shop's own messages). */
  seen: boolean;
  created_at: string;
  ago: string;
  day: string;
}

export interface SellerChatForm {
  values: { message?: string };
  errors: Record<string, string[]>;
  failure: string | null;
}

export interface SellerConversationPage {
  userId: number;
  /** The conversation as the list shows it (GET /seller/get-message answers it with the messages). */
  conversation: SellerConversationView;
  /** The live region's subject: the conversation's id. */
  liveSubject: string;
  /** This page of messages, oldest first. */
  messages: SellerChatMessage[];
  total: number;
  page: number;
  perPage: number;
  /** Links to the older and newer pages of the conversation, null at either end. */
  olderHref: string | null;
  newerHref: string | null;
  form: SellerChatForm;
  status: number;
}

/** A page of the conversation's messages (newest page first; the shopper's on it are marked read), or null when there is none. */
async function readMessages(req: PageRequest, userId: number, number: number): Promise<ConversationMessagesDto | null> {
  const query = new URLSearchParams({ user_id: String(userId), page: String(number), per_page: String(SELLER_CHAT_PER_PAGE) });
  return apiGet<ConversationMessagesDto>(`/seller/get-message?${query}`, asOwner(req)).catch(nullIfMissing);
}

/** Posts the shop's answer: back to the conversation at the new message, else the refused form. */
async function sendChatReply(req: PageRequest, userId: number): Promise<Redirect | { form: SellerChatForm; status: number }> {
  const posted = await postedForm(req.request);
  // Sent whole: the API refuses a message that is too long rather than have it cut here.
  const values = { message: field(posted, 'message') };
  try {
    const { data } = await apiPost<{ data: ChatMessageDto }>('/seller/send-message', { ...asOwner(req), body: { user_id: userId, message: values.message } });
    return redirect(`${conversationPath(userId)}#message-${data.data.id}`, { type: 'success', message: req.shop.t('Message sent successfully') });
  } catch (error) {
    const refusal = refusedWith(error, 404, 422, 429);
    if (refusal.status === 422) return { form: { values, errors: refusal.errors, failure: null }, status: 422 };
    return { form: { values, errors: {}, failure: refusal.message }, status: refusal.status };
  }
}

function chatMessages(messages: ChatMessageDto[], locale: string, now: Date): SellerChatMessage[] {
  return messages
    .map((message) => ({
      id: message.id,
      own: message.type === 'shop',
      message: message.message,
      product: message.product,
      order: message.order,
      seen: message.is_seen,
      created_at: message.created_at,
      ago: timeAgo(new Date(message.created_at), now, locale),
      day: formatDate(message.created_at, locale, 'long'),
    }))
    .reverse();
}

/**
 * /shop/messages/{userId}?page=…: the shop's conversation with one shopper, the newest
 * messages first read (the API marks the shopper's on the page read) and shown oldest first;
 * older pages behind a link. A post is the shop's answer. The messages are read first, so a
 * post to a shopper without a conversation with this shop is Page Not Found before its body is read.
 */
export async function loadSellerConversationPage(req: PageRequest, now = new Date()): Promise<PageOutcome<SellerConversationPage>> {
  const away = sellerPageRedirect(req);
  if (away) return away;
  const raw = req.params.userId ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) return notFound();
  const userId = Number(raw);
  const posting = req.request.method === 'POST';
  const number = parsePageParam(req.url.searchParams.get('page'));
  if (number === null && !posting) return redirect(withoutPage(req.url));
  const current = number ?? 1;
  let thread = await readMessages(req, userId, current);
  if (!thread) return notFound();
  let form: SellerChatForm = { values: {}, errors: {}, failure: null };
  let status = 200;
  if (posting) {
    const outcome = await sendChatReply(req, userId);
    if ('kind' in outcome) return outcome;
    ({ form, status } = outcome);
    thread = (await readMessages(req, userId, current)) ?? thread;
  }
  const past = posting ? null : pastLastPage(req.url, current, thread.total, SELLER_CHAT_PER_PAGE);
  if (past) return redirect(past);
  const conversation = conversationView(thread.conversation, req.shop.locale, now);
  const hasOlder = current * SELLER_CHAT_PER_PAGE < thread.total;
  const here = conversationPath(userId);
  return page({
    userId,
    conversation,
    liveSubject: String(conversation.id),
    messages: chatMessages(thread.data, req.shop.locale, now),
    total: thread.total,
    page: current,
    perPage: SELLER_CHAT_PER_PAGE,
    olderHref: hasOlder ? `${here}?page=${current + 1}` : null,
    newerHref: current > 1 ? (current === 2 ? here : `${here}?page=${current - 1}`) : null,
    form,
    status,
  });
}

/**
 * The shopper's messages the shop has not read, for the dashboard's navigation
 * (layouts/ShopLayout.astro). Null when it cannot be read (no shop, a shop that is not
 * active: a refusal), so the link shows no count.
 */
export async function loadUnreadMessages(req: PageRequest): Promise<number | null> {
  if (!req.shop.user?.shop) return null;
  try {
    return (await apiGet<{ unread_messages: number }>('/seller/unread-messages', asOwner(req))).unread_messages;
  } catch (error) {
    if (apiRefusal(error)) return null;
    throw error;
  }
}
