import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { accessTokens } from '../../db/schema';

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

/** The user id behind a live (unexpired, unrevoked) token, or null. */
export async function userIdForToken(db: Db, token: string): Promise<number | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, new Date())))
    .limit(1);
  return row?.userId ?? null;
}

export async function revokeAccessToken(db: Db, token: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(eq(accessTokens.tokenHash, hashToken(token)));
}
