import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { liveEvents, orders, outbox, supportTickets, ticketAttachments, ticketIssueTypes, ticketMessages } from '../../db/schema';
import { createShop, createUser, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, randomEmail, request, type TestApp } from '@tests/support/api';
import { moveTicket } from './service';

/**
 * Support tickets (docs/decisions/020-support-and-live-updates.md; modules/support): a
 * shopper opens, lists, reads and answers their own tickets; a ticket about one of their
 * orders is also its shop's, answered under /api/seller. The sender's role is always the
 * server's knowledge of the caller. Someone else's ticket is a 404 like none at all.
 * Files and their route, rate limits and races: support-files.test.ts.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(seedBase);
});
afterAll(() => app.close());

const TICKET_NUMBER = /^[0-9A-HJKMNP-TV-Z]{12}$/;
type Auth = Record<string, string>;

const ticket = (extra: Record<string, unknown> = {}) => ({
  issue_type: 'Payment problem',
  subject: 'Charged twice',
  message: 'My card was charged twice for one order.',
  email: 'ada@example.test',
  ...extra,
});
const create = (auth: Auth, body: Record<string, unknown> = ticket()) => app.json('/support-ticket', request('POST', auth, body));
async function opened(auth: Auth, body: Record<string, unknown> = ticket()): Promise<string> {
  const answer = await create(auth, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.support_ticket.ticket_no as string;
}
const get = (path: string, auth: Auth) => app.json(path, request('GET', auth));
const show = (number: string, auth: Auth, seller = false) => get(`${seller ? '/seller' : ''}/support-ticket/show?ticket_number=${encodeURIComponent(number)}`, auth);
const reply = (number: string, auth: Auth, message = 'Any news?', seller = false, extra: Record<string, unknown> = {}) =>
  app.json(`${seller ? '/seller' : ''}/support-ticket-message`, request('POST', auth, { ticket_number: number, message, ...extra }));

const rowsOf = async () => ({
  tickets: (await app.db.select({ n: count() }).from(supportTickets))[0]!.n,
  messages: (await app.db.select({ n: count() }).from(ticketMessages))[0]!.n,
  files: (await app.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
});
const ticketRow = async (number: string) => (await app.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, number)))[0]!;
const messagesOf = async (number: string) => {
  const { id } = await ticketRow(number);
  return app.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, id)).orderBy(asc(ticketMessages.id));
};
const eventsOf = (subject: string, after = 0) =>
  app.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.subject, subject), gt(liveEvents.id, after)))
    .orderBy(asc(liveEvents.id));

/** A shop and its signed-in owner. */
async function newShop() {
  const owner = await createUser(app.db);
  const name = `Ticket Shop ${randomBytes(3).toString('hex')}`;
  const shop = await createShop(app.db, { userId: owner.id, name });
  return { ownerId: owner.id, shopId: shop.id, name, auth: await bearerFor(app.db, owner.id) };
}

/** An order of `userId` at `shopId`, written directly: its code as checkout writes it ("#" and the shop's prefix). */
async function orderOf(userId: number, shopId: number): Promise<string> {
  const code = `#TK${randomBytes(4).toString('hex').toUpperCase()}`;
  await app.db.insert(orders).values({ userId, shopId, orderCode: code, address: {}, paymentMethod: 'cash' });
  return code;
}

