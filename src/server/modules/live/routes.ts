import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { ApiError, validationError } from '../../http/errors';
import { validQuery } from '../../http/validation';
import { LIVE_READY_EVENT } from '@/contracts/live';
import { requireUser } from '../auth/middleware';
import { audienceOf, latestEventId } from './events';
import type { LiveHub } from './hub';

/**
 * GET /live: the signed-in user's live events as server-sent events
 * (docs/decisions/020-support-and-live-updates.md): theirs, and their shop's when they own
 * one; nobody else's. A stream starts after `Last-Event-ID` (a browser reconnecting) or
 * `?since=` (the last event id the page was rendered with), else after the newest event.
 */

/** A comment this often keeps proxies from closing an idle stream and finds a gone client. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after a drop. */
const RETRY_MS = 2_000;
/** Streams one user may hold open in one process (tabs, devices); more is refused 429. */
export const LIVE_STREAMS_PER_USER = 20;

const EventId = z.string().refine((value) => /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647, { error: 'The {{attribute}} field must be a number.' });
const LiveQuery = z.object({ since: EventId.optional() });

export function liveRoutes(hub: LiveHub) {
  const openByUser = new Map<number, number>();
  return new Hono<AppEnv>().get('/live', requireUser(), validQuery(LiveQuery), async (c) => {
    const userId = c.var.userId!;
    const resumeFrom = c.req.header('last-event-id') ?? c.req.valid('query').since;
    if (resumeFrom !== undefined && !EventId.safeParse(resumeFrom).success) {
      throw validationError({ since: [c.var.t('The {{attribute}} field must be a number.', { attribute: 'since' })] });
    }
    if ((openByUser.get(userId) ?? 0) >= LIVE_STREAMS_PER_USER) throw new ApiError(429, 'Too many open live connections.');
    const audience = await audienceOf(c.var.db, userId);
    const start = resumeFrom !== undefined ? Number(resumeFrom) : await latestEventId(c.var.db);
    openByUser.set(userId, (openByUser.get(userId) ?? 0) + 1);
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      let ended: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (ended = resolve));
      // Writes go one after the other: a heartbeat never splits an event.
      let writing = Promise.resolve();
      const write = (send: () => Promise<void>) => {
        writing = writing.then(send).catch(() => ended());
        return writing;
      };
      stream.onAbort(() => ended());
      await write(() => stream.writeSSE({ event: LIVE_READY_EVENT, data: JSON.stringify({ last_id: start }), retry: RETRY_MS }));
      const unsubscribe = hub.subscribe(audience, start, (events) =>
        write(async () => {
          for (const event of events) await stream.writeSSE({ id: String(event.id), event: event.kind, data: JSON.stringify(event) });
        }),
      );
      const heartbeat = setInterval(() => void write(() => stream.write(': ping\n\n').then(() => undefined)), LIVE_HEARTBEAT_MS);
      try {
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        const open = (openByUser.get(userId) ?? 1) - 1;
        if (open > 0) openByUser.set(userId, open);
        else openByUser.delete(userId);
      }
    });
    // Never kept by a cache or a proxy (streamSSE says only no-cache).
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  });
}
