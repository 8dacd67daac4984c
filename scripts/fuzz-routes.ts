/**
 * Hostile-input run against a running server: every page route (from src/pages) and
 * every API route (from the Hono app) with control characters, NUL, line breaks, long
 * and non-Latin-1 text in path parameters, query strings, cookies and headers, wrong
 * methods and malformed bodies. Reports how many answers were 5xx (the goal is 0) and
 * how many refusals under /api were not the JSON envelope.
 *
 *   npx tsx scripts/fuzz-routes.ts http://127.0.0.1:4455 [--concurrency 4] [--show 50] [--verbose]
 *
 * Run it against a throwaway server: it posts contact messages and login attempts.
 */
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { DEMO_ACCOUNTS } from '../src/lib/demo-accounts';
import { createApp } from '../src/server/app';
import type { Db } from '../src/server/db';
import { parseEnv } from '../src/server/env';

const args = process.argv.slice(2);
const base = new URL(args.find((arg) => /^https?:\/\//.test(arg)) ?? 'http://127.0.0.1:4321');
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const concurrency = Number(option('concurrency') ?? 4);
const verbose = args.includes('--verbose');

/** A request as bytes on the wire: a raw path, any method, any header bytes. */
interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Header values and path sent as raw bytes over a socket (what an HTTP client refuses to send). */
  raw?: boolean;
}

interface Answer {
  status: number;
  contentType: string;
}

// ---------------------------------------------------------------------------------------
// Routes

/** Page routes as URL patterns (`/products/:id/details`), from the files in src/pages. */
function pageRoutes(dir = 'src/pages', prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'api' ? [] : pageRoutes(full, `${prefix}/${name}`);
    const route = name.replace(/\.(astro|ts)$/, '');
    if (route === name) return [];
    const url = route === 'index' ? prefix || '/' : `${prefix}/${route}`;
    return [url.replace(/\[\.\.\.(\w+)\]/g, ':$1').replace(/\[(\w+)\]/g, ':$1')];
  });
}

/** API routes as `[method, pattern]`, read from the Hono app itself (no database needed to list them). */
function apiRoutes(): [string, string][] {
  const app = createApp({ db: {} as Db, config: parseEnv({ APP_ENV: 'test' }), log: pino({ level: 'silent' }) });
  const seen = new Set<string>();
  return app.routes
    .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
    .map((route): [string, string] => [route.method, route.path])
    .filter(([method, pattern]) => !seen.has(`${method} ${pattern}`) && Boolean(seen.add(`${method} ${pattern}`)));
}

// ---------------------------------------------------------------------------------------
// Hostile values

/** Path and query values, already percent-encoded where a client would have to. */
const HOSTILE = [
  '%00',
  '%0A',
  '%0D',
  '%0D%0ASet-Cookie:%20x=1',
  '1%0A',
  '%09',
  '%1B',
  '%7F',
  '%D9%81', // ف: not Latin-1
  '%F0%9F%98%80', // an emoji
  '%ED%A0%80', // an encoded lone surrogate
  '%FF%FE', // not UTF-8
  '%', // broken escape
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'null',
  '%3Cscript%3E',
  "'%20OR%201=1--",
  'x'.repeat(6000),
];

/** Cookie and header values with characters Latin-1 headers cannot carry or that end a header. */
const RAW_HEADER_VALUES = ['ف', '\u0000', 'a\tb', '\u00ff\u00fe', 'x'.repeat(4000), '%0A', '%E0%A4%A', '😀'];

/** The worst of them, for the many query parameters each route is tried with. */
const HOSTILE_SHORT = ['%00', '%0A', '%D9%81', '%ED%A0%80', '%', '-1', 'x'.repeat(6000)];

/** Parameters tried with every hostile value; the rest of QUERY_NAMES with HOSTILE_SHORT. */
const MAIN_QUERY_NAMES = ['search', 'page'];
const QUERY_NAMES = ['search', 'page', 'per_page', 'sort_type', 'category_id', 'brand_id', 'shop_id', 'lang', 'preview', 'rating', 'min_price', 'max_price', 'color_id', 'size_id'];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH'];

