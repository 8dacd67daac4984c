/**
 * The production HTTP server: security headers on everything, pre-compressed static
 * files with long-lived caching for hashed assets, uploaded images, and the Astro
 * handler (pages and /api) behind on-the-fly compression.
 *
 * Runs directly on Node 24 (type stripping), after `astro build`:
 *   node src/server/http/serve.ts
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import pino, { type Logger } from 'pino';
import sirv from 'sirv';
import { DataDirLockedError, lockDataDir, pgliteDir } from '../db/lock.ts';
import { env } from '../env.ts';
import { excerpt, summarizeError } from './log-safe.ts';
import { listenHost } from './origin.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { countQueries, type QueryTally } from '../db/query-count.ts';
import { assertTrustProxy, HSTS_HEADER, isHttps } from './transport.ts';
import { runShutdownHooks } from '../shutdown.ts';

type Next = (error?: unknown) => void;
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next?: Next) => void;

const ONE_YEAR = 31_536_000;

/**
 * Methods the shop answers. Others never reach Astro: TRACE, TRACK and CONNECT cannot
 * even become a fetch Request (which was a 500), and WebDAV's have no meaning here.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export async function startServer() {
  const config = env();
  assertTrustProxy(config.TRUST_PROXY);
  // The embedded database allows one process per data directory: refuse before listening
  // when another process holds it (the app's own opening of the database joins this lock).
  if (!config.DATABASE_URL) lockDataDir(pgliteDir(config.DATA_DIR));
  const entry = pathToFileURL(path.resolve('dist/server/entry.mjs')).href;
  const { handler: astro } = (await import(entry)) as { handler: Handler };

  const assets = sirv(path.resolve('dist/client'), {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders(res, pathname) {
      // Files under /_astro/ carry a content hash in their name and never change.
      const immutable = pathname.startsWith('/_astro/');
      res.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });
  const uploadsDir = path.resolve(config.DATA_DIR, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  // `dev` makes sirv look files up on each request: uploads appear while the server runs.
  const uploads = sirv(uploadsDir, {
    dev: true,
    etag: true,
    maxAge: 7 * 24 * 3600,
  });
  // A live stream (text/event-stream) goes out as written: compressing it would hold events back.
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }) as unknown as Handler;

  const log = pino({ level: config.LOG_LEVEL });
  const server = http.createServer((req, res) => {
    const tally: QueryTally = { queries: 0 };
    accessLog(log, req, res, tally);
    countQueries(tally, () => handle(req, res));
  });
  // An idle keep-alive connection stays open longer than clients and proxies in front keep
  // theirs (Node's default is 5 s, a load balancer's often 60 s): otherwise a client reusing
  // a connection at the moment the server drops it gets ECONNRESET. Headers may take as long.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const peer = { address: req.socket.remoteAddress, encrypted: 'encrypted' in req.socket && req.socket.encrypted === true };
    if (isHttps(peer, [req.headers['x-forwarded-proto'] ?? []].flat().join(','), config.TRUST_PROXY)) res.setHeader('Strict-Transport-Security', HSTS_HEADER);
    if (!METHODS.has(req.method ?? '')) return refuse(req, res, 405, 'The method is not allowed for this route.', { Allow: [...METHODS].join(', ') });
    // Astro decodes the path to route it and logs an error when it cannot: a client's mistake.
    if (!decodable(req.url ?? '/')) return refuse(req, res, 400, 'The request is malformed.');
    // A path that starts as the API's but resolves elsewhere (`/api/../x`, `/api%5C..%5Cx`)
    // is the API's to refuse, in JSON: never a page.
    if (isApiPath(req.url ?? '/') && !resolvesUnderApi(req.url ?? '/')) return refuse(req, res, 404, 'The requested resource was not found.');
    const fail: Next = (error) => {
      if (error) log.error({ error: summarizeError(error), url: excerpt(req.url ?? '') }, 'request failed');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Server Error');
    };
    // Astro gets no `next`: with none it renders unmatched paths with the 404 page itself.
    const renderPage = () => compress(req, res, (error) => (error ? fail(error) : astro(req, res)));
    const url = req.url ?? '/';
    if (url.startsWith('/uploads/')) {
      req.url = url.slice('/uploads'.length);
      // A missing upload falls through to the pages, which answer with the 404 page.
      return uploads(req, res, () => {
        req.url = url;
        renderPage();
      });
    }
    return assets(req, res, renderPage);
  };

  // Warm the API (database open and migrations) before the first visitor waits for it.
  await fetchSelf(server, config, '/api/master');
  return server;
}

/** Whether the path's percent-escapes decode (`/blog/%E0%A4%A` does not). */
function decodable(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a request is addressed to the API by its raw path: `/api` itself, or `/api`
 * followed by a separator in any spelling (`/`, `\`, `%2F`, `%5C`) or the query.
 */
export function isApiPath(url: string): boolean {
  return /^\/api(?:[/\\?#]|%2f|%5c|$)/i.test(url);
}

/** Whether the path, as the router will resolve it (dot segments, backslashes), stays under /api. */
export function resolvesUnderApi(url: string): boolean {
  const resolved = new URL(url.replace(/\\|%5c/gi, '/'), 'http://localhost').pathname;
  return resolved === '/api' || resolved.startsWith('/api/');
}

/** A refusal before Astro: the JSON envelope under /api, plain text elsewhere. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  const api = isApiPath(req.url ?? '');
  res.writeHead(status, { ...headers, 'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8' });
  res.end(api ? JSON.stringify({ message }) : message);
}

/** One structured line per HTTP request: pages, API and files alike. */
function accessLog(log: Logger, req: http.IncomingMessage, res: http.ServerResponse, tally: QueryTally) {
  const started = performance.now();
  // The client chose the URL: a bounded, escaped excerpt of it.
  const url = excerpt(req.url ?? '');
  res.once('finish', () => {
    const entry = {
      method: req.method,
      url,
      status: res.statusCode,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      // SQL statements the request ran (db/query-count.ts): 0 for files and cached pages.
      queries: tally.queries,
      bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
    };
    if (res.statusCode >= 500) log.error(entry, 'request failed');
    else log.info(entry, 'request');
  });
}

async function fetchSelf(server: http.Server, config: ReturnType<typeof env>, pathname: string) {
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = listenHost(config.HOST);
  console.log(`Storefront listening on http://${host}:${port}`);
  const response = await fetch(`http://${host}:${port}${pathname}`);
  if (!response.ok) console.error(`Warm-up request ${pathname} answered ${response.status}`);
}

if (import.meta.main) {
  const server = await startServer().catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  // No new connections; once the requests under way are answered, the kept views are written (shutdown.ts).
  const stop = () => server.close(() => void runShutdownHooks().finally(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
