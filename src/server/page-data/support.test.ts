import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-envelope';
import { TICKET_UPLOAD_MAX_BYTES, type TicketDetailsDto, type TicketDto, type TicketListDto } from '../../contracts/support';
import { apiGet, apiPost } from '../pages/page-api';
import { declaresTooLargeForm, PAGE_FORM_BYTES } from './forms';
import { notFound, redirect, type PageRequest } from './outcome';
import { fileSizeLabel, loadSupportTicketPage, loadSupportTicketsPage } from './support';

/**
 * The support ticket pages' loaders (docs/decisions/020-support-and-live-updates.md) with the API
 * replaced: which calls they make, what the forms forward (fields and files, never an
 * empty file input), where a success leads and what a refusal becomes.
 */
vi.mock('../pages/page-api', () => ({ apiGet: vi.fn(), apiPost: vi.fn() }));

const get = vi.mocked(apiGet);
const post = vi.mocked(apiPost);

const t = (key: string, values: Record<string, unknown> = {}) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
const NUMBER = 'GFKWY5HJG10N';

function request(address: string, params: Record<string, string> = {}, form?: FormData, headers: Record<string, string> = {}): PageRequest {
  const url = new URL(address, 'http://shop.test');
  const init: RequestInit = form ? { method: 'POST', body: form, headers: { cookie: 'session=abc-def_1', ...headers } } : {};
  const user = { id: 7, name: 'Dana Buyer', email: 'dana@example.test', phone: '202 555 0100', phone_code: '1' };
  return { request: new Request(url, init), url, params, shop: { locale: 'en', currency: null, t, user } as unknown as App.Locals['shop'] };
}