describe('opening a ticket', () => {
  it('answers the TicketDto with a random 12-character number; the first message is the customer’s whatever the body says', async () => {
    const shopper = await newShopper(app.db);
    const someoneElse = await newShopper(app.db);
    const body = ticket({ sender_role: 'staff', type: 'shop', user_id: someoneElse.id, sender_id: someoneElse.id, status: 'completed', phone: '+12025550100' });
    const answer = await create(shopper.auth, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.message).toBe('Support ticket created successfully');
    const dto = answer.body.data.support_ticket;
    expect(dto).toEqual({
      id: expect.any(Number),
      ticket_no: expect.stringMatching(TICKET_NUMBER),
      order_number: null,
      status: 'pending',
      subject: 'Charged twice',
      issue_type: 'Payment problem',
      created_at: expect.any(String),
      created_at_iso: expect.any(String),
      updated_at_iso: expect.any(String),
    });
    expect(new Date(dto.created_at_iso).getTime()).not.toBeNaN();

    const row = await ticketRow(dto.ticket_no);
    expect(row).toMatchObject({ id: dto.id, userId: shopper.id, status: 'pending', shopId: null, email: 'ada@example.test', phone: '+12025550100' });
    const [first, ...rest] = await messagesOf(dto.ticket_no);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ senderRole: 'customer', senderId: shopper.id, message: 'My card was charged twice for one order.' });
    const shown = await show(dto.ticket_no, shopper.auth);
    expect(shown.body.data.support_ticket.messages).toEqual([
      expect.objectContaining({ sender_role: 'customer', sender_id: shopper.id, message: 'My card was charged twice for one order.', attachments: [] }),
    ]);
    // The other shopper named in the body got nothing.
    expect((await get('/support-tickets', someoneElse.auth)).body.data.all).toBe(0);

    const second = await opened(shopper.auth);
    expect(second).toMatch(TICKET_NUMBER);
    expect(second).not.toBe(dto.ticket_no);
  });

  it('takes the issue type by name in any case or by id, and refuses an inactive or unknown one with nothing written', async () => {
    const shopper = await newShopper(app.db);
    const [type] = await app.db.select().from(ticketIssueTypes).where(eq(ticketIssueTypes.name, 'Return and refund'));
    for (const given of ['return AND REFUND', '  Return and refund ', String(type!.id)]) {
      const answer = await create(shopper.auth, ticket({ issue_type: given }));
      expect(answer.status, given).toBe(201);
      expect(answer.body.data.support_ticket.issue_type, given).toBe('Return and refund');
    }
    const [retired] = await app.db
      .insert(ticketIssueTypes)
      .values({ name: `Retired ${randomBytes(3).toString('hex')}`, isActive: false })
      .returning();
    const listed = await get('/ticket-issue-types', shopper.auth);
    expect(listed.body.data.issue_types).toContainEqual({ id: type!.id, name: 'Return and refund' });
    expect(listed.body.data.issue_types.map((issue: { id: number }) => issue.id)).not.toContain(retired!.id);

    const before = await rowsOf();
    for (const given of [retired!.name, String(retired!.id), 'No such problem', 'Return%', '_eturn and refund', '999999']) {
      const answer = await create(shopper.auth, ticket({ issue_type: given }));
      expect(answer.status, given).toBe(422);
      expect(Object.keys(answer.body.errors), given).toEqual(['issue_type']);
    }
    expect(await rowsOf()).toEqual(before);
  });

  it("links a ticket about the shopper's own order to the order's shop, with or without '#'", async () => {
    const shopper = await newShopper(app.db);
    const shop = await newShop();
    const code = await orderOf(shopper.id, shop.shopId);
    for (const given of [code, code.slice(1), code.slice(1).toLowerCase()]) {
      const answer = await create(shopper.auth, ticket({ order_number: given }));
      expect(answer.status, `${given}: ${JSON.stringify(answer.body)}`).toBe(201);
      expect(answer.body.data.support_ticket.order_number).toBe(code);
      expect(await ticketRow(answer.body.data.support_ticket.ticket_no)).toMatchObject({ shopId: shop.shopId, orderNumber: code });
    }
  });

  it("refuses another shopper's order with 422 order_number and writes nothing", async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const shop = await newShop();
    const theirs = await orderOf(other.id, shop.shopId);
    const before = await rowsOf();
    for (const given of [theirs, theirs.slice(1), '#NOSUCH0001']) {
      const answer = await create(shopper.auth, ticket({ order_number: given }));
      expect(answer.status, given).toBe(422);
      expect(answer.body.errors.order_number, given).toEqual(['The selected order number is invalid.']);
    }
    // Both wrong at once: every field is named in one answer.
    const both = await create(shopper.auth, ticket({ order_number: theirs, issue_type: 'nothing like it' }));
    expect(Object.keys(both.body.errors).sort()).toEqual(['issue_type', 'order_number']);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a payload missing its fields with 422 naming each', async () => {
    const shopper = await newShopper(app.db);
    const answer = await create(shopper.auth, { issue_type: 'Other', email: 'not-an-address', phone: '12' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['email', 'message', 'phone', 'subject']);
    expect((await create(shopper.auth, ticket({ message: 'x'.repeat(5001) }))).body.errors).toHaveProperty('message');
  });
});