const BODIES: [contentType: string, body: string][] = [
  ['application/json', '{"name": "Ada", '],
  ['application/json', '{"name":"a\\u0000","email":"a@b.co","subject":"s","message":"m","phone":"1","password":"p"}'],
  ['application/json', '{"name":"\\ud800","email":"a@b.co","subject":"s","message":"m"}'],
  ['application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
  ['application/json', '{"a":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5001)],
  ['application/json', '{"name":12,"email":[],"subject":{},"message":null,"phone":true,"password":1e309}'],
  ['application/json', 'null'],
  ['application/json', '"\\u0000"'],
  ['application/x-www-form-urlencoded', 'name=a%00&email=a%40b.co&subject=s&message=m&_token=%E0%A4%A'],
  ['application/x-www-form-urlencoded', '%=%&&=&a[]=1&a[]=%00'],
  ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--x--'],
  ['multipart/form-data; boundary=x', 'not multipart at all'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
];

// ---------------------------------------------------------------------------------------
// Probes

function fill(pattern: string, value: string): string {
  return pattern.replace(/:(\w+)\{[^}]*\}|:(\w+)/g, value);
}

function probesFor(pattern: string, { api, routeMethod, sample, session }: { api: boolean; routeMethod: string; sample: string; session: string | undefined }): Probe[] {
  const probes: Probe[] = [];
  const clean = fill(pattern, sample);
  // Signed in (the demo customer's session cookie): account pages render instead of redirecting.
  if (session) {
    const cookie = { Cookie: `session=${session}` };
    for (const value of HOSTILE_SHORT) {
      probes.push({ method: 'GET', path: `${clean}?page=${value}&search=${value}&lang=${value}`, headers: cookie });
      if (pattern.includes(':')) probes.push({ method: 'GET', path: fill(pattern, value), headers: cookie });
    }
    for (const method of METHODS) probes.push({ method, path: clean, headers: { ...cookie, Origin: base.origin } });
  }
  const hasParam = pattern.includes(':');
  if (hasParam) for (const value of HOSTILE) probes.push({ method: routeMethod === 'POST' ? 'POST' : 'GET', path: fill(pattern, value) });
  for (const name of QUERY_NAMES) {
    for (const value of MAIN_QUERY_NAMES.includes(name) ? HOSTILE : HOSTILE_SHORT) probes.push({ method: 'GET', path: `${clean}?${name}=${value}` });
  }
  probes.push({ method: 'GET', path: `${clean}?${QUERY_NAMES.map((name) => `${name}=`).join('&')}` });
  probes.push({ method: 'GET', path: `${clean}?page=1&page=%00&brand_id[]=1&brand_id[]=%0A&%00=1` });
  for (const method of METHODS) probes.push({ method, path: clean });
  for (const value of RAW_HEADER_VALUES) {
    probes.push({ method: 'GET', path: clean, raw: true, headers: { Cookie: `locale=${value}; session=${value}; currency=${value}; XSRF-TOKEN=${value}` } });
    probes.push({ method: 'GET', path: clean, raw: true, headers: { 'Accept-Language': value, 'X-Requested-With': value, Authorization: `Bearer ${value}` } });
    probes.push({
      method: 'POST',
      path: clean,
      raw: true,
      headers: { Cookie: `session=${value}; XSRF-TOKEN=t`, 'X-XSRF-TOKEN': value, 'Content-Type': 'application/json' },
      body: '{}',
    });
  }
  for (const encoded of ['%0A', '%0D%0A', '%00', '%D9%81']) {
    probes.push({ method: 'GET', path: clean, headers: { Cookie: `locale=${encoded}; session=${encoded}; currency=${encoded}` } });
  }
  probes.push({ method: 'GET', path: `${clean}?lang=%D9%81`, raw: true, headers: { Host: 'evil.example' } });
  probes.push({ method: 'GET', path: clean, raw: true, headers: { Host: 'ف' } });
  probes.push({ method: 'GET', path: clean, headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '%0A, 1.2.3.4, ف', 'X-Forwarded-Host': 'evil.example' } });
  const unsafe = api ? routeMethod : 'POST';
  if (api || unsafe === 'POST') {
    for (const [type, body] of BODIES) {
      probes.push({ method: unsafe === 'GET' ? 'POST' : unsafe, path: clean, headers: { 'Content-Type': type, Origin: base.origin }, body });
    }
    probes.push({ method: 'POST', path: clean, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }, body: 'a=1' });
    probes.push({ method: 'POST', path: clean, headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x'.padEnd(60, 'x') }, body: '{}' });
  }
  // A raw byte above 0x7f and a raw control character in the request line itself.
  probes.push({ method: 'GET', path: `${clean}${clean.includes('?') ? '&' : '?'}q=\u00e9`, raw: true });
  return probes;
}

// ---------------------------------------------------------------------------------------
// Sending

function send(probe: Probe): Promise<Answer> {
  const printable = /^[\x21-\x7e]*$/.test(probe.path) && Object.values(probe.headers ?? {}).every((value) => /^[\x20-\x7e]*$/.test(value));
  return probe.raw || !printable ? sendRaw(probe) : sendHttp(probe);
}

function sendHttp(probe: Probe): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method: probe.method, path: probe.path, headers: { Connection: 'close', ...probe.headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? '') }));
      },
    );
    request.on('error', (error) => resolve({ status: -1, contentType: error.message }));
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.end(probe.body);
  });
}

