import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import type { ChatMessageDto, ConversationDto } from '../../contracts/chat';
import type { TicketDetailsDto, TicketListDto } from '../../contracts/support';
import { apiGet, apiPost } from '../pages/page-api';
import { declaresTooLargeForm, PAGE_FORM_BYTES } from './forms';
import { notFound, redirect, type PageRequest } from './outcome';
import { loadSellerConversationPage, loadSellerConversationsPage, loadSellerTicketPage, loadSellerTicketsPage, loadUnreadMessages, SELLER_CHAT_PER_PAGE } from './seller-support';

/**
 * The shop dashboard's support pages' loaders (docs/decisions/020-support-and-live-updates.md)
 * with the API replaced: who may open them, which seller calls they make, what the forms
 * forward, where a success leads and what a refusal becomes.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);
const t = (key: string) => key;
const NUMBER = 'GFKWY5HJG10N';
const NOW = new Date('2026-03-01T12:00:00.000Z');

type Shop = { is_active: boolean; status: string } | null;
function request(
  address: string,
  { shop = { is_active: true, status: 'active' } as Shop, params = {} as Record<string, string>, body = undefined as FormData | URLSearchParams | undefined } = {},
): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const headers = { cookie: 'session=abc-def_1' };
  const init: RequestInit = body ? { method: 'POST', body, headers } : { headers };
  const user = { id: 7, name: 'Sam Seller', shop: shop && { id: 3, name: 'TechNest', logo: null, status_reason: null, ...shop } };
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null, t, user } as unknown as App.Locals['shop'] };
}

const list = (overrides: Partial<TicketListDto> = {}): TicketListDto => ({ total: 1, all: 3, running: 1, completed: 1, cancel: 1, support_tickets: [], ...overrides });

function details(overrides: Partial<TicketDetailsDto> = {}): TicketDetailsDto {
  return {
    id: 3,
    ticket_no: NUMBER,
    order_number: '#TN000012',
    status: 'pending',
    subject: 'Cracked band',
    issue_type: 'Damaged or wrong item',
    created_at: '01 Mar, 2026',
    created_at_iso: '2026-03-01T10:00:00.000Z',
    updated_at_iso: '2026-03-01T10:00:00.000Z',
    user_chat: true,
    email: 'dana@example.test',
    phone: null,
    ticket_schedule_start: null,
    ticket_schedule_end: null,
    attachments: [],
    messages: [message(1, 'customer', 'It broke.'), message(2, 'shop', 'Sorry!')],
    ...overrides,
  };
}

function message(id: number, role: 'customer' | 'shop' | 'staff', text: string): TicketDetailsDto['messages'][number] {
  return {
    id,
    message: text,
    created_at: '01 Mar, 2026',
    created_at_iso: '2026-03-01T11:00:00.000Z',
    sender_id: 7,
    sender_name: role === 'shop' ? 'TechNest' : 'Dana Buyer',
    sender_role: role,
    profile_photo: null,
    is_highlighted: false,
    attachments: [{ id: 9, type: 'pdf', src: '/api/support-ticket/attachment/9', name: 'receipt.pdf', size: 1536 }],
  };
}

function conversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id: 41,
    shop: { id: 3, name: 'TechNest', logo: null, rating: 4 },
    user: { id: 12, name: 'émile Buyer', profile_photo: null },
    product: null,
    order: null,
    last_message: 'Is it blue?',
    last_message_time: '2026-03-01T11:00:00.000Z',
    unread_message_user: 2,
    unread_message_shop: 0,
    ...overrides,
  };
}

const chat = (id: number, type: 'user' | 'shop', text: string): ChatMessageDto => ({
  id,
  type,
  message: text,
  product: null,
  order: null,
  is_seen: false,
  created_at: '2026-03-01T11:00:00.000Z',
});

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('who may open the pages', () => {
  it('sends a user without a shop to registration and the owner of a shop under review to /shop, calling nothing', async () => {
    for (const load of [loadSellerTicketsPage, loadSellerConversationsPage]) {
      expect(await load(request('/shop/tickets', { shop: null }))).toEqual(redirect('/shop/register'));
      expect(await load(request('/shop/tickets', { shop: { is_active: false, status: 'pending' } }))).toEqual(redirect('/shop'));
    }
    expect(await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { shop: null, params: { ticketNumber: NUMBER } }))).toEqual(redirect('/shop/register'));
    expect(await loadSellerConversationPage(request('/shop/messages/12', { shop: null, params: { userId: '12' } }))).toEqual(redirect('/shop/register'));
    expect(get).not.toHaveBeenCalled();
  });

  it('shows no unread count without a shop or when the API refuses', async () => {
    expect(await loadUnreadMessages(request('/shop', { shop: null }))).toBeNull();
    get.mockRejectedValueOnce(new ApiError(403, 'Your shop is not active.'));
    expect(await loadUnreadMessages(request('/shop'))).toBeNull();
    get.mockResolvedValueOnce({ unread_messages: 4 });
    expect(await loadUnreadMessages(request('/shop'))).toBe(4);
    expect(get).toHaveBeenLastCalledWith('/seller/unread-messages', expect.objectContaining({ token: 'abc-def_1' }));
  });
});

describe('/shop/tickets', () => {
  it('reads the tab and page from the address and links every tab with its count', async () => {
    get.mockResolvedValueOnce(list({ total: 11 }));
    const outcome = await loadSellerTicketsPage(request('/shop/tickets?status=running&page=2'));
    expect(get).toHaveBeenCalledWith('/seller/support-tickets?page=2&per_page=10&status=running', expect.objectContaining({ token: 'abc-def_1' }));
    expect(outcome.kind === 'page' && outcome.data.tabs.map(({ key, count, href, current }) => [key, count, href, current])).toEqual([
      ['all', 3, '/shop/tickets', false],
      ['running', 1, '/shop/tickets?status=running', true],
      ['completed', 1, '/shop/tickets?status=completed', false],
      ['cancel', 1, '/shop/tickets?status=cancel', false],
    ]);
  });

  it('tidies an unknown status, a page that is no number and a page past the end', async () => {
    expect(await loadSellerTicketsPage(request('/shop/tickets?status=nope'))).toEqual(redirect('/shop/tickets'));
    expect(await loadSellerTicketsPage(request('/shop/tickets?status=cancel&page=abc'))).toEqual(redirect('/shop/tickets?status=cancel'));
    get.mockResolvedValueOnce(list({ total: 3 }));
    expect(await loadSellerTicketsPage(request('/shop/tickets?page=4'))).toEqual(redirect('/shop/tickets'));
  });
});

describe('/shop/tickets/{number}', () => {
  const params = { ticketNumber: NUMBER };

  it("shows the ticket with the shop's own messages marked; another shop's ticket is Page Not Found", async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    const outcome = await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { params }), NOW);
    expect(get).toHaveBeenCalledWith(`/seller/support-ticket/show?ticket_number=${NUMBER}`, expect.anything());
    expect(outcome.kind === 'page' && outcome.data.messages.map((item) => [item.id, item.own, item.ago, item.attachments[0]?.sizeLabel])).toEqual([
      [1, false, '1 hour ago', '1.5 kB'],
      [2, true, '1 hour ago', '1.5 kB'],
    ]);
    get.mockRejectedValueOnce(new ApiError(404, 'Support ticket not found.'));
    expect(await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { params }))).toEqual(notFound());
    expect(await loadSellerTicketPage(request('/shop/tickets/a-b', { params: { ticketNumber: 'a-b' } }))).toEqual(notFound());
  });

  it('goes to the ticket’s own address for a number typed in another case', async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    expect(await loadSellerTicketPage(request(`/shop/tickets/${NUMBER.toLowerCase()}`, { params: { ticketNumber: NUMBER.toLowerCase() } }))).toEqual(
      redirect(`/shop/tickets/${NUMBER}`),
    );
  });

  it('forwards the reply and its files (never an empty file input) and goes back to the new message', async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    post.mockResolvedValueOnce({ message: 'Message sent successfully', data: { support_ticket: details({ messages: [message(1, 'customer', 'x'), message(5, 'shop', 'y')] }) } });
    const body = new FormData();
    body.set('message', 'On its way.\nTracking soon.');
    body.append('attachments', new File([new Uint8Array([1, 2])], 'label.png', { type: 'image/png' }));
    body.append('attachments', new File([], ''));
    const outcome = await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { params, body }));
    expect(outcome).toEqual(redirect(`/shop/tickets/${NUMBER}#message-5`, { type: 'success', message: 'Message sent successfully' }));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/seller/support-ticket-message');
    const sent = options.body as FormData;
    expect([sent.get('ticket_number'), sent.get('message'), sent.getAll('attachments').map((file) => (file as File).name)]).toEqual([
      NUMBER,
      // A multipart body carries line breaks as CRLF, as a browser sends them.
      'On its way.\r\nTracking soon.',
      ['label.png'],
    ]);
  });

  it('shows a refused reply with its errors and text; a closed ticket says why beside its note', async () => {
    get.mockResolvedValue({ support_ticket: details() });
    post.mockRejectedValueOnce(new ApiError(422, 'invalid', { message: ['The message field is required.'] }));
    const body = new FormData();
    body.set('message', ' ');
    const refused = await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { params, body }));
    expect(refused.kind === 'page' && [refused.data.status, refused.data.form]).toEqual([
      422,
      { values: { message: ' ' }, errors: { message: ['The message field is required.'] }, failure: null },
    ]);

    get.mockResolvedValue({ support_ticket: details({ user_chat: false, status: 'completed' }) });
    post.mockRejectedValueOnce(new ApiError(422, 'invalid', { message: ['This support ticket is closed: it takes no new messages.'] }));
    const again = new FormData();
    again.set('message', 'Late answer');
    const closed = await loadSellerTicketPage(request(`/shop/tickets/${NUMBER}`, { params, body: again }));
    expect(closed.kind === 'page' && closed.data.form).toEqual({
      values: { message: 'Late answer' },
      errors: {},
      failure: 'This support ticket is closed: it takes no new messages.',
    });
  });

  it('lets the reply carry its files: the size rule of ticket uploads', () => {
    const declaring = (bytes: number) => new Request('http://shop.test/', { method: 'POST', headers: { 'content-length': String(bytes) } });
    expect(declaresTooLargeForm(declaring(3 * 1024 * 1024), `/shop/tickets/${NUMBER}`)).toBe(false);
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES + 1), '/shop/messages/12')).toBe(true);
  });
});

describe('/shop/messages', () => {
  it('searches by the shopper’s name and shows each conversation’s initial and time in the page’s language', async () => {
    get.mockResolvedValueOnce({ total: 1, data: [conversation()] });
    const outcome = await loadSellerConversationsPage(request('/shop/messages?search=%20emile%20'), NOW);
    expect(get).toHaveBeenCalledWith('/seller/get-users?page=1&per_page=20&search=emile', expect.objectContaining({ token: 'abc-def_1' }));
    expect(outcome.kind === 'page' && [outcome.data.search, outcome.data.conversations[0]!.initial, outcome.data.conversations[0]!.ago]).toEqual(['emile', 'É', '1 hour ago']);
  });
});

describe('/shop/messages/{userId}', () => {
  const params = { userId: '12' };

  it('shows the newest page oldest first, with links to older messages, and the conversation for its live region', async () => {
    get.mockResolvedValueOnce({ conversation: conversation(), total: SELLER_CHAT_PER_PAGE + 1, data: [chat(3, 'shop', 'Yes'), chat(2, 'user', 'Is it blue?')] });
    const outcome = await loadSellerConversationPage(request('/shop/messages/12', { params }), NOW);
    expect(get.mock.calls.map(([path]) => path)).toEqual([`/seller/get-message?user_id=12&page=1&per_page=${SELLER_CHAT_PER_PAGE}`]);
    if (outcome.kind !== 'page') throw new Error(outcome.kind);
    expect(outcome.data.messages.map((item) => [item.id, item.own])).toEqual([
      [2, false],
      [3, true],
    ]);
    expect([outcome.data.liveSubject, outcome.data.olderHref, outcome.data.newerHref]).toEqual(['41', '/shop/messages/12?page=2', null]);
  });

  it('is Page Not Found without a conversation with this shop, before a post is read', async () => {
    get.mockRejectedValueOnce(new ApiError(404, 'your account is not connected with this shop'));
    const body = new URLSearchParams({ message: 'Hello' });
    expect(await loadSellerConversationPage(request('/shop/messages/12', { params, body }))).toEqual(notFound());
    expect(post).not.toHaveBeenCalled();
    expect(await loadSellerConversationPage(request('/shop/messages/0', { params: { userId: '0' } }))).toEqual(notFound());
  });

  it('sends the answer whole and goes back to it; a refusal keeps the text under its error', async () => {
    get.mockResolvedValue({ conversation: conversation(), total: 1, data: [chat(2, 'user', 'Is it blue?')] });
    post.mockResolvedValueOnce({ message: 'message sent successfully', data: { data: chat(9, 'shop', 'Yes') } });
    const sent = await loadSellerConversationPage(request('/shop/messages/12', { params, body: new URLSearchParams({ message: 'Yes' }) }));
    expect(sent).toEqual(redirect('/shop/messages/12#message-9', { type: 'success', message: 'Message sent successfully' }));
    expect(post).toHaveBeenCalledWith('/seller/send-message', expect.objectContaining({ body: { user_id: 12, message: 'Yes' } }));

    const long = 'x'.repeat(2001);
    post.mockRejectedValueOnce(new ApiError(422, 'invalid', { message: ['The message field must not be greater than 2000 characters.'] }));
    const refused = await loadSellerConversationPage(request('/shop/messages/12', { params, body: new URLSearchParams({ message: long }) }));
    expect(post).toHaveBeenLastCalledWith('/seller/send-message', expect.objectContaining({ body: { user_id: 12, message: long } }));
    expect(refused.kind === 'page' && [refused.data.status, refused.data.form.values.message?.length, refused.data.form.errors.message]).toEqual([
      422,
      2001,
      ['The message field must not be greater than 2000 characters.'],
    ]);
  });
});