function ticket(overrides: Partial<TicketDto> = {}): TicketDto {
  return {
    id: 3,
    ticket_no: NUMBER,
    order_number: null,
    status: 'pending',
    subject: 'Cracked band',
    issue_type: 'Damaged or wrong item',
    created_at: '01 Mar, 2026',
    created_at_iso: '2026-03-01T10:00:00.000Z',
    updated_at_iso: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function details(overrides: Partial<TicketDetailsDto> = {}): TicketDetailsDto {
  const file = { id: 9, type: 'pdf', src: '/api/support-ticket/attachment/9', name: 'receipt.pdf', size: 1536 };
  return {
    ...ticket(),
    user_chat: true,
    email: 'dana@example.test',
    phone: null,
    ticket_schedule_start: null,
    ticket_schedule_end: null,
    attachments: [file],
    messages: [
      {
        id: 1,
        message: 'It broke.\nSee the receipt.',
        created_at: '01 Mar, 2026',
        created_at_iso: '2026-03-01T10:00:00.000Z',
        sender_id: 7,
        sender_name: 'Dana Buyer',
        sender_role: 'customer',
        profile_photo: null,
        is_highlighted: false,
        attachments: [file],
      },
      {
        id: 2,
        message: 'A new one is on its way.',
        created_at: '01 Mar, 2026',
        created_at_iso: '2026-03-01T12:00:00.000Z',
        sender_id: null,
        sender_name: 'Customer Service',
        sender_role: 'staff',
        profile_photo: null,
        is_highlighted: false,
        attachments: [],
      },
    ],
    ...overrides,
  };
}

const LIST: TicketListDto = { total: 3, all: 5, running: 3, completed: 1, cancel: 1, support_tickets: [ticket()] };

/** The three reads of the list page, in the order the loader makes them. */
function listReads(list: TicketListDto = LIST) {
  get.mockImplementation(async (path: string) => {
    if (path.startsWith('/support-tickets')) return list;
    if (path === '/ticket-issue-types') return { issue_types: [{ id: 1, name: 'Damaged or wrong item' }] };
    if (path.startsWith('/orders')) return { orders: [{ order_code: '#TN000026' }] };
    throw new Error(`unexpected ${path}`);
  });
}

function ticketForm(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append('attachments', file);
  return form;
}

const FILLED = { issue_type: 'Damaged or wrong item', subject: 'Cracked band', email: 'dana@example.test', phone: '', order_number: '#TN000026', message: 'It broke.' };

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('/support-tickets', () => {
  it('reads a page of one tab with a tab per status group and its count, and the form with the shopper’s contact', async () => {
    listReads();
    const outcome = await loadSupportTicketsPage(request('/support-tickets?status=running'));
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/support-tickets?page=1&per_page=10&status=running', '/ticket-issue-types', '/orders?page=1&per_page=100']);
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data.tabs.map((tab) => [tab.key, tab.label, tab.count, tab.href, tab.current])).toEqual([
      ['all', 'All', 5, '/support-tickets', false],
      ['running', 'Running', 3, '/support-tickets?status=running', true],
      ['completed', 'Completed', 1, '/support-tickets?status=completed', false],
      ['cancel', 'Cancelled', 1, '/support-tickets?status=cancel', false],
    ]);
    expect(outcome.data).toMatchObject({ total: 3, tab: 'running', page: 1, orderCodes: ['#TN000026'], formOpen: false, status: 200 });
    expect(outcome.data.form).toEqual({ values: { email: 'dana@example.test', phone: '+12025550100' }, errors: {}, failure: null });
  });

  it('opens the form when there is no ticket yet', async () => {
    listReads({ total: 0, all: 0, running: 0, completed: 0, cancel: 0, support_tickets: [] });
    const outcome = await loadSupportTicketsPage(request('/support-tickets'));
    expect(outcome.kind === 'page' && outcome.data.formOpen).toBe(true);
  });

  it('sends an unknown status, a bad page and a page past the end somewhere sensible', async () => {
    expect(await loadSupportTicketsPage(request('/support-tickets?status=open'))).toEqual(redirect('/support-tickets'));
    expect(await loadSupportTicketsPage(request('/support-tickets?status=cancel&page=0'))).toEqual(redirect('/support-tickets?status=cancel'));
    expect(get).not.toHaveBeenCalled();
    listReads();
    expect(await loadSupportTicketsPage(request('/support-tickets?page=3'))).toEqual(redirect('/support-tickets'));
  });

  it('forwards the fields and files as the signed-in shopper and goes to the new ticket with the API’s message', async () => {
    post.mockResolvedValueOnce({ message: 'Support ticket created successfully', data: { support_ticket: ticket() } });
    const pdf = new File(['%PDF-1.4\n%%EOF'], 'receipt.pdf', { type: 'application/pdf' });
    const png = new File([new Uint8Array([0x89, 0x50])], 'photo.png', { type: 'image/png' });
    const outcome = await loadSupportTicketsPage(request('/support-tickets', {}, ticketForm(FILLED, [pdf, png])));
    expect(outcome).toEqual(redirect(`/support-ticket/${NUMBER}`, { type: 'success', message: 'Support ticket created successfully' }));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/support-ticket');
    expect(options.token).toBe('abc-def_1');
    const body = options.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual(FILLED);
    expect(body.getAll('attachments').map((file) => (file as File).name)).toEqual(['receipt.pdf', 'photo.png']);
    expect(get).not.toHaveBeenCalled();
  });

  it('sends no file for an untouched file input', async () => {
    post.mockResolvedValueOnce({ message: '', data: { support_ticket: ticket() } });
    await loadSupportTicketsPage(request('/support-tickets', {}, ticketForm(FILLED, [new File([], '')])));
    expect((post.mock.calls[0]![1].body as FormData).getAll('attachments')).toEqual([]);
  });

  it('shows a refused ticket with its field errors and what was typed, never the files', async () => {
    listReads();
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { attachments: ['The attachments field must be a file of type: jpg, jpeg, png, pdf.'] }));
    const fake = new File(['just text'], 'fake.pdf', { type: 'application/pdf' });
    const outcome = await loadSupportTicketsPage(request('/support-tickets?status=running', {}, ticketForm(FILLED, [fake])));
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data).toMatchObject({ status: 422, formOpen: true, tab: 'running' });
    expect(outcome.data.form).toEqual({ values: FILLED, errors: { attachments: ['The attachments field must be a file of type: jpg, jpeg, png, pdf.'] }, failure: null });
  });

  it('says a post too large to read is too large, and a refusal of the whole form above it', async () => {
    listReads();
    const tooLarge = await loadSupportTicketsPage(request('/support-tickets', {}, ticketForm(FILLED), { 'Content-Length': String(TICKET_UPLOAD_MAX_BYTES + 1) }));
    expect(post).not.toHaveBeenCalled();
    expect(tooLarge.kind === 'page' && tooLarge.data).toMatchObject({ status: 413, form: { failure: 'The upload is too large: at most 5 files of 2 MB each.', errors: {} } });
    post.mockRejectedValueOnce(new ApiError(429, 'Too Many Attempts.'));
    const limited = await loadSupportTicketsPage(request('/support-tickets', {}, ticketForm(FILLED)));
    expect(limited.kind === 'page' && limited.data).toMatchObject({ status: 429, form: { failure: 'Too Many Attempts.', values: FILLED } });
    post.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    await expect(loadSupportTicketsPage(request('/support-tickets', {}, ticketForm(FILLED)))).rejects.toThrow('Server Error');
  });
});

