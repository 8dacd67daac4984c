import type { Env } from '../env';

/**
 * Where the shop lives, for absolute links (canonical URLs, robots.txt, sitemaps,
 * preview links): SITE_URL, else the address this server listens on. Never the request's
 * Host header, which any client can forge and caches would then keep.
 *
 * Imported by serve.ts, which Node runs without a bundler: keep to erasable TypeScript.
 */
export function publicOrigin(config: Pick<Env, 'SITE_URL' | 'HOST' | 'PORT'>): string {
  if (config.SITE_URL) return new URL(config.SITE_URL).origin;
  return `http://${listenHost(config.HOST)}:${config.PORT}`;
}

/** A host name a browser on this machine can use for the listening address. */
export function listenHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * A browser's cross-site form post (or body-less post): an unsafe method whose Origin is
 * not this site. Browsers always send Origin with such requests; clients without a
 * browser (a mobile app with a Bearer token) send none and are not refused here.
 * `requireOrigin` refuses a missing Origin too (pages, which only browsers post to).
 */
export function isCrossSiteForm(request: { method: string; headers: Headers }, ownOrigins: readonly string[], { requireOrigin }: { requireOrigin: boolean }): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin === null) return requireOrigin;
  if (ownOrigins.includes(origin)) return false;
  const type = request.headers.get('content-type');
  // JSON and other types cannot be sent cross-site without a CORS preflight, which fails.
  return requireOrigin || type === null || FORM_TYPES.test(type.trim());
}

/**
 * The origins a same-site request may carry: the configured public one and this host's
 * (the Host header, which a browser cannot set for another site). Either scheme: behind
 * a TLS proxy not declared in TRUST_PROXY the browser says https while this server sees
 * http, and a form must not break on that.
 */
export function ownOrigins(host: string | null, config: Pick<Env, 'SITE_URL' | 'HOST' | 'PORT'>): string[] {
  const origins = [publicOrigin(config)];
  if (host) origins.push(`http://${host.toLowerCase()}`, `https://${host.toLowerCase()}`);
  return origins;
}
