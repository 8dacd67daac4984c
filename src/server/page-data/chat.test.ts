import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { apiGet, apiPost } from '../pages/page-api';
import { loadChatPage, listHref } from './chat';
import { notFound, redirect, type PageRequest } from './outcome';
import type { ChatMessageDto, ConversationDto } from '../../contracts/chat';

/**
 * /chat's loader (docs/decisions/020-support-and-live-updates.md) with the API replaced:
 * which calls it makes, the thread's order, where each form's post leads, what a refusal
 * becomes, and what a guest gets.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);

const t = (key: string, values: Record<string, unknown> = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const NOW = new Date('2026-03-01T12:00:00.000Z');

function request(address: string, form?: Record<string, string>, { guest = false } = {}): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const headers: Record<string, string> = guest ? {} : { cookie: 'session=abc-def_1' };
  const init: RequestInit = form ? { method: 'POST', body: new URLSearchParams(form), headers } : { headers };
  const user = guest ? null : { id: 7, name: 'Dana Buyer' };
  return { request: new Request(url, init), url, params: {}, shop: { locale: 'en', currency: null, t, user } as unknown as App.Locals['shop'] };
}

function conversation(id: number, shopId: number, overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id,
    shop: { id: shopId, name: `Shop ${shopId}`, logo: null, rating: 4 },
    user: { id: 7, name: 'Dana Buyer', profile_photo: null },
    product: null,
    order: null,
    last_message: 'Hello',
    last_message_time: '2026-03-01T11:00:00.000Z',
    unread_message_user: 0,
    unread_message_shop: 0,
    ...overrides,
  };
}

function message(id: number, type: 'user' | 'shop', text: string | null, overrides: Partial<ChatMessageDto> = {}): ChatMessageDto {
  return { id, type, message: text, product: null, order: null, is_seen: false, created_at: '2026-03-01T11:58:00.000Z', ...overrides };
}

/** Answers the page's reads by path. */
function answer(routes: Record<string, unknown>) {
  get.mockImplementation((path: string) => {
    const key = Object.keys(routes).find((prefix) => path.startsWith(prefix));
    if (key === undefined) throw new Error(`unexpected GET ${path}`);
    const value = routes[key];
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('/chat', () => {
  it('lists the conversations with what each is about, when, and its unread count', async () => {
    answer({
      '/get-shops': {
        total: 2,
        data: [
          conversation(11, 3, { product: { id: 5, name: 'Lamp', thumbnail: '/l.webp', price: 20, discount_price: 0, rating: 0, total_reviews: '0' }, unread_message_shop: 2 }),
          conversation(12, 4, { order: { id: 9, order_code: '#AB000009', order_status: 'Pending' }, last_message_time: null }),
        ],
      },
      '/unread-messages': { unread_messages: 2 },
    });
    const outcome = await loadChatPage(request('/chat?search=%20Shop%20'), NOW);
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/get-shops?page=1&per_page=10&search=Shop', '/unread-messages']);
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data).toMatchObject({ total: 2, search: 'Shop', thread: null, unread: 2, status: 200 });
    expect(outcome.data.conversations.map((item) => [item.href, item.about, item.unread, item.lastAt?.ago ?? null, item.current])).toEqual([
      ['/chat?search=+Shop+&shop=3', { kind: 'product', name: 'Lamp' }, 2, '1 hour ago', false],
      ['/chat?search=+Shop+&shop=4', { kind: 'order', code: '#AB000009' }, 0, null, false],
    ]);
  });

  it('opens a thread oldest first, reading it before the list, with its conversation id and product prices', async () => {
    const lamp = { id: 5, name: 'Lamp', thumbnail: '/l.webp', price: 20, discount_price: 15, rating: 0, total_reviews: '0' };
    answer({
      '/get-message': { total: 3, data: [message(3, 'shop', 'Yes'), message(2, 'user', 'Is it brass?', { is_seen: true }), message(1, 'user', null, { product: lamp })] },
      '/get-shops': { total: 1, data: [conversation(11, 3)] },
      '/unread-messages': { unread_messages: 0 },
    });
    const outcome = await loadChatPage(request('/chat?shop=3'), NOW);
    expect(get.mock.calls[0]?.[0]).toBe('/get-message?shop_id=3&page=1&per_page=30');
    if (outcome.kind !== 'page') throw new Error('expected the page');
    const thread = outcome.data.thread!;
    expect(thread).toMatchObject({ conversationId: 11, shop: { id: 3, name: 'Shop 3' }, total: 3, earlierHref: null, laterHref: null });
    expect(thread.messages.map((item) => [item.id, item.own, item.message])).toEqual([
      [1, true, null],
      [2, true, 'Is it brass?'],
      [3, false, 'Yes'],
    ]);
    expect(thread.messages[0]?.price).toEqual({ current: 15, was: 20, percentage: 25 });
    expect(outcome.data.conversations[0]?.current).toBe(true);
  });

  it('finds the open conversation beyond the list page, and links to earlier messages', async () => {
    const messages = Array.from({ length: 30 }, (_, index) => message(40 - index, 'shop', `m${40 - index}`));
    get.mockResolvedValueOnce({ total: 45, data: messages });
    get.mockResolvedValueOnce({ total: 1, data: [conversation(11, 3)] });
    get.mockResolvedValueOnce({ unread_messages: 0 });
    get.mockResolvedValueOnce({ total: 2, data: [conversation(11, 3), conversation(12, 8)] });
    const outcome = await loadChatPage(request('/chat?shop=8'), NOW);
    expect(get.mock.calls.map(([path]) => path).at(-1)).toBe('/get-shops?page=1&per_page=100');
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data.thread).toMatchObject({ conversationId: 12, earlierHref: '/chat?shop=8&thread_page=2#chat-thread', laterHref: null });
  });

  it('is Page Not Found for a shop the shopper never wrote to, or a shop that is no id', async () => {
    answer({ '/get-message': new ApiError(404, 'your account is not connected with this shop') });
    expect(await loadChatPage(request('/chat?shop=99'))).toEqual(notFound());
    expect(await loadChatPage(request('/chat?shop=abc'))).toEqual(notFound());
    expect(await loadChatPage(request('/chat?shop=0'))).toEqual(notFound());
  });

  it('sends a page number that is no number to the first page, and one past the end to the last', async () => {
    expect(await loadChatPage(request('/chat?page=abc&search=x'))).toEqual(redirect('/chat?search=x'));
    answer({ '/get-shops': { total: 12, data: [] }, '/unread-messages': { unread_messages: 0 } });
    expect(await loadChatPage(request('/chat?page=5'))).toEqual(redirect('/chat?page=2'));
  });

  it('sends a guest to /, and a guest’s "Message the shop" back to its page with "Please login first!"', async () => {
    expect(await loadChatPage(request('/chat', undefined, { guest: true }))).toEqual(redirect('/'));
    const posted = await loadChatPage(request('/chat', { action: 'open', shop_id: '3', product_id: '5', return_to: '/products/5/details' }, { guest: true }));
    expect(posted).toEqual(redirect('/products/5/details', { type: 'error', message: 'Please login first!' }));
    const elsewhere = await loadChatPage(request('/chat', { action: 'open', shop_id: '3', return_to: 'https://evil.example/' }, { guest: true }));
    expect(elsewhere).toEqual(redirect('/', { type: 'error', message: 'Please login first!' }));
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('POST /chat', () => {
  it('opens the conversation about a product or an order as the shopper, and goes to it', async () => {
    post.mockResolvedValueOnce({ message: 'success', data: { conversation_id: 11, shop_id: 3 } });
    const outcome = await loadChatPage(request('/chat', { action: 'open', shop_id: '3', product_id: '5', order_id: '', return_to: '/products/5/details' }));
    expect(outcome).toEqual(redirect('/chat?shop=3#chat-thread'));
    expect(post).toHaveBeenCalledWith('/store-message', expect.objectContaining({ token: 'abc-def_1', body: { shop_id: '3', product_id: '5' } }));
  });

  it('goes back with the refusal when the shop cannot be messaged', async () => {
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { shop_id: ['You cannot message your own shop.'] }));
    const outcome = await loadChatPage(request('/chat', { action: 'open', shop_id: '3', return_to: '/shops/3' }));
    expect(outcome).toEqual(redirect('/shops/3', { type: 'error', message: 'You cannot message your own shop.' }));
  });

  it('sends a reply, its line breaks as typed (a textarea posts CR LF), and goes back to the conversation', async () => {
    post.mockResolvedValueOnce({ message: 'message sent successfully', data: { data: message(4, 'user', 'Thanks') } });
    expect(await loadChatPage(request('/chat?shop=3', { action: 'send', message: 'Thanks\r\nA lot' }))).toEqual(redirect('/chat?shop=3'));
    expect(post).toHaveBeenCalledWith('/send-message', expect.objectContaining({ body: { shop_id: 3, message: 'Thanks\nA lot' } }));
  });

  it('shows a refused reply with its error by the field (422) or its reason (429), keeping the text', async () => {
    answer({ '/get-message': { total: 0, data: [] }, '/get-shops': { total: 1, data: [conversation(11, 3)] }, '/unread-messages': { unread_messages: 0 } });
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { message: ['The message field is required.'] }));
    const empty = await loadChatPage(request('/chat?shop=3', { action: 'send', message: '  ' }));
    if (empty.kind !== 'page') throw new Error('expected the page');
    expect(empty.data).toMatchObject({ status: 422, form: { message: '  ', errors: { message: ['The message field is required.'] }, failure: null } });

    post.mockRejectedValueOnce(new ApiError(429, 'Too many attempts. Please try again later.'));
    const flood = await loadChatPage(request('/chat?shop=3', { action: 'send', message: 'Again' }));
    if (flood.kind !== 'page') throw new Error('expected the page');
    expect(flood.data).toMatchObject({ status: 429, form: { message: 'Again', errors: {}, failure: 'Too many attempts. Please try again later.' } });
  });

  it('goes to the list when there is no conversation to reply in', async () => {
    post.mockRejectedValueOnce(new ApiError(404, 'your account is not connected with this shop'));
    expect(await loadChatPage(request('/chat?shop=3', { action: 'send', message: 'Hi' }))).toEqual(
      redirect('/chat', { type: 'error', message: 'your account is not connected with this shop' }),
    );
  });
});

describe('listHref', () => {
  it('keeps the search and page, leaving the conversation', () => {
    expect(listHref(new URL('http://shop.test/chat?search=a&page=2&shop=3&thread_page=2'))).toBe('/chat?search=a&page=2');
    expect(listHref(new URL('http://shop.test/chat?shop=3'))).toBe('/chat');
  });
});