describe('/support-ticket/{number}', () => {
  const at = (number: string, form?: FormData) => request(`/support-ticket/${number}`, { ticketNumber: number }, form);
  const now = new Date('2026-03-01T13:00:00.000Z');

  it('shows the thread oldest first: whose side each message is on, when, and each file’s size', async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    const outcome = await loadSupportTicketPage(at(NUMBER), now);
    expect(get.mock.calls[0]![0]).toBe(`/support-ticket/show?ticket_number=${NUMBER}`);
    if (outcome.kind !== 'page') throw new Error('expected the page');
    expect(outcome.data.messages.map((message) => [message.id, message.own, message.ago])).toEqual([
      [1, true, '3 hours ago'],
      [2, false, '1 hour ago'],
    ]);
    expect(outcome.data.messages[0]!.attachments[0]!.sizeLabel).toBe('1.5 kB');
    expect(outcome.data.status).toBe(200);
  });

  it("answers Page Not Found for a number that cannot be one, an unknown ticket and someone else's", async () => {
    for (const number of ['', 'ABC-123', 'x'.repeat(41), '../orders']) expect(await loadSupportTicketPage(at(number))).toEqual(notFound());
    expect(get).not.toHaveBeenCalled();
    get.mockRejectedValueOnce(new ApiError(404, 'Support ticket not found.'));
    expect(await loadSupportTicketPage(at('ZZZZZZZZZZZZ'))).toEqual(notFound());
    // A post too: answered before its body is read (Page Not Found is rendered at the address).
    get.mockRejectedValueOnce(new ApiError(404, 'Support ticket not found.'));
    const stranger = at('ZZZZZZZZZZZZ', ticketForm({ message: 'Hello?' }));
    expect(await loadSupportTicketPage(stranger)).toEqual(notFound());
    expect(stranger.request.bodyUsed).toBe(false);
    expect(post).not.toHaveBeenCalled();
    get.mockRejectedValueOnce(new ApiError(500, 'Server Error'));
    await expect(loadSupportTicketPage(at(NUMBER))).rejects.toThrow('Server Error');
  });

  it('keeps one address per ticket: another case goes to the number as the API writes it', async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    expect(await loadSupportTicketPage(at(NUMBER.toLowerCase()))).toEqual(redirect(`/support-ticket/${NUMBER}`));
  });

  it('sends a reply with its files and goes back to the new message with the API’s message', async () => {
    get.mockResolvedValueOnce({ support_ticket: details() });
    post.mockResolvedValueOnce({ message: 'Message sent successfully', data: { support_ticket: details() } });
    const pdf = new File(['%PDF-1.4\n%%EOF'], 'more.pdf', { type: 'application/pdf' });
    const outcome = await loadSupportTicketPage(at(NUMBER, ticketForm({ message: 'Thanks!', ticket_number: 'SOMEONEELSE1' }, [pdf])));
    expect(outcome).toEqual(redirect(`/support-ticket/${NUMBER}#message-2`, { type: 'success', message: 'Message sent successfully' }));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/support-ticket-message');
    const body = options.body as FormData;
    // The ticket is the page's, whatever the form says.
    expect([body.get('ticket_number'), body.get('message'), (body.get('attachments') as File).name]).toEqual([NUMBER, 'Thanks!', 'more.pdf']);
  });

  it('sends the text whole, line breaks as the API counts them: a message too long is refused by the API, never cut here', async () => {
    get.mockResolvedValue({ support_ticket: details() });
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { message: ['The message field must not be greater than 5000 characters.'] }));
    const long = `${'x'.repeat(4999)}\r\nyz`;
    const outcome = await loadSupportTicketPage(at(NUMBER, ticketForm({ message: long })));
    expect((post.mock.calls[0]![1].body as FormData).get('message')).toBe(`${'x'.repeat(4999)}\nyz`);
    expect(outcome.kind === 'page' && outcome.data.status).toBe(422);
  });

  it('shows a refused reply with its errors; a ticket closed meanwhile says so instead of the form', async () => {
    get.mockResolvedValue({ support_ticket: details() });
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { message: ['The message field is required.'] }));
    const refused = await loadSupportTicketPage(at(NUMBER, ticketForm({ message: '  ' })));
    expect(refused.kind === 'page' && refused.data).toMatchObject({ status: 422, form: { errors: { message: ['The message field is required.'] }, failure: null } });

    const closed = 'This support ticket is closed: it takes no new messages.';
    post.mockRejectedValueOnce(new ApiError(422, 'The given data was invalid.', { message: [closed] }));
    get.mockResolvedValueOnce({ support_ticket: details() }).mockResolvedValueOnce({ support_ticket: details({ status: 'completed', user_chat: false }) });
    const late = await loadSupportTicketPage(at(NUMBER, ticketForm({ message: 'One more thing' })));
    expect(late.kind === 'page' && late.data).toMatchObject({ status: 422, form: { errors: {}, failure: closed, values: { message: 'One more thing' } } });

    // Gone between the read and the post: the body is read, so the list says so.
    get.mockResolvedValueOnce({ support_ticket: details() });
    post.mockRejectedValueOnce(new ApiError(404, 'Support ticket not found.'));
    expect(await loadSupportTicketPage(at(NUMBER, ticketForm({ message: 'Still there?' })))).toEqual(
      redirect('/support-tickets', { type: 'error', message: 'Support ticket not found.' }),
    );
  });
});

describe('the upload pages’ size rule', () => {
  const declaring = (bytes: number) => new Request('http://shop.test/x', { method: 'POST', headers: { 'Content-Length': String(bytes) } });

  it('lets the ticket forms post their files and no more', () => {
    for (const path of ['/support-tickets', `/support-ticket/${NUMBER}`, '/support-tickets/']) {
      expect(declaresTooLargeForm(declaring(TICKET_UPLOAD_MAX_BYTES), path), path).toBe(false);
      expect(declaresTooLargeForm(declaring(TICKET_UPLOAD_MAX_BYTES + 1), path), path).toBe(true);
    }
    expect(declaresTooLargeForm(declaring(PAGE_FORM_BYTES + 1), `/support-ticket/${NUMBER}/more`)).toBe(true);
  });

  it('writes a file size in the shopper’s language', () => {
    expect(fileSizeLabel(1536, 'en')).toBe('1.5 kB');
    expect(fileSizeLabel(3 * 1024 * 1024, 'en')).toBe('3 MB');
    expect(fileSizeLabel(40, 'en')).toBe('0.1 kB');
  });
});
