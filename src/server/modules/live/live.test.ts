import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { supportTickets } from '../../db/schema';
import { createShop, createUser, seedBase } from '@tests/fixtures';
import { bearerFor, createTestApp, newShopper, request, type TestApp } from '@tests/support/api';
import type { LiveEventDto, LiveEventKind } from '@/contracts/live';
import { latestEventId, recordLiveEvent, type LiveTarget } from './events';
import { LiveHub } from './hub';
import { LIVE_STREAMS_PER_USER } from './routes';

/**
 * GET /live (docs/decisions/020-support-and-live-updates.md; modules/live): the signed-in
 * user's events, and their shop's, as server-sent events: `ready` first, then each event
 * written while the stream is open (heard through the app's live hub, tests/support/app.ts),
 * never another user's or shop's; a reconnect resumes after Last-Event-ID or ?since=
 * without a gap or a repeat.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(seedBase);
});
afterAll(() => app.close());

type Auth = Record<string, string>;
interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** The server-sent events of a response, read as they come; `next` waits up to `timeoutMs` for one. */
function sseReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  const parsed: SseEvent[] = [];
  const parse = () => {
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', id: undefined, data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue; // a heartbeat
        const colon = line.indexOf(':');
        const [field, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') data.push(value);
      }
      event.data = data.join('\n');
      if (data.length) parsed.push(event);
    }
  };
  async function next(timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (!parsed.length) {
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))));
      const result = await Promise.race([pending, timeout]);
      clearTimeout(timer);
      if (result === 'timeout') throw new Error(`no event within ${timeoutMs} ms`);
      pending = undefined;
      if (result.done) throw new Error('the stream ended');
      buffer += result.value;
      parse();
    }
    return parsed.shift()!;
  }
  return { next, close: () => reader.cancel().catch(() => undefined) };
}

type Stream = ReturnType<typeof sseReader> & { response: Response };
const open: Stream[] = [];

async function openLive(auth: Auth, { lastEventId, since }: { lastEventId?: string; since?: string } = {}): Promise<Stream> {
  const headers: Record<string, string> = { ...auth, ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }) };
  const response = await app.call(`/live${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`, { headers });
  expect(response.status, response.status === 200 ? '' : await response.text()).toBe(200);
  const stream = { response, ...sseReader(response) };
  open.push(stream);
  return stream;
}

/** Ends every stream a test opened, so nothing keeps reading after it. */
async function closeAll() {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
}

const write = async (target: LiveTarget, subject: string, kind: LiveEventKind = 'ticket.message') => {
  await recordLiveEvent(app.db, target, kind, subject);
  return latestEventId(app.db);
};
const dataOf = (event: SseEvent) => JSON.parse(event.data) as LiveEventDto;

/** The events up to and including the one about `subject`. */
async function eventsUntil(stream: Stream, subject: string): Promise<SseEvent[]> {
  const seen: SseEvent[] = [];
  for (;;) {
    const event = await stream.next();
    seen.push(event);
    if (dataOf(event).subject === subject) return seen;
  }
}

async function newShop() {
  const owner = await createUser(app.db);
  const shop = await createShop(app.db, { userId: owner.id });
  return { ownerId: owner.id, shopId: shop.id, auth: await bearerFor(app.db, owner.id) };
}

