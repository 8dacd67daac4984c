import { isIP } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../http/client-ip';
import { ApiError } from '../../http/errors';
import type { LimitName } from './limits';
import { hit } from './service';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again in {{seconds}} seconds.';

/** The 429 of the error envelope: a translated message and Retry-After in seconds. */
export function tooManyAttempts(c: Context<AppEnv>, seconds: number): ApiError {
  return new ApiError(429, c.var.t(TOO_MANY_ATTEMPTS, { seconds }), undefined, { 'Retry-After': String(seconds) });
}

/** Counts one attempt of `key` against a named limit; over it, throws the 429. */
export async function consume(c: Context<AppEnv>, name: LimitName, key: string): Promise<void> {
  const result = await hit(c.var.db, name, key);
  if (!result.allowed) throw tooManyAttempts(c, result.retryAfter);
}

/**
 * An address as a rate-limit key. IPv6 addresses count by their /64: one subscriber
 * usually holds a whole /64, and could otherwise take a fresh address for every attempt.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0]!;
  if (isIP(plain) !== 6) return address;
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The caller's address, as a key. */
export const clientKey = (c: Context<AppEnv>): string => addressKey(clientAddress(c));

/** A guest visitor, known by their address (an IPv6 /64 is one). */
export const addressVisitorKey = (address: string): string => `ip:${addressKey(address)}`;

/** A signed-in visitor, known by their account. */
export const userVisitorKey = (userId: number): string => `user:${userId}`;

/** Who counts as one visitor: the signed-in user, else the address. */
export const visitorKey = (c: Context<AppEnv>): string => (c.var.userId !== undefined ? userVisitorKey(c.var.userId) : addressVisitorKey(clientAddress(c)));

/** Middleware counting every request against a named limit, by the caller's address unless told otherwise. */
export const rateLimit = (name: LimitName, keyOf: (c: Context<AppEnv>) => string = clientKey) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await consume(c, name, keyOf(c));
    await next();
  });