describe('the list of tickets', () => {
  it('counts each tab, filters by status, pages, and lists only the caller’s', async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) numbers.push(await opened(shopper.auth, ticket({ subject: `Ticket ${i}` })));
    await opened(other.auth);
    expect((await moveTicket(app.db, 'staff', numbers[0]!, 'completed')).kind).toBe('moved');
    expect((await moveTicket(app.db, 'staff', numbers[1]!, 'cancel')).kind).toBe('moved');
    expect((await moveTicket(app.db, 'staff', numbers[2]!, 'confirm')).kind).toBe('moved');

    const all = await get('/support-tickets', shopper.auth);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 5, all: 5, running: 3, completed: 1, cancel: 1 });
    expect(all.body.data.support_tickets.map((t: { ticket_no: string }) => t.ticket_no).sort()).toEqual([...numbers].sort());

    const tabs = { running: [numbers[2], numbers[3], numbers[4]], completed: [numbers[0]], cancel: [numbers[1]], nonsense: numbers };
    for (const [status, expected] of Object.entries(tabs)) {
      const listed = await get(`/support-tickets?status=${status}`, shopper.auth);
      expect(listed.body.data.total, status).toBe(expected.length);
      expect(listed.body.data.all, status).toBe(5);
      expect(listed.body.data.support_tickets.map((t: { ticket_no: string }) => t.ticket_no).sort(), status).toEqual([...expected].sort());
    }

    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await get(`/support-tickets?page=${page}&per_page=2`, shopper.auth)).body.data);
    expect(pages.map((page) => page.support_tickets.length)).toEqual([2, 2, 1]);
    expect(pages.every((page) => page.total === 5)).toBe(true);
    const paged = pages.flatMap((page) => page.support_tickets.map((t: { ticket_no: string }) => t.ticket_no));
    expect(new Set(paged).size).toBe(5);
    expect((await get('/support-tickets?page=4&per_page=2', shopper.auth)).body.data.support_tickets).toEqual([]);

    for (const query of ['page=0', 'page=abc', 'page=-1', 'page=1.5', 'per_page=0', 'per_page=101', 'per_page=1e3']) {
      const answer = await get(`/support-tickets?${query}`, shopper.auth);
      expect(answer.status, query).toBe(422);
      expect(Object.keys(answer.body.errors), query).toEqual([query.split('=')[0]]);
    }
  });
});

describe('reading a ticket', () => {
  it('shows the owner their ticket and its messages; another shopper, an unknown or malformed number get a 404 telling nothing', async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const number = await opened(shopper.auth, ticket({ subject: 'Secret subject', message: 'Secret words' }));
    const own = await show(number.toLowerCase(), shopper.auth);
    expect(own.status).toBe(200);
    expect(own.body.data.support_ticket).toMatchObject({ ticket_no: number, subject: 'Secret subject', user_chat: true, email: 'ada@example.test', attachments: [] });
    expect(own.body.data.highlighted_messages).toEqual([]);
    const messages = await get(`/support-ticket-messages?ticket_number=${number}`, shopper.auth);
    expect(messages.status).toBe(200);
    expect(messages.body.data.messages).toEqual(own.body.data.support_ticket.messages);

    const unknown = number === 'ZZZZZZZZZZZZ' ? 'YYYYYYYYYYYY' : 'ZZZZZZZZZZZZ';
    for (const [label, asked, auth] of [
      ['another shopper', number, other.auth],
      ['unknown', unknown, shopper.auth],
      ['malformed', 'ILOU12345678', shopper.auth],
      ['too short', 'ABC', shopper.auth],
      ['injection', "' or 1=1 --", shopper.auth],
    ] as const) {
      for (const path of [`/support-ticket/show?ticket_number=${encodeURIComponent(asked)}`, `/support-ticket-messages?ticket_number=${encodeURIComponent(asked)}`]) {
        const answer = await get(path, auth);
        expect(answer.status, `${label} ${path}`).toBe(404);
        expect(answer.body).toEqual({ message: 'Support ticket not found.' });
      }
    }
    for (const path of [`/support-ticket/show?ticket_number=${number}`, `/support-ticket-messages?ticket_number=${number}`, '/support-tickets', '/ticket-issue-types']) {
      const guest = await app.json(path);
      expect(guest.status, path).toBe(401);
      expect(JSON.stringify(guest.body)).not.toContain('Secret');
    }
    expect((await get('/support-ticket/show', shopper.auth)).status).toBe(422);
  });
});

