import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { accessTokens } from '../../db/schema';
import { invalidateSessions, onInvalidation } from '../../cache';

/** How long a sign-in lasts without being renewed. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new bearer token (32 random bytes); only its SHA-256 is stored. */
export async function issueAccessToken(db: Db, userId: number, name = 'web'): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), name, expiresAt });
  return { token, expiresAt };
}

/**
 * Who a live token signs in, kept per process so that a signed-in shopper's every request
 * does not read it again (docs/decisions/007-auth-model.md, "Sessions kept per process"):
 * - kept for at most SESSION_KEEP_MS, and never past the token's expiry;
 * - dropped, in this process and (NOTIFY) in every other, by every revocation
 *   (`invalidateSessions` after the revoking transaction commits), and a lookup that an
 *   invalidation overtook is not kept;
 * - not kept at all while the other processes' invalidations cannot be heard
 *   (invalidation-listener.ts), so a token revoked elsewhere is refused here after the
 *   NOTIFY's delay at most.
 * Only live tokens are kept: a refused one is read again each time.
 */
const SESSION_KEEP_MS = 30_000;
const MAX_KEPT_SESSIONS = 10_000;
let keptSessions = new WeakMap<object, Map<string, { userId: number; until: number }>>();
let sessionsTrusted = true;
/** Bumped by every invalidation: a lookup that started before one is not kept. */
let sessionsGeneration = 0;

function forgetSessions(): void {
  keptSessions = new WeakMap();
  sessionsGeneration += 1;
}
onInvalidation((areas) => {
  if (areas.includes('sessions')) forgetSessions();
});

/** Whether invalidations from every process reach this one; while not, no session is kept. */
export function setSessionsTrusted(value: boolean): void {
  if (sessionsTrusted === value) return;
  sessionsTrusted = value;
  forgetSessions();
}

/** The user id behind a live (unexpired, unrevoked) token, or null. */
export async function userIdForToken(db: Db, token: string): Promise<number | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const now = Date.now();
  let kept = keptSessions.get(db);
  const hit = kept?.get(tokenHash);
  if (hit && hit.until > now) return hit.userId;
  const generation = sessionsGeneration;
  const [row] = await db
    .select({ userId: accessTokens.userId, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, new Date(now))))
    .limit(1);
  if (!row) return null;
  if (sessionsTrusted && generation === sessionsGeneration) {
    if (!kept) keptSessions.set(db, (kept = new Map()));
    kept.delete(tokenHash);
    kept.set(tokenHash, { userId: row.userId, until: Math.min(now + SESSION_KEEP_MS, row.expiresAt.getTime()) });
    if (kept.size > MAX_KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
  }
  return row.userId;
}

export async function revokeAccessToken(db: Db, token: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(eq(accessTokens.tokenHash, hashToken(token)));
  await invalidateSessions(db);
}