describe('GET /live', () => {
  it('answers a guest, and a token that signs nobody in, 401', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-real-token' }] as Record<string, string>[]) {
      const answer = await app.json('/live', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('starts with `ready`, then sends an event written after it opened with its id, kind and ids only', async () => {
    const shopper = await newShopper(app.db);
    await write({ userId: shopper.id }, 'BEFORE-OPEN');
    const latest = await latestEventId(app.db);
    const stream = await openLive(shopper.auth);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('private, no-store');
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(JSON.parse(ready.data)).toEqual({ last_id: latest });

    const id = await write({ userId: shopper.id }, 'AFTER-OPEN', 'ticket.status');
    const event = await stream.next();
    expect(event).toEqual({ event: 'ticket.status', id: String(id), data: expect.any(String) });
    expect(dataOf(event)).toEqual({ id, kind: 'ticket.status', subject: 'AFTER-OPEN', shop_id: null });
    await closeAll();
  });

  it("never sends another user's or another shop's events", async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const [mine, theirs] = [await newShop(), await newShop()];
    const stream = await openLive(shopper.auth);
    expect((await stream.next()).event).toBe('ready');
    await write({ userId: other.id }, 'OTHER-USER');
    await write({ shopId: mine.shopId }, 'A-SHOP'); // the shopper owns no shop
    await write({ shopId: theirs.shopId }, 'THEIR-SHOP');
    await write({ userId: mine.ownerId }, 'SHOP-OWNER');
    const ours = await write({ userId: shopper.id }, 'OURS');
    const seen = await eventsUntil(stream, 'OURS');
    expect(seen.map((event) => dataOf(event))).toEqual([{ id: ours, kind: 'ticket.message', subject: 'OURS', shop_id: null }]);
    await closeAll();
  });

  it("sends a shop's owner the shop's events beside their own, as a ticket message written through the API makes them", async () => {
    const shopper = await newShopper(app.db);
    const shop = await newShop();
    const opened = await app.json('/support-ticket', request('POST', shopper.auth, { issue_type: 'Other', subject: 'Live', message: 'First', email: 'ada@example.test' }));
    expect(opened.status).toBe(201);
    const number: string = opened.body.data.support_ticket.ticket_no;
    // Linked to the shop as a ticket about one of its orders is.
    await app.db.update(supportTickets).set({ shopId: shop.shopId }).where(eq(supportTickets.ticketNumber, number));

    const [sellerStream, shopperStream] = [await openLive(shop.auth), await openLive(shopper.auth)];
    for (const stream of [sellerStream, shopperStream]) expect((await stream.next()).event).toBe('ready');
    await write({ userId: shop.ownerId }, 'OWNER-OWN');
    const sent = await app.json('/support-ticket-message', request('POST', shopper.auth, { ticket_number: number, message: 'Hello shop' }));
    expect(sent.status).toBe(200);

    const own = await sellerStream.next();
    expect(dataOf(own)).toMatchObject({ subject: 'OWNER-OWN', shop_id: null });
    const forShop = await sellerStream.next();
    expect(forShop.event).toBe('ticket.message');
    expect(dataOf(forShop)).toMatchObject({ kind: 'ticket.message', subject: number, shop_id: shop.shopId });
    const forShopper = await shopperStream.next();
    expect(dataOf(forShopper)).toMatchObject({ kind: 'ticket.message', subject: number, shop_id: null });
    expect(Number(forShopper.id)).toBeLessThan(Number(forShop.id));
    await closeAll();
  });

  it('resumes after Last-Event-ID or ?since=, sending each later event once', async () => {
    const shopper = await newShopper(app.db);
    const written = [await write({ userId: shopper.id }, 'R-A'), await write({ userId: shopper.id }, 'R-B'), await write({ userId: shopper.id }, 'R-C')];
    const [a, b] = written as [number, number];
    const resumes: [string, { lastEventId?: string; since?: string }, number][] = [
      ['Last-Event-ID', { lastEventId: String(a) }, a],
      ['since', { since: String(a) }, a],
      ['Last-Event-ID before since', { lastEventId: String(b), since: String(a) }, b],
      ['since 0', { since: '0' }, 0],
    ];
    for (const [label, from, after] of resumes) {
      const stream = await openLive(shopper.auth, from);
      const ready = await stream.next();
      expect(JSON.parse(ready.data), label).toEqual({ last_id: after });
      const sentinel = `R-END-${label}`;
      const expected = [...written.filter((id) => id > after)];
      written.push(await write({ userId: shopper.id }, sentinel));
      const seen = await eventsUntil(stream, sentinel);
      expect(
        seen.map((event) => Number(event.id)),
        label,
      ).toEqual([...expected, written.at(-1)]);
      await closeAll();
    }
  });

  it('refuses a Last-Event-ID or since that is not an event id with 422 naming since', async () => {
    const shopper = await newShopper(app.db);
    // 2^31 and above: no event has such an id (a serial), and the database cannot compare one.
    for (const bad of ['abc', '-1', '12345678901', '1.5', '1e3', '0x10', '2147483648', '9999999999']) {
      for (const [label, init, path] of [
        ['header', { headers: { ...shopper.auth, 'Last-Event-ID': bad } }, '/live'],
        ['query', { headers: shopper.auth }, `/live?since=${encodeURIComponent(bad)}`],
      ] as const) {
        const response = await app.call(path, init);
        // A stream opened by mistake is closed at once rather than read for ever.
        if (response.status === 200) await response.body?.cancel();
        expect(response.status, `${label} ${bad}`).toBe(422);
        const body = (await response.json()) as { errors: Record<string, string[]> };
        expect(body.errors, `${label} ${bad}`).toEqual({ since: ['The since field must be a number.'] });
      }
    }
  });

  it(`answers a user's stream beyond ${LIVE_STREAMS_PER_USER} open ones 429, and opens again once one closes`, async () => {
    const [shopper, other] = [await newShopper(app.db), await newShopper(app.db)];
    const streams: Stream[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) streams.push(await openLive(shopper.auth));
    const refused = await app.json('/live', { headers: shopper.auth });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toEqual(expect.any(String));
    // Another user is not held back by it.
    expect((await (await openLive(other.auth)).next()).event).toBe('ready');

    await streams[0]!.close();
    await vi.waitFor(
      async () => {
        const response = await app.call('/live', { headers: shopper.auth });
        if (response.status === 200) open.push({ response, ...sseReader(response) });
        expect(response.status).toBe(200);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect((await app.json('/live', { headers: shopper.auth })).status).toBe(429);
    await closeAll();
  });
});

describe('the live hub (hub.ts)', () => {
  it('sends what was written while its listener was away when it wakes every stream, nothing twice', async () => {
    const shopper = await newShopper(app.db);
    // A hub without a listener: it hears nothing, as while its connection is lost.
    const hub = new LiveHub(app.db, pino({ level: 'warn' }, { write: (line: string) => console.error(line) }));
    const delivered: LiveEventDto[] = [];
    const first = await write({ userId: shopper.id }, 'H-FIRST');
    const stop = hub.subscribe({ userId: shopper.id, shopIds: [] }, first - 1, async (events) => void delivered.push(...events));
    expect(hub.size).toBe(1);
    await vi.waitFor(() => expect(delivered.map((event) => event.id)).toEqual([first]));

    const missed = [await write({ userId: shopper.id }, 'H-MISSED-1'), await write({ userId: shopper.id }, 'H-MISSED-2')];
    hub.wakeAll();
    await vi.waitFor(() => expect(delivered.map((event) => event.id)).toEqual([first, ...missed]));

    // A signal for someone else wakes nothing; a malformed one is ignored; ours reads once.
    const last = await write({ userId: shopper.id }, 'H-LAST');
    hub.signal(JSON.stringify({ user_id: shopper.id + 1, shop_id: null }));
    hub.signal('not json');
    hub.wakeAll();
    hub.signal(JSON.stringify({ user_id: shopper.id, shop_id: null }));
    await vi.waitFor(() => expect(delivered.map((event) => event.id)).toEqual([first, ...missed, last]));
    expect(delivered.map((event) => event.subject)).toEqual(['H-FIRST', 'H-MISSED-1', 'H-MISSED-2', 'H-LAST']);

    stop();
    expect(hub.size).toBe(0);
  });
});
