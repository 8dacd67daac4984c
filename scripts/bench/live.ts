/**
 * The live section of `npm run bench` (docs/decisions/020-support-and-live-updates.md), on a
 * PostgreSQL cluster of its own (bench/postgres.ts; the seed is made once and copied for
 * each run, so rate-limit counters start empty): two server processes, A and B.
 *
 * 1. A holds IDLE_STREAMS idle live streams (GET /api/live, server-sent events, 10 per
 *    signed-in user); A's resident memory before and after gives the memory per stream.
 * 2. While A holds them, SENDERS shoppers each open their stream on B and post a message to
 *    their own support ticket through A, one per second each: RATE messages a second in all.
 *    The delay from the post's start to the event on B's stream: p50 and p95.
 *
 * Written to latest.json's `live`.
 */
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './catalogue.ts';
import { table } from './report.ts';
import { prepareData, startServer, type RunningServer } from './server.ts';
import { startCluster } from './postgres.ts';
import { signInShoppers, withDatabase, type Shopper } from './shoppers.ts';

export interface LiveBenchOptions {
  live: boolean;
}

const IDLE_STREAMS = 1_000;
const STREAMS_PER_USER = 10;
const SENDERS = 50;
const RATE = 50;
const SECONDS = 10;

export interface LiveResult {
  database: 'postgresql';
  idleStreams: number;
  rssBeforeMb: number | null;
  rssAfterMb: number | null;
  kbPerStream: number | null;
  messages: number;
  messagesPerSecond: number;
  delivered: number;
  delayP50Ms: number;
  delayP95Ms: number;
  delayMaxMs: number;
  /** How long the post itself took (A's answer): the rest of the delay is the NOTIFY and B's stream. */
  postP50Ms: number;
  postP95Ms: number;
}

interface Stream {
  /** Resolves at the stream's `ready` event. */
  ready: Promise<void>;
  /** Called with each event's receive time (performance.now()). */
  onEvent(listener: (at: number) => void): void;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** An SSE stream read with node:http (one socket each, as a browser's EventSource). */
function openStream(origin: string, token: string): Stream {
  const listeners: ((at: number) => void)[] = [];
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const request = http.get(`${origin}/api/live`, { agent, headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } }, (response) => {
    if (response.statusCode !== 200) {
      rejectReady(new Error(`GET /api/live answered ${response.statusCode}`));
      response.resume();
      return;
    }
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name === 'ready') resolveReady();
        else if (name?.startsWith('ticket.')) for (const listener of listeners) listener(at);
      }
    });
  });
  request.on('error', (error) => rejectReady(error));
  return { ready, onEvent: (listener) => listeners.push(listener), close: () => request.destroy() };
}

async function post(origin: string, token: string, pathName: string, body: unknown, took: number[]): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}/api${pathName}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  took.push(performance.now() - started);
  return response.status;
}

const mb = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / 1024 / 1024) * 10) / 10);

