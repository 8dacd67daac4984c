import { CHAT_MESSAGE_MAX, type ChatMessageDto, type ChatShopDto, type ConversationDto, type ConversationListDto } from '../../contracts/chat';
import type { ShopDetailsDto } from '../../contracts/shop';
import { formatDate } from '../../lib/dates';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, parsePageParam, pastLastPage } from '../../lib/pagination';
import { shownPrice, type ShownPrice } from '../../lib/price';
import { timeAgo } from '../../lib/relative-time';
import { apiGet, apiPost } from '../pages/page-api';
import { apiCall, nullIfMissing, refusalMessage, refusedWith } from './api';
import { field, postedForm, returnPath, sessionToken } from './forms';
import { notFound, page, redirect, type PageOutcome, type PageRequest, type Redirect } from './outcome';

/**
 * The shopper's conversations with shops (docs/decisions/020-support-and-live-updates.md),
 * /chat: the list of conversations, searched by shop name, and with `?shop={id}` one
 * conversation's thread and its reply form. Every form posts to /chat and works without
 * JavaScript: "Message the shop" on product, shop and order pages opens (or returns to) the
 * conversation (`action=open`, POST /store-message), the reply form sends a message
 * (`action=send`, POST /send-message). The API alone decides what the shopper may read: a
 * shop they never wrote to is its 404, and Page Not Found here.
 *
 * Guests: GET /chat sends them to / as account pages do (docs/product.md §2.2); a guest's
 * "Message the shop" goes back to its page with "Please login first!" and the login
 * button, as the cart and wishlist forms do (§8.1, page-data/cart.ts).
 */

export const CHAT_PATH = '/chat';
/** A conversation's own address, where its reply form posts and the open form leads. */
export const chatPath = (shopId: number) => `${CHAT_PATH}?shop=${shopId}`;

/** Messages of a thread shown at once, newest; earlier ones a link away. */
const THREAD_PER_PAGE = 30;
/** Conversations read to find the open one's id when it is not on the list's page (100 each). */
const LOOKUP_PAGES = 10;
const SEARCH_MAX = 120;

/** A conversation as the list shows it. */
export interface ConversationView {
  id: number;
  shop: ChatShopDto;
  /** What it was last opened about: a product's name or an order's code. */
  about: { kind: 'product'; name: string } | { kind: 'order'; code: string } | null;
  lastMessage: string | null;
  /** The last message's moment: ISO, how long ago and the day in full, in the shopper's language. */
  lastAt: { iso: string; ago: string; day: string } | null;
  /** The shop's messages the shopper has not read. */
  unread: number;
  href: string;
  current: boolean;
}

/** A message as the thread shows it. */
export type ChatMessageView = ChatMessageDto & {
  /** Sent by the shopper (their side of the thread), not by the shop. */
  own: boolean;
  ago: string;
  day: string;
  /** The product card's price as cards show it (lib/price.ts). */
  price: ShownPrice | null;
};

/** The open conversation: the shop, and a page of its messages oldest first. */
export interface ChatThread {
  /** The conversation's id (its live events' subject), null only when it could not be found in the list. */
  conversationId: number | null;
  shop: Pick<ChatShopDto, 'id' | 'name' | 'logo'>;
  messages: ChatMessageView[];
  total: number;
  /** Links to the page of earlier messages, and back towards the latest. */
  earlierHref: string | null;
  laterHref: string | null;
}

/** The reply form: what was typed, each field's errors, or why the whole form was refused. */
export interface ChatFormState {
  message: string;
  errors: Record<string, string[]>;
  failure: string | null;
}

export interface ChatPageData {
  conversations: ConversationView[];
  total: number;
  page: number;
  perPage: number;
  search: string;
  thread: ChatThread | null;
  form: ChatFormState;
  /** 200, or the refused reply's status (422, 429). */
  status: number;
  /** The shopper's unread messages once the open thread is read (the navbar's badge). */
  unread: number;
}

const signedInCall = (req: PageRequest) => ({ ...apiCall(req), token: sessionToken(req) });
const EMPTY_FORM: ChatFormState = { message: '', errors: {}, failure: null };