/** Writes the request bytes as given (header values as UTF-8), for what http.request refuses to send. */
function sendRaw(probe: Probe): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const body = probe.body ? Buffer.from(probe.body) : undefined;
    const headers: Record<string, string> = { Host: base.host, Connection: 'close', ...probe.headers };
    if (body) headers['Content-Length'] = String(body.length);
    const head = `${probe.method} ${probe.path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(text.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? -1);
      const contentType = text.match(/\r\ncontent-type: ([^\r\n]*)/i)?.[1] ?? '';
      resolve({ status, contentType });
    });
    socket.write(Buffer.concat([Buffer.from(head, 'utf8'), ...(body ? [body] : [])]));
  });
}

// ---------------------------------------------------------------------------------------

async function sampleValues(): Promise<Record<string, string>> {
  const first = async (apiPath: string, pick: (data: any) => unknown) => {
    try {
      const response = await fetch(new URL(apiPath, base));
      return String(pick(((await response.json()) as { data: unknown }).data) ?? '1');
    } catch {
      return '1';
    }
  };
  let session: string | undefined;
  try {
    const { email, password } = DEMO_ACCOUNTS.customer;
    const response = await fetch(new URL('/api/login', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: email, password }),
    });
    session = ((await response.json()) as { data?: { access?: { token?: string } } }).data?.access?.token;
  } catch {
    session = undefined;
  }
  if (!session) console.log('(could not sign in as the demo customer: signed-in probes skipped)');
  return {
    session: session ?? '',
    product: await first('/api/products?per_page=1', (data) => data.data?.[0]?.id ?? data.products?.data?.[0]?.id),
    blog: await first('/api/blogs?per_page=1', (data) => data.data?.[0]?.slug ?? data.blogs?.data?.[0]?.slug),
    shop: await first('/api/shops?per_page=1', (data) => data.data?.[0]?.slug ?? data.shops?.data?.[0]?.slug),
    category: await first('/api/categories', (data) => (Array.isArray(data) ? data[0]?.slug : data.categories?.[0]?.slug)),
  };
}

function sampleFor(pattern: string, samples: Record<string, string>): string {
  if (/product/.test(pattern)) return samples.product!;
  if (/blog/.test(pattern)) return samples.blog!;
  if (/shop/.test(pattern)) return samples.shop!;
  if (/categor/.test(pattern)) return samples.category!;
  if (/sitemap/.test(pattern)) return 'products';
  return '1';
}

async function main() {
  const samples = await sampleValues();
  const probes: { probe: Probe; api: boolean; route: string }[] = [];
  for (const pattern of pageRoutes()) {
    const sample = pattern.includes('sitemap-') ? '' : sampleFor(pattern, samples);
    const pagePattern = pattern === '/sitemap-:kind-:page.xml' ? '/sitemap-products-:page.xml' : pattern;
    const options = { api: false, routeMethod: 'GET', sample: pattern.includes('sitemap-') ? '1' : sample, session: samples.session || undefined };
    for (const probe of probesFor(pagePattern, options)) probes.push({ probe, api: false, route: pattern });
  }
  for (const [method, pattern] of apiRoutes()) {
    const options = { api: true, routeMethod: method, sample: sampleFor(pattern, samples), session: undefined };
    for (const probe of probesFor(pattern, options)) probes.push({ probe, api: true, route: `${method} ${pattern}` });
  }
  // Paths outside every route, and the bare prefixes.
  for (const value of HOSTILE) {
    probes.push({ probe: { method: 'GET', path: `/api/${value}` }, api: true, route: '(unknown /api path)' });
    probes.push({ probe: { method: 'GET', path: `/${value}` }, api: false, route: '(unknown page)' });
    probes.push({ probe: { method: 'GET', path: `/_astro/${value}` }, api: false, route: '(assets)' });
    probes.push({ probe: { method: 'GET', path: `/uploads/${value}` }, api: false, route: '(uploads)' });
  }
  for (const special of ['*', '//evil.example/', '/api', '/api/', '/%2e%2e/%2e%2e/', '/.env', '/..']) {
    probes.push({ probe: { method: 'GET', path: special, raw: true }, api: special.startsWith('/api/'), route: '(odd paths)' });
  }

  const fiveHundreds: string[] = [];
  const byRoute = new Map<string, number>();
  const statuses = new Map<number, number>();
  const nonJsonApi: string[] = [];
  let done = 0;
  let failed = 0;
  const started = performance.now();
  const queue = [...probes];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { probe, api, route } = item;
        const answer = await send(probe);
        done += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const line = `${answer.status} ${probe.method} ${probe.path.slice(0, 120)}${probe.headers ? ` ${JSON.stringify(probe.headers).slice(0, 160)}` : ''}`;
        if (answer.status >= 500) {
          fiveHundreds.push(line);
          byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
        }
        if (answer.status < 0) failed += 1;
        // Refusals under /api are the JSON envelope (HEAD answers carry no body to judge;
        // a request Node's HTTP parser refuses gets its bare 400 before any route runs).
        const parserRefusal = answer.status === 400 && answer.contentType === '';
        if (api && probe.path.startsWith('/api/') && answer.status >= 400 && probe.method !== 'HEAD' && !parserRefusal && !/json/.test(answer.contentType)) {
          nonJsonApi.push(line);
        }
        if (verbose) console.log(line);
        if (done % 1000 === 0) console.log(`… ${done}/${probes.length}`);
      }
    }),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n${done} requests to ${base.origin} in ${seconds} s (${pageRoutes().length} page routes, ${apiRoutes().length} API routes)`);
  console.log(
    `statuses: ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`,
  );
  console.log(`5xx answers: ${fiveHundreds.length}`);
  for (const [route, n] of [...byRoute].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${route}`);
  for (const line of fiveHundreds.slice(0, Number(option('show') ?? 50))) console.log(`  ${line}`);
  console.log(`refusals under /api that were not JSON: ${nonJsonApi.length}`);
  for (const line of nonJsonApi.slice(0, 20)) console.log(`  ${line}`);
  if (failed) console.log(`connections that got no HTTP answer: ${failed}`);
  process.exitCode = fiveHundreds.length || nonJsonApi.length ? 1 : 0;
}

await main();
