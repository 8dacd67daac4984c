import { BlockList, isIP } from 'node:net';

/**
 * Whether a request reached the shop over HTTPS: the one rule behind Secure cookies and
 * HSTS. A proxy's X-Forwarded-Proto is believed only when the socket's peer is a proxy
 * the operator declared in TRUST_PROXY; anyone else could write that header.
 *
 * Imported by serve.ts, which Node runs without a bundler: keep to erasable TypeScript.
 */

/** The other end of the TCP connection, as the server saw it. */
export interface Peer {
  /** The socket's remote address (undefined when unknown, e.g. in-process calls). */
  address?: string | undefined;
  /** True when this server terminated TLS itself. */
  encrypted: boolean;
}

const proxyLists = new Map<string, BlockList>();

/** TRUST_PROXY ("10.0.0.2", "10.0.0.2, ::1" or "10.0.0.0/8") as a list to match addresses against. */
function proxyList(setting: string): BlockList {
  let list = proxyLists.get(setting);
  if (!list) {
    list = new BlockList();
    for (const entry of setting
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [address = '', prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(address)) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or subnet`);
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
    proxyLists.set(setting, list);
  }
  return list;
}

/** `::ffff:10.0.0.2` (an IPv4 peer on a dual-stack socket) is 10.0.0.2. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Whether the socket peer is a reverse proxy the operator trusts (TRUST_PROXY). */
export function isTrustedProxy(address: string | undefined, trustProxy: string | undefined): boolean {
  if (!address || !trustProxy) return false;
  const plain = plainAddress(address);
  const family = isIP(plain);
  if (!family) return false;
  return proxyList(trustProxy).check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** Checks TRUST_PROXY at start-up, so a typo fails loudly instead of trusting no one. */
export function assertTrustProxy(trustProxy: string | undefined): void {
  if (trustProxy) proxyList(trustProxy);
}

/**
 * HTTPS when this server terminated TLS, or when a trusted proxy says its client used
 * https. A proxy that appends to the header puts its own value last, so the last value
 * is the one the trusted proxy wrote.
 */
export function isHttps(peer: Peer, forwardedProto: string | null | undefined, trustProxy: string | undefined): boolean {
  if (peer.encrypted) return true;
  if (!forwardedProto || !isTrustedProxy(peer.address, trustProxy)) return false;
  return forwardedProto.split(',').at(-1)!.trim().toLowerCase() === 'https';
}

/** Sent with every response served over HTTPS: browsers then refuse plain HTTP for a year. */
export const HSTS_HEADER = 'max-age=31536000';