/** A positive id of a query parameter or form field, else null. */
const idOf = (value: string | null): number | null => (value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** A textarea's text as typed: browsers send its line breaks as CR LF, which would count twice against the message's length. */
const typed = (form: FormData, name: string) => field(form, name).replace(/\r\n?/g, '\n');

function conversationView(conversation: ConversationDto, req: PageRequest, now: Date, openShop: number | null): ConversationView {
  const { locale } = req.shop;
  const at = conversation.last_message_time;
  const params = new URLSearchParams(req.url.search);
  params.set('shop', String(conversation.shop.id));
  params.delete('thread_page');
  return {
    id: conversation.id,
    shop: conversation.shop,
    about: conversation.product ? { kind: 'product', name: conversation.product.name } : conversation.order ? { kind: 'order', code: conversation.order.order_code } : null,
    lastMessage: conversation.last_message,
    lastAt: at ? { iso: at, ago: timeAgo(new Date(at), now, locale), day: formatDate(at, locale, 'long') } : null,
    unread: conversation.unread_message_shop,
    href: `${CHAT_PATH}?${params}`,
    current: conversation.shop.id === openShop,
  };
}

function messageView(message: ChatMessageDto, locale: string, now: Date): ChatMessageView {
  return {
    ...message,
    own: message.type === 'user',
    ago: timeAgo(new Date(message.created_at), now, locale),
    day: formatDate(message.created_at, locale, 'long'),
    price: message.product ? shownPrice(message.product) : null,
  };
}

/**
 * The open conversation's id: on the list's page, else among the shopper's conversations
 * read a hundred at a time (a conversation left alone for long is far down the list).
 */
async function conversationIdOf(req: PageRequest, shopId: number, listed: ConversationDto[]): Promise<{ id: number; shop: ChatShopDto } | null> {
  const found = listed.find((conversation) => conversation.shop.id === shopId);
  if (found) return { id: found.id, shop: found.shop };
  for (let number = 1; number <= LOOKUP_PAGES; number += 1) {
    const list = await apiGet<ConversationListDto>(`/get-shops?page=${number}&per_page=${MAX_PER_PAGE}`, apiCall(req));
    const match = list.data.find((conversation) => conversation.shop.id === shopId);
    if (match) return { id: match.id, shop: match.shop };
    if (number * MAX_PER_PAGE >= list.total) break;
  }
  return null;
}

/** The shop's name and logo when the conversation was not found in the list: its public page's, else its number. */
async function shopOf(req: PageRequest, shopId: number): Promise<ChatThread['shop']> {
  const found = await apiGet<{ shop: ShopDetailsDto }>(`/shops/${shopId}`, apiCall(req)).catch(nullIfMissing);
  return found ? { id: found.shop.id, name: found.shop.name, logo: found.shop.logo } : { id: shopId, name: req.shop.t('Shop'), logo: null };
}

/** "Message the shop" (a product, shop or order page): opens the conversation and goes to it. */
async function openConversation(req: PageRequest, form: FormData): Promise<Redirect> {
  const { t } = req.shop;
  const back = returnPath(field(form, 'return_to'), CHAT_PATH);
  const body = Object.fromEntries(
    ['shop_id', 'product_id', 'order_id', 'message'].map((name) => [name, typed(form, name).trim()] as const).filter(([name, value]) => value !== '' || name === 'shop_id'),
  );
  try {
    const { data } = await apiPost<{ conversation_id: number; shop_id: number }>('/store-message', { ...signedInCall(req), body });
    return redirect(`${chatPath(data.shop_id)}#chat-thread`);
  } catch (error) {
    return redirect(back, { type: 'error', message: refusalMessage(error, 401, 404, 422, 429) || t('The given data was invalid.') });
  }
}

type Sent = Redirect | { form: ChatFormState; status: number };

/** The reply form of the open conversation: back to it, else the form with its refusal. */
async function sendMessage(req: PageRequest, shopId: number, form: FormData): Promise<Sent> {
  const message = typed(form, 'message');
  try {
    await apiPost('/send-message', { ...signedInCall(req), body: { shop_id: shopId, message } });
    return redirect(chatPath(shopId));
  } catch (error) {
    const refusal = refusedWith(error, 404, 422, 429);
    // No conversation with this shop (the address was typed): the list says so.
    if (refusal.status === 404) return redirect(CHAT_PATH, { type: 'error', message: refusal.message });
    const kept = message.slice(0, CHAT_MESSAGE_MAX);
    if (refusal.status === 422) return { form: { message: kept, errors: refusal.errors ?? {}, failure: null }, status: 422 };
    return { form: { message: kept, errors: {}, failure: refusal.message }, status: 429 };
  }
}

/**
 * /chat?search=…&page=…&shop=…&thread_page=…: a page of the shopper's conversations (latest
 * first) and, with `shop`, that conversation's messages, which reading marks read. A page
 * number that is no number goes to the first page, one past the end to the last; a `shop`
 * the shopper has no conversation with is Page Not Found. A post is one of the two forms.
 */
export async function loadChatPage(req: PageRequest, now = new Date()): Promise<PageOutcome<ChatPageData>> {
  if (!req.shop.user || !sessionToken(req)) {
    if (req.request.method !== 'POST') return redirect('/');
    const form = await postedForm(req.request);
    return redirect(returnPath(field(form, 'return_to'), '/'), { type: 'error', message: req.shop.t('Please login first!') });
  }
  const params = req.url.searchParams;
  const shopParam = params.get('shop');
  const shopId = shopParam === null ? null : idOf(shopParam);
  if (shopParam !== null && shopId === null) return notFound();

  let form = EMPTY_FORM;
  let status = 200;
  if (req.request.method === 'POST') {
    const posted = await postedForm(req.request);
    const action = field(posted, 'action');
    if (action === 'send' && shopId !== null) {
      const sent = await sendMessage(req, shopId, posted);
      if ('kind' in sent) return sent;
      ({ form, status } = sent);
    } else if (action === 'open') {
      return openConversation(req, posted);
    } else {
      return redirect(shopId === null ? CHAT_PATH : chatPath(shopId), { type: 'error', message: req.shop.t('The given data was invalid.') });
    }
  }

  const posting = req.request.method === 'POST';
  const listPage = parsePageParam(params.get('page'));
  const threadPage = parsePageParam(params.get('thread_page'));
  if ((listPage === null || threadPage === null) && !posting) {
    const url = new URL(req.url);
    if (listPage === null) url.searchParams.delete('page');
    if (threadPage === null) url.searchParams.delete('thread_page');
    return redirect(`${url.pathname}${url.search}`);
  }
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX);

  // The thread first: reading it marks the shop's messages read, which the list then shows.
  let messages: { total: number; data: ChatMessageDto[] } | null = null;
  if (shopId !== null) {
    const query = new URLSearchParams({ shop_id: String(shopId), page: String(threadPage ?? 1), per_page: String(THREAD_PER_PAGE) });
    messages = await apiGet<{ total: number; data: ChatMessageDto[] }>(`/get-message?${query}`, apiCall(req)).catch(nullIfMissing);
    if (!messages) return notFound();
    const past = posting ? null : pastLastPage(req.url, threadPage ?? 1, messages.total, THREAD_PER_PAGE, { param: 'thread_page' });
    if (past) return redirect(past);
  }

  const number = listPage ?? 1;
  const query = new URLSearchParams({ page: String(number), per_page: String(DEFAULT_PER_PAGE) });
  if (search) query.set('search', search);
  const [list, unread] = await Promise.all([
    apiGet<ConversationListDto>(`/get-shops?${query}`, apiCall(req)),
    apiGet<{ unread_messages: number }>('/unread-messages', apiCall(req)).then((answer) => answer.unread_messages),
  ]);
  const past = posting ? null : pastLastPage(req.url, number, list.total, DEFAULT_PER_PAGE);
  if (past) return redirect(past);

  let thread: ChatThread | null = null;
  if (shopId !== null && messages) {
    const found = await conversationIdOf(req, shopId, list.data);
    const current = threadPage ?? 1;
    const hrefFor = (target: number) => {
      const url = new URL(req.url);
      if (target === 1) url.searchParams.delete('thread_page');
      else url.searchParams.set('thread_page', String(target));
      return `${url.pathname}${url.search}#chat-thread`;
    };
    thread = {
      conversationId: found?.id ?? null,
      shop: found ? { id: found.shop.id, name: found.shop.name, logo: found.shop.logo } : await shopOf(req, shopId),
      messages: messages.data.map((message) => messageView(message, req.shop.locale, now)).reverse(),
      total: messages.total,
      earlierHref: current * THREAD_PER_PAGE < messages.total ? hrefFor(current + 1) : null,
      laterHref: current > 1 ? hrefFor(current - 1) : null,
    };
  }

  return page({
    conversations: list.data.map((conversation) => conversationView(conversation, req, now, shopId)),
    total: list.total,
    page: number,
    perPage: DEFAULT_PER_PAGE,
    search,
    thread,
    form,
    status,
    unread,
  });
}

/** The list's address without the open conversation (the phone's "Conversations" link). */
export function listHref(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('shop');
  params.delete('thread_page');
  const query = params.toString();
  return query ? `${CHAT_PATH}?${query}` : CHAT_PATH;
}