describe('writing to a ticket', () => {
  it('adds the message to the thread as the customer’s, whatever role the body claims', async () => {
    const shopper = await newShopper(app.db);
    const number = await opened(shopper.auth);
    const answer = await reply(number, shopper.auth, 'Second message', false, { sender_role: 'staff', type: 'shop', sender_id: 1, user_id: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Message sent successfully');
    expect(answer.body.data.messages.map((m: { message: string; sender_role: string }) => [m.message, m.sender_role])).toEqual([
      ['My card was charged twice for one order.', 'customer'],
      ['Second message', 'customer'],
    ]);
    expect((await messagesOf(number)).map((m) => [m.senderRole, m.senderId])).toEqual([
      ['customer', shopper.id],
      ['customer', shopper.id],
    ]);
    const other = await newShopper(app.db);
    expect((await reply(number, other.auth, 'Let me in')).status).toBe(404);
    expect(await messagesOf(number)).toHaveLength(2);
  });

  it('refuses a message to a completed or cancelled ticket with 422 errors.message and writes nothing', async () => {
    const shopper = await newShopper(app.db);
    for (const status of ['completed', 'cancel'] as const) {
      const number = await opened(shopper.auth);
      expect((await moveTicket(app.db, 'staff', number, status)).kind).toBe('moved');
      const answer = await reply(number, shopper.auth);
      expect(answer.status, status).toBe(422);
      expect(answer.body.errors.message, status).toEqual(['This support ticket is closed: it takes no new messages.']);
      expect(await messagesOf(number), status).toHaveLength(1);
      expect((await show(number, shopper.auth)).body.data.support_ticket).toMatchObject({ status, user_chat: false });
    }
  });

  it('moves a status once: the same move again is unchanged, a forbidden one refused, and only real moves write live events', async () => {
    const shopper = await newShopper(app.db);
    const number = await opened(shopper.auth);
    const [start] = (await eventsOf(number)).slice(-1);
    expect((await moveTicket(app.db, 'staff', number, 'confirm')).kind).toBe('moved');
    expect((await moveTicket(app.db, 'staff', number, 'confirm')).kind).toBe('unchanged');
    expect((await moveTicket(app.db, 'staff', number, 'completed')).kind).toBe('moved');
    expect((await moveTicket(app.db, 'staff', number, 'completed')).kind).toBe('unchanged');
    for (const to of ['pending', 'confirm', 'cancel'] as const) expect((await moveTicket(app.db, 'staff', number, to)).kind, to).toBe('refused');
    expect((await moveTicket(app.db, { userId: shopper.id + 1_000_000 }, number, 'cancel')).kind).toBe('not-found');
    expect((await ticketRow(number)).status).toBe('completed');
    const moves = await eventsOf(number, start!.id);
    expect(moves.map((event) => [event.kind, event.userId, event.shopId])).toEqual([
      ['ticket.status', shopper.id, null],
      ['ticket.status', shopper.id, null],
    ]);
  });
});

describe('the shop’s side (/api/seller)', () => {
  it('lists and shows only the tickets about the shop’s orders; another shop gets 404, a shopper without a shop 403', async () => {
    const shopper = await newShopper(app.db);
    const [mine, theirs] = [await newShop(), await newShop()];
    const about = await opened(shopper.auth, ticket({ order_number: await orderOf(shopper.id, mine.shopId), subject: 'About the shop' }));
    const unrelated = await opened(shopper.auth, ticket({ subject: 'Nothing to do with a shop' }));

    const listed = await get('/seller/support-tickets', mine.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 1, all: 1, running: 1 });
    expect(listed.body.data.support_tickets.map((t: { ticket_no: string }) => t.ticket_no)).toEqual([about]);
    const shown = await show(about, mine.auth, true);
    expect(shown.status).toBe(200);
    expect(shown.body.data.support_ticket).toMatchObject({ ticket_no: about, subject: 'About the shop' });
    expect((await show(unrelated, mine.auth, true)).status).toBe(404);

    expect((await get('/seller/support-tickets', theirs.auth)).body.data).toMatchObject({ all: 0, support_tickets: [] });
    for (const number of [about, unrelated]) {
      expect((await show(number, theirs.auth, true)).status).toBe(404);
      expect((await reply(number, theirs.auth, 'Not my ticket', true)).status).toBe(404);
    }
    expect(await messagesOf(about)).toHaveLength(1);

    for (const path of ['/seller/support-tickets', `/seller/support-ticket/show?ticket_number=${about}`]) {
      expect((await get(path, shopper.auth)).status, path).toBe(403);
      expect((await app.json(path)).status, path).toBe(401);
    }
    expect((await reply(about, shopper.auth, 'As a seller', true)).status).toBe(403);
    expect((await app.json('/seller/support-ticket-message', request('POST', {}, { ticket_number: about, message: 'x' }))).status).toBe(401);
  });

  it('stores the shop’s reply as the shop’s, named after it, and mails the ticket’s address', async () => {
    const shopper = await newShopper(app.db);
    const shop = await newShop();
    const email = randomEmail('ticket');
    const number = await opened(shopper.auth, ticket({ order_number: await orderOf(shopper.id, shop.shopId), email }));
    const answer = await reply(number, shop.auth, 'We are sending a new one.', true, { sender_role: 'staff', type: 'customer' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const last = answer.body.data.messages.at(-1);
    expect(last).toMatchObject({ message: 'We are sending a new one.', sender_role: 'shop', sender_name: shop.name, sender_id: null });
    expect((await messagesOf(number)).at(-1)).toMatchObject({ senderRole: 'shop', senderId: shop.ownerId });
    // The shopper reads the shop's answer in their own thread.
    const thread = (await show(number, shopper.auth)).body.data.support_ticket.messages;
    expect(thread.map((m: { sender_role: string; sender_name: string }) => [m.sender_role, m.sender_name]).at(-1)).toEqual(['shop', shop.name]);

    // The mail goes after the answer, without holding it: polled for.
    await vi.waitFor(async () => expect(await app.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(1), { timeout: 5_000, interval: 50 });
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail!.subject).toContain(number);
    expect(mail!.body).toContain('We are sending a new one.');
    expect(mail!.body).toContain(shop.name);
    expect(mail!.body).toContain(`/support-ticket/${number}`);

    // A shopper's own message mails nobody.
    await reply(number, shopper.auth, 'Thanks!');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await app.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(1);
  });
});

describe('live event rows', () => {
  it('tells the shopper and the order’s shop of a new ticket and of each message; a ticket without an order only the shopper', async () => {
    const shopper = await newShopper(app.db);
    const shop = await newShop();
    const about = await opened(shopper.auth, ticket({ order_number: await orderOf(shopper.id, shop.shopId) }));
    const forBoth = (kind: string) => [
      [kind, shopper.id, null],
      [kind, null, shop.shopId],
    ];
    const shape = (rows: (typeof liveEvents.$inferSelect)[]) => rows.map((row) => [row.kind, row.userId, row.shopId]);
    const created = await eventsOf(about);
    expect(shape(created)).toEqual(forBoth('ticket.message'));

    expect((await reply(about, shopper.auth)).status).toBe(200);
    const afterShopper = await eventsOf(about, created.at(-1)!.id);
    expect(shape(afterShopper)).toEqual(forBoth('ticket.message'));
    expect((await reply(about, shop.auth, 'On it', true)).status).toBe(200);
    const afterShop = await eventsOf(about, afterShopper.at(-1)!.id);
    expect(shape(afterShop)).toEqual(forBoth('ticket.message'));
    await moveTicket(app.db, 'staff', about, 'cancel');
    expect(shape(await eventsOf(about, afterShop.at(-1)!.id))).toEqual(forBoth('ticket.status'));

    const alone = await opened(shopper.auth);
    expect(shape(await eventsOf(alone))).toEqual([['ticket.message', shopper.id, null]]);
    // A refused message tells nobody.
    const closed = await opened(shopper.auth);
    await moveTicket(app.db, 'staff', closed, 'completed');
    const before = (await eventsOf(closed)).length;
    expect((await reply(closed, shopper.auth)).status).toBe(422);
    expect(await eventsOf(closed)).toHaveLength(before);
  });
});
