import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { isTrustedProxy, type Peer } from './transport';

/**
 * The address of whoever sent a request, for rate limits and view counting.
 *
 * The API learns the socket's peer from its caller as a Hono binding,
 * `app.fetch(request, { peer })`, never from a header a browser could write:
 * `src/pages/api/[...path].ts` passes Astro's `clientAddress`, and page code calling the
 * API in-process (`page-api.ts`) passes the page request's peer, which the page
 * middleware recorded here. Astro's `clientAddress` is the socket's peer as long as
 * astro.config sets no `security.allowedDomains` (with those Astro itself would believe
 * X-Forwarded-For); X-Forwarded-For is read here, and only from a TRUST_PROXY peer.
 */

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1; IPv6 in lower case. */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/**
 * The client: the socket's peer, unless the peer is a trusted proxy; then the nearest
 * X-Forwarded-For entry that is not itself a trusted proxy, read from the right, since
 * each proxy appends the address it saw and anything further left was written by the
 * client. An entry that is not an IP address ends the walk at the hop before it.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | null | undefined, trustProxy: string | undefined): string | undefined {
  if (!peer) return undefined;
  let client = normalizeAddress(peer);
  if (!forwardedFor) return client;
  const hops = forwardedFor.split(',').map(normalizeAddress);
  while (isTrustedProxy(client, trustProxy)) {
    const hop = hops.pop();
    if (!hop || !isIP(hop)) break;
    client = hop;
  }
  return client;
}

/** Stands in when a caller passed no peer (tests calling the app directly): one shared key. */
export const UNKNOWN_CLIENT = 'unknown';

/** The client address of an API request. */
export function clientAddress(c: Context<AppEnv>): string {
  const peer = (c.env as AppEnv['Bindings'] | undefined)?.peer;
  return resolveClientAddress(peer?.address, c.req.header('x-forwarded-for'), c.var.config.TRUST_PROXY) ?? UNKNOWN_CLIENT;
}

// The peer of each page request, so page code calling the API in-process passes it on.
// A weak map: the entry goes with the request object, nothing outlives the request.
const pagePeers = new WeakMap<Request, Peer>();

/** Called by the page middleware with the page request and its socket's peer. */
export function rememberPagePeer(request: Request, peer: Peer): void {
  pagePeers.set(request, peer);
}

/** The socket's peer of a page request, as the page middleware recorded it. */
export function pagePeer(request: Request): Peer | undefined {
  return pagePeers.get(request);
}
