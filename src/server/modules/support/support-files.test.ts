import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { liveEvents, orders, supportTickets, ticketAttachments, ticketMessages } from '../../db/schema';
import { createShop, createUser, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import { testPicture } from '@tests/support/uploads';
import { moveTicket } from './service';

/**
 * A ticket's files (modules/support/attachments.ts): checked by what they hold, at most 5
 * of 2 MB, a refusal writing nothing; served only through /support-ticket/attachment/{id}
 * to the ticket's shopper and the shop of its order, as downloads nothing can run. Also the
 * rate limits of the ticket calls, and replies racing each other and a close.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(seedBase);
});
afterAll(() => app.close());

type Auth = Record<string, string>;
interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const text = (value: string) => new TextEncoder().encode(value);
const fields = { issue_type: 'Other', subject: 'Broken item', message: 'See the pictures.', email: 'ada@example.test' };

function form(values: Record<string, string>, files: Upload[], key = 'attachments[]'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  for (const file of files) body.append(key, new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  return body;
}
const post = (path: string, auth: Auth, body: FormData) => app.json(path, { method: 'POST', headers: auth, body });
const createWith = (auth: Auth, files: Upload[], extra: Record<string, string> = {}) => post('/support-ticket', auth, form({ ...fields, ...extra }, files));
const get = (path: string, auth: Auth) => app.json(path, request('GET', auth));
const reply = (number: string, auth: Auth, message = 'Any news?') => app.json('/support-ticket-message', request('POST', auth, { ticket_number: number, message }));

const rowsOf = async () => ({
  tickets: (await app.db.select({ n: count() }).from(supportTickets))[0]!.n,
  messages: (await app.db.select({ n: count() }).from(ticketMessages))[0]!.n,
  files: (await app.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
});
const messagesOf = async (number: string) => {
  const [ticket] = await app.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, number));
  return app.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id)).orderBy(asc(ticketMessages.id));
};

async function newShop() {
  const owner = await createUser(app.db);
  const shop = await createShop(app.db, { userId: owner.id });
  return { shopId: shop.id, auth: await bearerFor(app.db, owner.id) };
}

async function orderOf(userId: number, shopId: number): Promise<string> {
  const code = `#TK${randomBytes(4).toString('hex').toUpperCase()}`;
  await app.db.insert(orders).values({ userId, shopId, orderCode: code, address: {}, paymentMethod: 'cash' });
  return code;
}

async function opened(auth: Auth, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await app.json('/support-ticket', request('POST', auth, { ...fields, ...extra }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.support_ticket.ticket_no as string;
}

describe('files sent with a ticket', () => {
  it('keeps a PDF, a PNG and a JPEG with the first message, typed by their content', async () => {
    const shopper = await newShopper(app.db);
    const [png, jpeg] = [await testPicture('png', 8, 6), await testPicture('jpeg', 8, 6)];
    const answer = await createWith(shopper.auth, [
      { name: 'invoice.pdf', bytes: PDF, type: 'application/pdf' },
      { name: 'photo.png', bytes: png, type: 'image/png' },
      { name: 'C:\\Users\\ada\\camera shot.jpeg', bytes: jpeg, type: 'image/jpeg' },
      // A PNG named as a PDF (and declared one) is kept for what it is.
      { name: 'scan.pdf', bytes: png, type: 'application/pdf' },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const number = answer.body.data.support_ticket.ticket_no;
    const shown = (await get(`/support-ticket/show?ticket_number=${number}`, shopper.auth)).body.data.support_ticket;
    const expected = [
      { type: 'pdf', name: 'invoice.pdf', size: PDF.byteLength },
      { type: 'image', name: 'photo.png', size: png.byteLength },
      { type: 'image', name: 'camera shot.jpg', size: jpeg.byteLength },
      { type: 'image', name: 'scan.png', size: png.byteLength },
    ];
    expect(shown.attachments).toEqual(expected.map((file) => ({ ...file, id: expect.any(Number), src: expect.stringMatching(/^\/api\/support-ticket\/attachment\/\d+$/) })));
    expect(shown.messages[0].attachments).toEqual(shown.attachments);
    const stored = await app.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, shown.id)).orderBy(asc(ticketAttachments.id));
    expect(stored.map((file) => file.contentType)).toEqual(['application/pdf', 'image/png', 'image/jpeg', 'image/png']);
    expect(Buffer.from(stored[1]!.bytes).equals(png)).toBe(true);
  });

  it('refuses a fake, too many or too large file with a 4xx naming the field, writing no ticket, message or file', async () => {
    const png = await testPicture('png', 8, 6);
    const pngHeader = png.subarray(0, 16);
    const cases: [string, Upload[], number][] = [
      ['text named .pdf', [{ name: 'notes.pdf', bytes: text('just some text, not a PDF'), type: 'application/pdf' }], 422],
      ['PDF header without its end', [{ name: 'cut.pdf', bytes: text('%PDF-1.7\n1 0 obj <<>> endobj\n'), type: 'application/pdf' }], 422],
      ['HTML named .png', [{ name: 'image.png', bytes: text('<html><script>alert(document.cookie)</script></html>'), type: 'image/png' }], 422],
      ['PNG signature over HTML', [{ name: 'poly.png', bytes: Buffer.concat([pngHeader, text('<script>alert(1)</script>')]), type: 'image/png' }], 422],
      ['6 files', Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF })), 422],
      ['a file over 2 MB', [{ name: 'big.pdf', bytes: Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(2 * 1024 * 1024), text('%%EOF')]) }], 422],
      [
        'a good file beside a bad one',
        [
          { name: 'ok.png', bytes: png },
          { name: 'bad.png', bytes: text('nope') },
        ],
        422,
      ],
      ['a body over the upload limit', [{ name: 'huge.pdf', bytes: new Uint8Array(11 * 1024 * 1024) }], 413],
    ];
    const before = await rowsOf();
    for (const [label, files, status] of cases) {
      // A user of their own each time: every try counts against the create limit.
      const shopper = await newShopper(app.db);
      const answer = await createWith(shopper.auth, files);
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message, label).toEqual(expect.any(String));
      if (status === 422) expect(Object.keys(answer.body.errors), label).toEqual(['attachments']);
      expect(await rowsOf(), label).toEqual(before);
    }
    // A JSON client cannot pass text off as a file.
    const shopper = await newShopper(app.db);
    const json = await app.json('/support-ticket', request('POST', shopper.auth, { ...fields, attachments: ['data:application/pdf;base64,JVBERi0='] }));
    expect(json.status).toBe(422);
    expect(json.body.errors.attachments).toEqual(['The attachments field must be a file.']);
    // A JSON body above the general limit is refused before it is read.
    const bloated = await app.json('/support-ticket', request('POST', shopper.auth, { ...fields, message: 'x'.repeat(1024 * 1024 + 1) }));
    expect(bloated.status).toBe(413);
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a bad file sent with a reply, on the shopper’s form field names, writing nothing', async () => {
    const shopper = await newShopper(app.db);
    const number = await opened(shopper.auth);
    const before = await rowsOf();
    for (const key of ['attachments[]', 'attachment']) {
      const answer = await post(
        '/support-ticket-message',
        shopper.auth,
        form({ ticket_number: number, message: 'Here' }, [{ name: 'x.png', bytes: text('<svg onload=alert(1)>') }], key),
      );
      expect(answer.status, key).toBe(422);
      expect(Object.keys(answer.body.errors), key).toEqual(['attachments']);
    }
    expect(await rowsOf()).toEqual(before);
    const good = await post('/support-ticket-message', shopper.auth, form({ ticket_number: number, message: 'Here' }, [{ name: 'late.pdf', bytes: PDF }], 'attachment'));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.messages.at(-1).attachments).toEqual([expect.objectContaining({ name: 'late.pdf', type: 'pdf' })]);
  });
});

describe('the attachment route', () => {
  it('serves the owner and the order’s shop, as a download nothing runs; anyone else a 404, a guest a 401', async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const [shop, otherShop] = [await newShop(), await newShop()];
    const png = await testPicture('png', 8, 6);
    const order = await orderOf(shopper.id, shop.shopId);
    const answer = await createWith(
      shopper.auth,
      [
        { name: 'invoice "final" été.pdf', bytes: PDF },
        { name: 'photo.png', bytes: png },
      ],
      { order_number: order },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const shown = (await get(`/support-ticket/show?ticket_number=${answer.body.data.support_ticket.ticket_no}`, shopper.auth)).body.data.support_ticket;
    const [pdf, image] = shown.attachments as { id: number; src: string }[];

    const download = await app.call(`/support-ticket/attachment/${pdf!.id}`, { headers: shopper.auth });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="invoice final _t_.pdf"; filename*=UTF-8''invoice%20final%20%C3%A9t%C3%A9.pdf`);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);

    const picture = await app.call(image!.src.replace(/^\/api/, ''), { headers: shopper.auth });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toMatch(/^inline; filename="photo.png"/);
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await picture.arrayBuffer()).equals(png)).toBe(true);

    expect((await app.call(`/support-ticket/attachment/${pdf!.id}`, { headers: shop.auth })).status).toBe(200);
    for (const [who, auth] of [
      ['another shopper', other.auth],
      ['another shop', otherShop.auth],
    ] as const) {
      const refused = await app.json(`/support-ticket/attachment/${pdf!.id}`, request('GET', auth));
      expect(refused.status, who).toBe(404);
      expect(JSON.stringify(refused.body), who).not.toContain('invoice');
    }
    expect((await app.json(`/support-ticket/attachment/${pdf!.id}`)).status).toBe(401);
    expect((await app.json('/support-ticket/attachment/999999999', request('GET', shopper.auth))).status).toBe(404);
    for (const id of ['abc', '-1', '0x10', '99999999999']) expect((await app.json(`/support-ticket/attachment/${id}`, request('GET', shopper.auth))).status, id).toBe(422);
  });
});

describe('rate limits', () => {
  it('answers the 31st message within ten minutes 429 with Retry-After, and writes nothing for it', async () => {
    const shopper = await newShopper(app.db);
    const number = await opened(shopper.auth);
    for (let i = 1; i <= 30; i++) expect((await reply(number, shopper.auth, `Message ${i}`)).status, `message ${i}`).toBe(200);
    const refused = await reply(number, shopper.auth, 'One too many');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.message).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`);
    expect(await messagesOf(number)).toHaveLength(31);
  });

  it('answers the 11th ticket within an hour 429 with Retry-After', async () => {
    const shopper = await newShopper(app.db);
    for (let i = 1; i <= 10; i++) await opened(shopper.auth, { subject: `Ticket ${i}` });
    const before = await rowsOf();
    const refused = await app.json('/support-ticket', request('POST', shopper.auth, fields));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await rowsOf()).toEqual(before);
  });
});

describe('replies at the same time', () => {
  it('lands 10 parallel replies to one ticket exactly once each', async () => {
    const shopper = await newShopper(app.db);
    const number = await opened(shopper.auth);
    const texts = Array.from({ length: 10 }, (_, i) => `Parallel ${i}`);
    const answers = await Promise.all(texts.map((message) => reply(number, shopper.auth, message)));
    expect(answers.map((answer) => answer.status)).toEqual(texts.map(() => 200));
    const stored = (await messagesOf(number)).slice(1).map((row) => row.message);
    expect(stored).toHaveLength(10);
    expect([...stored].sort()).toEqual([...texts].sort());
  });

  it('a reply racing a close lands before the close or is refused: never a message on a closed ticket', async () => {
    const shopper = await newShopper(app.db);
    const outcomes = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const number = await opened(shopper.auth);
      const to = round % 2 ? 'completed' : 'cancel';
      const [answer, move] = await Promise.all([reply(number, shopper.auth, `Racing ${round}`), moveTicket(app.db, 'staff', number, to)]);
      expect(move.kind).toBe('moved');
      outcomes.add(answer.status);
      const messages = await messagesOf(number);
      const events = await app.db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.subject, number), eq(liveEvents.userId, shopper.id)))
        .orderBy(asc(liveEvents.id));
      if (answer.status === 200) {
        expect(messages.map((row) => row.message)).toEqual(['See the pictures.', `Racing ${round}`]);
        // Written in order under the ticket's lock: the reply's event comes before the status change's.
        expect(events.map((event) => event.kind)).toEqual(['ticket.message', 'ticket.message', 'ticket.status']);
      } else {
        expect(answer.status).toBe(422);
        expect(answer.body.errors.message).toEqual(['This support ticket is closed: it takes no new messages.']);
        expect(messages).toHaveLength(1);
        expect(events.map((event) => event.kind)).toEqual(['ticket.message', 'ticket.status']);
      }
    }
    expect([...outcomes].every((status) => status === 200 || status === 422)).toBe(true);
  });
});