async function measure(a: RunningServer, b: RunningServer, idle: Shopper[], senders: Shopper[]): Promise<LiveResult> {
  // Each sender's ticket, opened before its stream, so the stream counts only the messages.
  const tickets = await Promise.all(
    senders.map(async (sender) => {
      const response = await fetch(`${a.origin}/api/support-ticket`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ issue_type: 'Other', subject: 'Bench', message: 'Opening the bench ticket.', email: sender.email }),
      });
      const body = (await response.json()) as { data?: { support_ticket?: { ticket_no: string } } };
      if (response.status !== 201) throw new Error(`opening a bench ticket answered ${response.status}`);
      return body.data!.support_ticket!.ticket_no;
    }),
  );

  await sleep(1_000);
  const rssBefore = a.rssBytes();
  const idleStreams: Stream[] = [];
  for (const shopper of idle) for (let index = 0; index < STREAMS_PER_USER; index++) idleStreams.push(openStream(a.origin, shopper.token));
  await Promise.all(idleStreams.map((stream) => stream.ready));
  await sleep(2_000);
  const rssAfter = a.rssBytes();
  console.log(`  ${idleStreams.length} idle streams held by A: ${mb(rssBefore)} MB → ${mb(rssAfter)} MB resident`);

  const listening = senders.map((sender) => openStream(b.origin, sender.token));
  await Promise.all(listening.map((stream) => stream.ready));
  const sentAt: number[][] = senders.map(() => []);
  const delays: number[] = [];
  listening.forEach((stream, index) => {
    let received = 0;
    stream.onEvent((at) => {
      const sent = sentAt[index]![received++];
      if (sent !== undefined) delays.push(at - sent);
    });
  });

  // RATE messages a second, spread evenly: sender i posts at i/RATE seconds into each second.
  const started = performance.now();
  const posts: Promise<number>[] = [];
  const took: number[] = [];
  for (let second = 0; second < SECONDS; second++) {
    for (const [index, sender] of senders.entries()) {
      const due = started + (second + index / RATE) * 1_000;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[index]!.push(performance.now());
      posts.push(post(a.origin, sender.token, '/support-ticket-message', { ticket_number: tickets[index], message: `Bench message ${second + 1}` }, took));
    }
  }
  const statuses = await Promise.all(posts);
  const failed = statuses.filter((status) => status !== 200).length;
  if (failed) console.warn(`  ${failed} of ${statuses.length} bench messages were refused`);
  const elapsed = (performance.now() - started) / 1_000;
  const deadline = performance.now() + 10_000;
  while (delays.length < statuses.length - failed && performance.now() < deadline) await sleep(50);
  for (const stream of [...idleStreams, ...listening]) stream.close();

  const sorted = [...delays].sort((x, y) => x - y);
  const postTimes = [...took].sort((x, y) => x - y);
  return {
    database: 'postgresql',
    idleStreams: idleStreams.length,
    rssBeforeMb: mb(rssBefore),
    rssAfterMb: mb(rssAfter),
    kbPerStream: rssBefore !== null && rssAfter !== null ? Math.round(((rssAfter - rssBefore) / 1024 / idleStreams.length) * 10) / 10 : null,
    messages: statuses.length,
    messagesPerSecond: Math.round((statuses.length / elapsed) * 10) / 10,
    delivered: delays.length,
    delayP50Ms: Math.round(percentile(sorted, 50)),
    delayP95Ms: Math.round(percentile(sorted, 95)),
    delayMaxMs: Math.round(sorted.at(-1) ?? 0),
    postP50Ms: Math.round(percentile(postTimes, 50)),
    postP95Ms: Math.round(percentile(postTimes, 95)),
  };
}

export async function liveSection(context: { resultsDir: string; buildRoot: string }): Promise<LiveResult> {
  console.log('\nLive updates (PostgreSQL, two processes)');
  const root = path.join(context.resultsDir, 'live');
  const cluster = await startCluster(path.join(root, 'postgres-cluster'), false);
  const template = await cluster.database('live_template');
  await prepareData(path.join(root, 'template'), { products: 50, fresh: false }, template);
  const databaseUrl = await cluster.copyDatabase('live_template', 'live_run');
  const target = { dataDir: path.join(root, 'data'), databaseUrl };
  const idleEmails = Array.from({ length: IDLE_STREAMS / STREAMS_PER_USER }, (_, index) => `live-idle-${index + 1}@example.test`);
  const senderEmails = Array.from({ length: SENDERS }, (_, index) => `live-sender-${index + 1}@example.test`);
  const [idle, senders] = await withDatabase(target, async (db) => [
    await signInShoppers(db, idleEmails, { address: false }),
    await signInShoppers(db, senderEmails, { address: false }),
  ]);
  const a = await startServer(path.join(root, 'data-a'), root, { databaseUrl, buildRoot: context.buildRoot, name: 'live-a' });
  try {
    const b = await startServer(path.join(root, 'data-b'), root, { databaseUrl, buildRoot: context.buildRoot, name: 'live-b' });
    try {
      const result = await measure(a, b, idle, senders);
      console.log(liveTable(result));
      return result;
    } finally {
      await b.stop();
    }
  } finally {
    await a.stop();
    await cluster.stop();
  }
}

export function liveTable(result: LiveResult): string {
  return table(
    ['live (PostgreSQL)', 'value'],
    [
      ['idle streams held by one process', String(result.idleStreams)],
      ['its resident memory before → after', `${result.rssBeforeMb} MB → ${result.rssAfterMb} MB`],
      ['memory per idle stream', result.kbPerStream === null ? 'n/a' : `${result.kbPerStream} KB`],
      ['messages sent through A (per second)', `${result.messages} (${result.messagesPerSecond}/s)`],
      ['shown on the streams of B', String(result.delivered)],
      ['delay sent → shown on B: p50 / p95 / max', `${result.delayP50Ms} / ${result.delayP95Ms} / ${result.delayMaxMs} ms`],
      ['of which the post through A: p50 / p95', `${result.postP50Ms} / ${result.postP95Ms} ms`],
    ],
  );
}
